/**
 * The product gallery (markup: ./gallery.tsx). A thumbnail (a link to its picture
 * without JavaScript) becomes a toggle button that makes its picture the main one. The main image opens
 * the full-screen view: a modal <dialog> closed by its Close button, Escape or a click outside the
 * picture, with Previous/Next (and the arrow keys); Tab stays inside it, and focus returns to the main
 * image when it closes.
 */

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

interface Picture {
  src: string;
  srcset: string | undefined;
  alt: string;
}

function showPicture(img: HTMLImageElement | null, picture: Picture): void {
  if (!img) return;
  if (picture.srcset) img.srcset = picture.srcset;
  else img.removeAttribute("srcset");
  img.src = picture.src;
  img.alt = picture.alt;
}

export function gallery(root: HTMLElement): void {
  const mainButton = root.querySelector<HTMLButtonElement>("[data-main-image]");
  const mainImage = mainButton?.querySelector("img") ?? null;
  const dialog = root.querySelector<HTMLDialogElement>("dialog[data-zoom]");
  const zoomImage = dialog?.querySelector<HTMLImageElement>("[data-zoom-backdrop] img") ?? null;
  const thumbnails = [...root.querySelectorAll<HTMLAnchorElement>("[data-thumbnail]")];
  const pictures: Picture[] = thumbnails.map((t) => ({
    src: t.dataset.src ?? "",
    srcset: t.dataset.srcset,
    alt: t.dataset.alt ?? "",
  }));
  if (pictures.length === 0 && mainImage) {
    pictures.push({
      src: mainImage.getAttribute("src") ?? "",
      srcset: mainImage.getAttribute("srcset") ?? undefined,
      alt: mainImage.alt,
    });
  }
  let current = 0;

  const select = (index: number) => {
    current = (index + pictures.length) % pictures.length;
    const picture = pictures[current];
    if (!picture) return;
    showPicture(mainImage, picture);
    mainButton?.setAttribute("aria-label", `Zoom: ${picture.alt}`);
    thumbnails.forEach((thumb, i) => {
      thumb.setAttribute("aria-pressed", String(i === current));
      thumb.dataset.current = String(i === current);
    });
    if (dialog?.open) showPicture(zoomImage, picture);
    for (const number of dialog?.querySelectorAll("[data-zoom-number]") ?? []) number.textContent = String(current + 1);
  };

  thumbnails.forEach((thumb, i) => {
    thumb.setAttribute("role", "button");
    thumb.setAttribute("aria-pressed", String(i === current));
    thumb.addEventListener("click", (event) => {
      event.preventDefault();
      select(i);
    });
    // A link answers Enter; a button also answers Space.
    thumb.addEventListener("keydown", (event) => {
      if (event.key !== " ") return;
      event.preventDefault();
      select(i);
    });
  });

  if (!mainButton || !dialog) return;
  const root_ = document.documentElement;
  let overflowBefore = "";

  mainButton.addEventListener("click", () => {
    const picture = pictures[current];
    if (picture) showPicture(zoomImage, picture);
    zoomImage?.setAttribute("loading", "eager");
    overflowBefore = root_.style.overflow;
    root_.style.overflow = "hidden";
    dialog.showModal();
    dialog.querySelector<HTMLButtonElement>("[data-zoom-close]")?.focus();
  });
  // Closed by any means (Close, Escape, a click outside): the page scrolls again, focus goes back.
  dialog.addEventListener("close", () => {
    root_.style.overflow = overflowBefore;
    mainButton.focus();
  });
  dialog.querySelector("[data-zoom-close]")?.addEventListener("click", () => dialog.close());
  for (const stepButton of dialog.querySelectorAll<HTMLButtonElement>("[data-zoom-step]")) {
    stepButton.addEventListener("click", () => select(current + Number(stepButton.dataset.zoomStep)));
  }
  // The dark area around the picture (the dialog itself or the picture's frame), not the picture or a control.
  const backdrop = dialog.querySelector("[data-zoom-backdrop]");
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog || event.target === backdrop) dialog.close();
  });
  dialog.addEventListener("keydown", (event) => {
    if ((event.key === "ArrowRight" || event.key === "ArrowLeft") && pictures.length > 1) {
      event.preventDefault();
      select(current + (event.key === "ArrowRight" ? 1 : -1));
    } else if (event.key === "Tab") {
      // Keep focus inside: wrap from the last control to the first and back (the browser would leave
      // the page for its own toolbar).
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
  });
}
