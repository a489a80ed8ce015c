import { dataModule } from "../../enhance/data-module";
import { ArrowRightIcon, CloseIcon } from "../icons";
import { PLACEHOLDER_IMAGE, ResponsiveImage, uploadSrcSet } from "../responsive-image";

function imageAlt(name: string, index: number, count: number): string {
  return count > 1 ? `${name}, image ${index + 1} of ${count}` : name;
}

const MAIN_SIZES = "(min-width: 1280px) 620px, (min-width: 1024px) 50vw, 100vw";

/**
 * The product's pictures: a main image and thumbnails (main image first, then the additional ones).
 * Drawn on the server; the `gallery` module (./gallery.enhance.ts) makes a thumbnail show its picture
 * as the main one and the main image open a full-screen view. Without JavaScript each thumbnail is a link
 * to its picture, so every picture can still be seen.
 */
export function ProductGallery({ images, alts = [], name }: { images: string[]; alts?: string[]; name: string }) {
  const pictures = images.length > 0 ? images : [""]; // "" shows the placeholder
  const count = pictures.length;
  // Each picture's alt text as staff wrote it (shared/content/alt-text.ts). A gallery's pictures are its
  // content, and the zoom button is named by them: one marked decorative is described by the product's name.
  const altAt = (i: number) => alts[i] || imageAlt(name, i, count);
  return (
    <div {...dataModule("gallery")} data-gallery>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Zoom: ${altAt(0)}`}
        className="group relative block aspect-[4/3] w-full cursor-zoom-in overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 noscript:cursor-default"
        data-main-image
      >
        <ResponsiveImage src={pictures[0]} alt={altAt(0)} sizes={MAIN_SIZES} priority className="h-full w-full object-cover" />
        <span
          aria-hidden="true"
          className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1.5 text-xs font-semibold text-brand-700 shadow transition group-hover:bg-white noscript:hidden"
        >
          <ZoomIcon />
          Zoom
        </span>
      </button>
      {count > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-5" aria-label="Product images">
          {pictures.map((src, i) => (
            <li key={`${src}-${String(i)}`}>
              <a
                href={src || PLACEHOLDER_IMAGE}
                aria-label={`Show image ${i + 1} of ${count}`}
                data-current={i === 0}
                data-thumbnail
                data-src={src || PLACEHOLDER_IMAGE}
                data-srcset={uploadSrcSet(src)}
                data-alt={altAt(i)}
                className="block aspect-[4/3] w-full overflow-hidden rounded-md border-2 border-transparent bg-slate-100 opacity-80 transition hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 data-[current=true]:border-brand-700 data-[current=true]:opacity-100"
              >
                <ResponsiveImage src={src} alt="" sizes="120px" className="h-full w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <ZoomDialog pictures={pictures} name={name} firstAlt={altAt(0)} />
    </div>
  );
}

function ZoomIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m21 21-4.3-4.3M11 8v6M8 11h6" />
    </svg>
  );
}

/**
 * The full-screen view: a modal dialog (the rest of the page is inert) that closes with its Close button,
 * Escape, or a click outside the picture. Its picture loads only when it opens (a closed dialog's lazy
 * image is not fetched).
 */
function ZoomDialog({ pictures, name, firstAlt }: { pictures: string[]; name: string; firstAlt: string }) {
  const count = pictures.length;
  const button =
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md bg-white/10 px-3 font-semibold text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  return (
    <dialog
      aria-modal="true"
      aria-labelledby="zoom-title"
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950"
      data-zoom
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-3 px-4 py-3">
          <h2 id="zoom-title" className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">
            {name}
            {count > 1 && (
              <span className="font-normal text-slate-300">
                {" "}
                – image <span data-zoom-number>1</span> of {count}
              </span>
            )}
          </h2>
          <button type="button" className={button} data-zoom-close>
            <CloseIcon className="h-5 w-5" />
            Close
          </button>
        </div>
        <div className="flex min-h-0 flex-1 items-center justify-center p-4 sm:p-8" data-zoom-backdrop>
          <ResponsiveImage
            src={pictures[0]}
            alt={firstAlt}
            sizes="100vw"
            className="h-auto max-h-full w-auto max-w-full rounded object-contain"
          />
        </div>
        {count > 1 && (
          <div className="flex items-center justify-center gap-4 px-4 pb-4">
            <button type="button" className={button} data-zoom-step="-1">
              <ArrowRightIcon className="h-5 w-5 rotate-180" />
              Previous
            </button>
            <span className="text-sm text-slate-300" aria-hidden="true">
              <span data-zoom-number>1</span> / {count}
            </span>
            <button type="button" className={button} data-zoom-step="1">
              Next
              <ArrowRightIcon className="h-5 w-5" />
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
