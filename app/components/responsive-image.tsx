import { parseUploadUrl } from "../../shared/lib/image-url";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

interface ResponsiveImageProps {
  src: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  /** Above the fold: load at once with high priority (the first banner); otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/** The srcset of an uploaded image (its copies), or undefined for any other URL. */
export function uploadSrcSet(src: string | null | undefined): string | undefined {
  const info = src ? parseUploadUrl(src) : null;
  return info ? info.variants.map((v) => `${v.url} ${v.width}w`).join(", ") : undefined;
}

/**
 * The one image component. Uploaded images get width/height (no layout shift) and a srcset of the copies
 * the server made; other URLs are shown as they are. A missing image shows the local placeholder; one that
 * fails to load is swapped for it by app/enhance/image-fallback.ts (`data-fallback`).
 */
export function ResponsiveImage({ src, alt, sizes, priority = false, className }: ResponsiveImageProps) {
  const info = src ? parseUploadUrl(src) : null;
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      srcSet={uploadSrcSet(src)}
      sizes={info ? sizes : undefined}
      width={info?.width ?? 1200}
      height={info?.height ?? 800}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      data-fallback={PLACEHOLDER_IMAGE}
      className={className}
    />
  );
}
