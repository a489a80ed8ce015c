/**
 * The comparison list (issue 14), kept across pages in this browser: "Compare" toggles on product pages and
 * finder cards add a machine (up to four), and a bar at the bottom of the page links to /compare with
 * them. Without JavaScript the toggles are plain links to /compare with that one machine, where more are
 * added with a form. Markup: ./compare-toggle.tsx, app/routes/compare.tsx.
 */

const STORAGE_KEY = "pneuma-compare";
const MAX = 4;
const CHANGED = "pneuma:compare-changed";

function readList(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === "string").slice(0, MAX) : [];
  } catch {
    return []; // storage blocked or damaged: an empty list
  }
}

function writeList(list: string[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Private mode without storage: the list lasts for this page only.
  }
  document.dispatchEvent(new CustomEvent(CHANGED));
}

const compareHref = (list: string[]) => `/compare?products=${list.map(encodeURIComponent).join(",")}`;

/** The bar at the bottom of the page: "Compare 2 machines" and Clear; absent while the list is empty. */
function renderBar(): void {
  const list = readList();
  let bar = document.getElementById("compare-bar");
  if (list.length === 0) {
    bar?.remove();
    return;
  }
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "compare-bar";
    bar.setAttribute("role", "region");
    bar.setAttribute("aria-label", "Comparison list");
    bar.className =
      "fixed bottom-4 left-4 z-40 flex items-center gap-3 rounded-lg bg-brand-900 px-4 py-3 text-sm text-white shadow-lg print:hidden";
    const link = document.createElement("a");
    link.className = "font-semibold text-accent-500 underline";
    const clear = document.createElement("button");
    clear.type = "button";
    clear.className = "rounded border border-white/40 px-2 py-1 hover:bg-white/10";
    clear.textContent = "Clear";
    clear.addEventListener("click", () => writeList([]));
    bar.append(link, clear);
    document.body.append(bar);
  }
  const link = bar.querySelector("a");
  if (link) {
    link.href = compareHref(list);
    link.textContent = list.length === 1 ? "Compare 1 machine (add one more)" : `Compare ${list.length} machines`;
  }
}

let watching = false;
function watchList(): void {
  if (watching) return;
  watching = true;
  document.addEventListener(CHANGED, renderBar);
  // Another tab changed the list.
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY) document.dispatchEvent(new CustomEvent(CHANGED));
  });
  renderBar();
}

/** A machine's toggle: `data-slug`; its link to /compare becomes an "Add to compare" switch. */
export function compareToggle(root: HTMLElement): void {
  const slug = root.dataset.slug;
  const link = root.querySelector<HTMLAnchorElement>("[data-compare-link]");
  const status = root.querySelector<HTMLElement>("[data-compare-status]");
  if (!slug || !link) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = link.className;
  const show = () => {
    const added = readList().includes(slug);
    button.setAttribute("aria-pressed", String(added));
    button.dataset.added = String(added);
    button.textContent = added ? "✓ In comparison" : "Add to compare";
  };
  button.addEventListener("click", () => {
    const list = readList();
    if (list.includes(slug)) writeList(list.filter((s) => s !== slug));
    else if (list.length >= MAX) {
      if (status) status.textContent = `Up to ${MAX} machines can be compared. Remove one first.`;
      return;
    } else writeList([...list, slug]);
    if (status) status.textContent = "";
  });
  link.replaceWith(button);
  show();
  document.addEventListener(CHANGED, show);
  watchList();
}

/** The /compare page: the list shown is the list kept (so removing a machine there sticks). */
export function compareList(root: HTMLElement): void {
  const slugs = (root.dataset.slugs ?? "").split(",").filter(Boolean);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(slugs.slice(0, MAX)));
  } catch {
    // no storage: nothing to keep
  }
}
