/**
 * A picture that fails to load (deleted upload, network) shows the local placeholder instead
 * (`<img data-fallback="/images/placeholder.svg">`, app/components/responsive-image.tsx). Error events do
 * not bubble, so one listener catches them on the way down; images that failed before this script ran are
 * found by looking at them once.
 */
export function watchImageFallbacks(document: Document): void {
  const showPlaceholder = (img: HTMLImageElement) => {
    const fallback = img.dataset.fallback;
    if (!fallback || img.getAttribute("src") === fallback) return;
    img.removeAttribute("srcset");
    img.removeAttribute("sizes");
    img.src = fallback;
  };
  document.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) showPlaceholder(event.target);
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>("img[data-fallback]")) {
    if (img.complete && img.naturalWidth === 0 && img.currentSrc) showPlaceholder(img);
  }
}
