/**
 * The slider (markup: ./slider.tsx): one slide shows at a time and fades (CSS, 500 ms) to the
 * next after `data-interval` ms; a dot jumps to its slide. It pauses while the pointer is over it or focus
 * is in it, and does not advance on its own for visitors who prefer reduced motion. The slides after the
 * first are displayed a second after the page has loaded, once the browser is idle (`data-slide-waiting`,
 * app.css): their images load then, after everything the first screen shows, and well before their turn.
 */
/** The first slide's turn is at least 5 s: a second after the page has loaded leaves the rest time to load. */
const REVEAL_AFTER_LOAD_MS = 1000;

export function slider(carousel: HTMLElement): void {
  const slides = [...carousel.querySelectorAll<HTMLElement>(':scope > [aria-roledescription="slide"]')];
  const dots = [...carousel.querySelectorAll<HTMLButtonElement>("[data-slide-dot]")];
  const interval = Number(carousel.dataset.interval) || 5000;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let current = Math.max(
    0,
    slides.findIndex((s) => s.dataset.active === "true"),
  );
  let hovered = false;
  let focused = false;
  let timer: number | undefined;

  const reveal = (slide: HTMLElement | undefined) => slide?.removeAttribute("data-slide-waiting");
  const revealAll = () => {
    for (const slide of slides) reveal(slide);
  };

  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    // A dot pressed before the page has loaded shows its slide at once.
    reveal(slides[current]);
    slides.forEach((slide, i) => {
      const active = i === current;
      slide.dataset.active = String(active);
      // Hidden slides are neither read out nor reachable with Tab.
      slide.toggleAttribute("inert", !active);
      slide.setAttribute("aria-hidden", String(!active));
    });
    dots.forEach((dot, i) => {
      if (i === current) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    schedule();
  };

  // One timeout per shown slide: re-armed whenever the slide changes (also after a dot click).
  const schedule = () => {
    window.clearTimeout(timer);
    timer = undefined;
    if (slides.length < 2 || hovered || focused || reducedMotion.matches) return;
    timer = window.setTimeout(() => show(current + 1), interval);
  };

  dots.forEach((dot, i) => {
    dot.addEventListener("click", () => show(i));
  });
  carousel.addEventListener("mouseenter", () => {
    hovered = true;
    schedule();
  });
  carousel.addEventListener("mouseleave", () => {
    hovered = false;
    schedule();
  });
  carousel.addEventListener("focusin", () => {
    focused = true;
    schedule();
  });
  carousel.addEventListener("focusout", (event) => {
    if (carousel.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule();
  });
  reducedMotion.addEventListener("change", schedule);
  show(current);

  const revealWhenIdle = () => {
    if ("requestIdleCallback" in window) requestIdleCallback(revealAll, { timeout: 1000 });
    else revealAll();
  };
  const revealSoon = () => setTimeout(revealWhenIdle, REVEAL_AFTER_LOAD_MS);
  if (document.readyState === "complete") revealSoon();
  else window.addEventListener("load", revealSoon, { once: true });
}
