/**
 * The site header (SPEC §1, §9): compact once the page is scrolled more than 10 px, and the phone menu's
 * toggle. Markup: ./site-header.tsx. Without JavaScript the header stays full size and the
 * menu opens as a link to `#site-menu` (CSS `:target`).
 */

/** Past this many pixels of scrolling the bar becomes compact. */
const COMPACT_AFTER_PX = 10;

export function siteHeader(header: HTMLElement): void {
  const onScroll = () => {
    const compact = String(window.scrollY > COMPACT_AFTER_PX);
    if (header.dataset.compact !== compact) header.dataset.compact = compact;
  };
  // The first look waits for a frame: reading the scroll position now would force the page's first layout
  // inside this script (a long task on a slow phone). A page opened at the top is not compact anyway.
  requestAnimationFrame(onScroll);
  window.addEventListener("scroll", onScroll, { passive: true });

  const toggle = header.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = toggle && document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  if (!toggle || !menu) return;
  const label = toggle.querySelector("[data-menu-label]");

  const setOpen = (open: boolean) => {
    toggle.setAttribute("aria-expanded", String(open));
    menu.dataset.open = String(open);
    header.dataset.menuOpen = String(open);
    if (label) label.textContent = open ? "Close menu" : "Open menu";
  };
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  // Choosing a link closes the menu (also a link to a part of this same page, e.g. /contact#faq).
  menu.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  });
  header.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && toggle.getAttribute("aria-expanded") === "true") {
      setOpen(false);
      toggle.focus();
    }
  });
  // Back from another page (back/forward cache): the page comes back as it was left; start closed.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) setOpen(false);
  });
}
