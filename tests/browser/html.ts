import type { APIRequestContext, APIResponse } from "@playwright/test";
import type * as Dom from "@testing-library/dom";
import type { Window } from "happy-dom";

/**
 * The @html tests' page (tests/support/browser-reasons-reporter.ts): the HTML the server sends, fetched with
 * Playwright's `request` fixture (no browser starts for a test that uses nothing else) and parsed by
 * happy-dom, which neither runs the page's scripts nor loads its scripts, style sheets or images: the page
 * as it arrives, before any script or style has touched it. `screen` holds Testing Library's queries on the
 * body (getByRole, getByText, getByTestId…), `within(element)` those on a part of it; the head is read
 * through `document`.
 */
interface ServedPage {
  status: number;
  /** The response's headers, names in lower case. */
  headers: Record<string, string>;
  /** Where the page was read, after any redirect. */
  url: string;
  html: string;
  document: Document;
  screen: Queries;
}

type Queries = Dom.BoundFunctions<typeof Dom.queries>;

/** What readPage and postForm pass on to Playwright's request: more headers, or `maxRedirects: 0` for a 30x itself. */
interface ReadInit {
  headers?: Record<string, string>;
  maxRedirects?: number;
}

/** A browser's Accept for a document: some answers (a not-found page) depend on it. */
const ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** GETs `path` (on the worker's demo server unless it is a full URL) and parses the answer. */
export async function readPage(request: APIRequestContext, path: string, init: ReadInit = {}): Promise<ServedPage> {
  return served(await request.get(path, { headers: { accept: ACCEPT, ...init.headers }, maxRedirects: init.maxRedirects }));
}

/**
 * Posts `fields` to `path` as a form without JavaScript does (application/x-www-form-urlencoded) and parses
 * the answer: the page the server renders with the form's result, or, when it redirects, the page it
 * redirects to (Playwright follows it as a browser does; `maxRedirects: 0` keeps the 30x).
 */
export async function postForm(
  request: APIRequestContext,
  path: string,
  fields: Record<string, string>,
  init: ReadInit = {},
): Promise<ServedPage> {
  return served(
    await request.post(path, { form: fields, headers: { accept: ACCEPT, ...init.headers }, maxRedirects: init.maxRedirects }),
  );
}

/** Testing Library's queries on a part of a page that readPage or postForm returned. */
export function within(element: Element): Queries {
  if (!loaded) throw new Error("within() is for the elements of a page from readPage or postForm");
  return loaded.dom.within(element as HTMLElement);
}

/** An element's text as Playwright's toHaveText compares it: white space collapsed, trimmed. */
export function textOf(node: Node | null | undefined): string {
  return (node?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** The page's JSON-LD objects (one script each), in page order. */
export function jsonLd(document: Document): { "@type"?: string; [key: string]: unknown }[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? ""));
}

/** An XML answer (a sitemap) parsed by happy-dom's DOMParser: a malformed one gets a <parsererror> (not a bare &). */
export async function parseXml(xml: string): Promise<Document> {
  const { window } = await load();
  return new window.DOMParser().parseFromString(xml, "application/xml") as unknown as Document;
}

async function served(response: APIResponse): Promise<ServedPage> {
  const html = await response.text();
  const { dom, window } = await load();
  // One window for the worker: each page is a document of its own, from its DOMParser.
  const document = new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
  return {
    status: response.status(),
    headers: response.headers(),
    url: response.url(),
    html,
    document,
    screen: dom.within(document.body),
  };
}

/** Elements a browser never renders (their tag's default display is none), whatever the page's style. */
const NEVER_RENDERED = new Set([
  "HEAD",
  "SCRIPT",
  "STYLE",
  "TEMPLATE",
  "LINK",
  "META",
  "TITLE",
  "BASE",
  "DATALIST",
  "PARAM",
  "RP",
]);

let loaded: { dom: typeof Dom; window: Window } | undefined;

/**
 * Testing Library and happy-dom, loaded when a worker reads its first page: they take a second or two to load
 * on a busy machine, which the test runner (it loads every spec file to list the tests) and a worker that runs
 * no @html test are spared.
 */
async function load(): Promise<{ dom: typeof Dom; window: Window }> {
  if (loaded) return loaded;
  const [dom, happyDom] = await Promise.all([import("@testing-library/dom"), import("happy-dom")]);
  const window = new happyDom.Window({
    settings: {
      // The first two are happy-dom 21's defaults (and deprecated as settings): said here, as the point of the layer.
      disableJavaScriptEvaluation: true,
      disableCSSFileLoading: true,
      disableJavaScriptFileLoading: true,
      handleDisabledFileLoadingAsSuccess: true,
      navigation: { disableMainFrameNavigation: true, disableChildFrameNavigation: true, disableChildPageNavigation: true },
    },
  });
  // No style sheet is loaded, so an element's computed style can only come from its style attribute or its
  // tag: Testing Library asks it of every element it considers (hidden or not, and the spaces between parts
  // of a name), and happy-dom's full cascade took about a millisecond an element, most of a query's time.
  // `hidden` and aria-hidden are read from the attributes themselves (Testing Library and dom-accessibility-api).
  // Every rendered element counts as a box (display: block), as with happy-dom's own style (which gives an inline
  // element no display at all, to the same effect): a name keeps the space Chromium's has in "Phone (optional)"
  // (`Phone<span> (optional)</span>`, which dom-accessibility-api would otherwise trim to "Phone(optional)").
  const computed = (element: Element) => {
    const own = element.getAttribute("style") ? (element as HTMLElement).style : null;
    const neverRendered = NEVER_RENDERED.has(element.tagName.toUpperCase());
    const closedDialog = element.tagName.toUpperCase() === "DIALOG" && !element.hasAttribute("open");
    const display = neverRendered || closedDialog ? "none" : own?.display || "block";
    const visibility = own?.visibility || "visible";
    return {
      display,
      visibility,
      getPropertyValue: (name: string) => (name === "display" ? display : name === "visibility" ? visibility : ""),
    };
  };
  (window as unknown as { getComputedStyle: typeof computed }).getComputedStyle = computed;
  // A miss names what was asked for and the first of the page's roles, not the whole page (thousands of lines).
  dom.configure({
    getElementError: (message) => {
      const lines = (message ?? "").split("\n");
      const error = new Error(lines.length > 60 ? `${lines.slice(0, 60).join("\n")}\n…` : lines.join("\n"));
      error.name = "TestingLibraryElementError";
      return error;
    },
  });
  loaded ??= { dom, window };
  return loaded;
}
