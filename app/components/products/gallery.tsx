import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { ArrowRightIcon, CloseIcon } from "../icons";
import { ResponsiveImage } from "../responsive-image";
import { useHydrated } from "./use-hydrated";

function imageAlt(name: string, index: number, count: number): string {
  return count > 1 ? `${name}, image ${index + 1} of ${count}` : name;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The product's pictures: a main image and thumbnails (main image first, then the additional ones).
 * A thumbnail makes its picture the main one; the main image opens a full-screen view.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const pictures = images.length > 0 ? images : [""]; // "" shows the placeholder
  const count = pictures.length;
  const [current, setCurrent] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const mainButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const hydrated = useHydrated();
  const index = Math.min(current, count - 1);

  // Focus goes back to the main image once the full-screen view has closed.
  useEffect(() => {
    if (wasOpen.current && !zoomOpen) mainButton.current?.focus();
    wasOpen.current = zoomOpen;
  }, [zoomOpen]);

  const close = useCallback(() => setZoomOpen(false), []);

  return (
    <div data-gallery data-hydrated={hydrated ? "true" : undefined}>
      <button
        ref={mainButton}
        type="button"
        aria-haspopup="dialog"
        aria-label={`Zoom: ${imageAlt(name, index, count)}`}
        onClick={() => setZoomOpen(true)}
        className="group relative block aspect-[4/3] w-full cursor-zoom-in overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        data-main-image
      >
        <ResponsiveImage
          src={pictures[index]}
          alt={imageAlt(name, index, count)}
          sizes="(min-width: 1280px) 620px, (min-width: 1024px) 50vw, 100vw"
          priority
          className="h-full w-full object-cover"
        />
        <span
          aria-hidden="true"
          className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1.5 text-xs font-semibold text-brand-700 shadow transition group-hover:bg-white"
        >
          <ZoomIcon />
          Zoom
        </span>
      </button>
      {count > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-5" aria-label="Product images">
          {pictures.map((src, i) => (
            <li key={`${src}-${String(i)}`}>
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-pressed={i === index}
                onClick={() => setCurrent(i)}
                className={`block aspect-[4/3] w-full overflow-hidden rounded-md border-2 bg-slate-100 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${i === index ? "border-brand-700" : "border-transparent opacity-80 hover:opacity-100"}`}
              >
                <ResponsiveImage src={src} alt="" sizes="120px" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ZoomDialog open={zoomOpen} onClose={close} pictures={pictures} index={index} onIndex={setCurrent} name={name} />
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

interface ZoomDialogProps {
  open: boolean;
  onClose: () => void;
  pictures: string[];
  index: number;
  onIndex: (i: number) => void;
  name: string;
}

/**
 * The full-screen view: a modal dialog (the rest of the page is inert) that closes with its Close button,
 * Escape, or a click outside the picture. Tab stays inside it.
 */
function ZoomDialog({ open, onClose, pictures, index, onIndex, name }: ZoomDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const count = pictures.length;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      closeButton.current?.focus();
      const root = document.documentElement;
      const before = root.style.overflow;
      root.style.overflow = "hidden";
      return () => {
        root.style.overflow = before;
        if (dialog.open) dialog.close();
      };
    }
  }, [open]);

  const step = (delta: number) => onIndex((index + delta + count) % count);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === "ArrowRight" && count > 1) {
      e.preventDefault();
      step(1);
    } else if (e.key === "ArrowLeft" && count > 1) {
      e.preventDefault();
      step(-1);
    } else if (e.key === "Tab") {
      // Keep focus inside: wrap from the last control to the first and back.
      const focusable = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !ref.current?.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !ref.current?.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  // A click on the dark area around the picture (not on the picture or a control) closes the view.
  const onBackdropClick = (e: MouseEvent<HTMLElement>) => {
    if (e.target === e.currentTarget) onClose();
  };

  const button =
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md bg-white/10 px-3 font-semibold text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={onBackdropClick}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950"
      data-zoom
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-3 px-4 py-3">
            <h2 id={titleId} className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">
              {name}
              {count > 1 && (
                <span className="font-normal text-slate-300">
                  {" "}
                  – image {index + 1} of {count}
                </span>
              )}
            </h2>
            <button ref={closeButton} type="button" onClick={onClose} className={button}>
              <CloseIcon className="h-5 w-5" />
              Close
            </button>
          </div>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; Escape and Close do the same */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
          <div
            className="flex min-h-0 flex-1 items-center justify-center p-4 sm:p-8"
            onClick={onBackdropClick}
            data-zoom-backdrop
          >
            <ResponsiveImage
              src={pictures[index]}
              alt={imageAlt(name, index, count)}
              sizes="100vw"
              className="h-auto max-h-full w-auto max-w-full rounded object-contain"
            />
          </div>
          {count > 1 && (
            <div className="flex items-center justify-center gap-4 px-4 pb-4">
              <button type="button" onClick={() => step(-1)} className={button}>
                <ArrowRightIcon className="h-5 w-5 rotate-180" />
                Previous
              </button>
              <span className="text-sm text-slate-300" aria-hidden="true">
                {index + 1} / {count}
              </span>
              <button type="button" onClick={() => step(1)} className={button}>
                Next
                <ArrowRightIcon className="h-5 w-5" />
              </button>
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
