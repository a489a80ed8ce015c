import { useEffect, useRef, useState } from "react";
import { parseUploadUrl } from "../../shared/lib/image-url";

const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

interface ResponsiveImageProps {
  src: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  /** Above the fold: load at once with high priority (the first banner); otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/**
 * The one image component. Uploaded images get width/height (no layout shift) and a srcset of the copies
 * the server made; other URLs are shown as they are. A missing or broken image shows the local placeholder.
 */
export function ResponsiveImage({ src, alt, sizes, priority = false, className }: ResponsiveImageProps) {
  // Remembers which src failed, so a new src gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc !== null && failedSrc === src;
  const setFailed = () => setFailedSrc(src ?? null);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailedSrc(img.getAttribute("src"));
  }, []);

  const info = src ? parseUploadUrl(src) : null;
  const usable = src && !failed;
  return (
    <img
      ref={ref}
      src={usable ? src : PLACEHOLDER_IMAGE}
      srcSet={usable && info ? info.variants.map((v) => `${v.url} ${v.width}w`).join(", ") : undefined}
      sizes={usable && info ? sizes : undefined}
      width={info?.width ?? 1200}
      height={info?.height ?? 800}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      onError={setFailed}
      className={className}
    />
  );
}
