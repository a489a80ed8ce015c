import { compareList, compareToggle } from "../components/compare/compare.enhance";
import { enquiryForm } from "../components/enquiry-form/enquiry-form.enhance";
import { finder } from "../components/finder/finder.enhance";
import { gallery } from "../components/gallery/gallery.enhance";
import { searchSuggestions } from "../components/search-suggestions/search-suggestions.enhance";
import { shareLinks } from "../components/share-links/share-links.enhance";
import { siteHeader } from "../components/site-header/site-header.enhance";
import { slider } from "../components/slider/slider.enhance";
import { watchImageFallbacks } from "./image-fallback";
import { prefetchLinks } from "./prefetch";

/**
 * A behaviour for one element: called once per element carrying `data-module="<name>"`. `startWithin`
 * starts the modules of markup the behaviour puts into the page later (a form's new content).
 */
type EnhancementModule = (element: HTMLElement, startWithin: (root: ParentNode) => void) => void;

/**
 * Every module of every public page by the name its markup uses in `data-module` (each lives beside its
 * markup: app/components/<widget>/<widget>.enhance.ts). A behaviour only a few pages have and that weighs a
 * few KB (the calculators' formulas) is not here: those pages load a script of their own that adds it
 * (app/enhance/calculator-page.ts, as a `PageModules` entry), so the other pages do not carry it.
 */
const MODULES = {
  "compare-list": compareList,
  "compare-toggle": compareToggle,
  "enquiry-form": enquiryForm,
  finder,
  gallery,
  "search-suggestions": searchSuggestions,
  "share-links": shareLinks,
  "site-header": siteHeader,
  slider,
} satisfies Record<string, EnhancementModule>;

/** The modules a page's own script adds to MODULES (`enhancePage`'s argument). */
interface PageModules {
  calculator: EnhancementModule;
}

/** Every name markup may give `data-module`: markup names one through `dataModule()` (./data-module.ts). */
export type ModuleName = keyof typeof MODULES | keyof PageModules;

/**
 * Starting modules is cut into tasks of at most this long: the browser can paint and answer a tap between
 * them. One long task here (a category page starts a compare toggle on every card) is what a slow phone
 * feels as a page that does not respond, and what Lighthouse counts as blocking time.
 */
const TASK_BUDGET_MS = 4;

/** Lets the browser run what is waiting (input, paint) before the rest of the work. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts every module on the elements under `root` (the document, or markup the page just received).
 * An element is started once (`data-module-started`); an unknown name or a module that fails leaves that
 * element as plain HTML and the others working.
 */
async function startModules(root: ParentNode, modules: Record<string, EnhancementModule>): Promise<void> {
  let deadline = performance.now() + TASK_BUDGET_MS;
  for (const element of root.querySelectorAll<HTMLElement>("[data-module]")) {
    if (element.dataset.moduleStarted) continue;
    const start = modules[element.dataset.module ?? ""];
    if (!start) continue;
    if (performance.now() > deadline) {
      await yieldToBrowser();
      deadline = performance.now() + TASK_BUDGET_MS;
      if (element.dataset.moduleStarted || !element.isConnected) continue;
    }
    element.dataset.moduleStarted = "true";
    try {
      start(element, (within) => void startModules(within, modules));
    } catch (error) {
      console.error(`data-module="${element.dataset.module}" could not start`, error);
    }
  }
}

/** The whole page: the modules, and the behaviours every page has (image fallback, prefetching). */
async function startAll(document: Document, modules: Record<string, EnhancementModule>): Promise<void> {
  watchImageFallbacks(document);
  await startModules(document, modules);
  // Prefetching can wait until the browser has nothing else to do (matching rules against every link costs
  // a slow phone a few milliseconds).
  if ("requestIdleCallback" in window) requestIdleCallback(() => prefetchLinks(document), { timeout: 2000 });
  else setTimeout(() => prefetchLinks(document), 200);
  // Tests (and anyone curious) can tell the enhancements are in place.
  document.documentElement.dataset.enhanced = "true";
}

/**
 * Enhances the page once it is parsed: every module of MODULES, plus `pageModules` (those of the few pages
 * whose script adds its own). The script is loaded `async`, so it may arrive while the page is still being
 * parsed: it then looks again a moment later. A DOMContentLoaded listener would run inside the task that
 * lays out the page, the long task this script stays out of.
 */
export function enhancePage(pageModules: Partial<PageModules> = {}): void {
  const modules: Record<string, EnhancementModule> = { ...MODULES, ...pageModules };
  const startWhenParsed = () => {
    if (document.readyState === "loading") setTimeout(startWhenParsed, 10);
    else void startAll(document, modules);
  };
  startWhenParsed();
}
