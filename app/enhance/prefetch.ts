/**
 * Moving between public pages is a normal page load; fetching the next page before the click makes it
 * feel instant. Chromium gets Speculation Rules (prefetch a same-site page when the pointer rests on its
 * link or it is pressed); other browsers a `<link rel="prefetch">` added on hover, focus or touch. The
 * staff panel, the API and files are left alone (links opening elsewhere all lead to other sites). CSP: the
 * rules are allowed by 'inline-speculation-rules' (they are data, not script).
 *
 * The rules match links by their URL only: a `selector_matches` condition made Chromium style every link
 * of the page when the rules arrived, a long task on a slow phone.
 */

const EXCLUDED_PATHS = ["/admin*", "/api/*", "/uploads/*", "/*.xml", "/*.txt", "/*.pdf"];
const HOVER_DELAY_MS = 65;

/** The Speculation Rules (also read by the XSS test, to tell this script element from an injected one). */
export const PREFETCH_RULES = {
  prefetch: [
    {
      source: "document",
      where: {
        and: [{ href_matches: "/*" }, ...EXCLUDED_PATHS.map((path) => ({ not: { href_matches: path } }))],
      },
      eagerness: "moderate",
    },
  ],
};

/** Data Saver on (Chromium's Network Information API, not in TypeScript's DOM types). */
const savesData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

export function prefetchLinks(document: Document): void {
  if (savesData()) return;
  if (HTMLScriptElement.supports?.("speculationrules")) {
    const script = document.createElement("script");
    script.type = "speculationrules";
    script.textContent = JSON.stringify(PREFETCH_RULES);
    document.head.append(script);
    return;
  }

  const done = new Set<string>([location.href.split("#")[0] ?? ""]);
  let timer: number | undefined;
  const prefetch = (target: EventTarget | null) => {
    const link = target instanceof Element ? target.closest<HTMLAnchorElement>("a[href]") : null;
    if (!link || link.target || link.hasAttribute("download") || link.origin !== location.origin) return;
    const path = link.pathname;
    if (/^\/(admin|api|uploads)(\/|$)/i.test(path) || /\.(xml|txt|pdf)$/.test(path)) return;
    const url = link.href.split("#")[0] ?? "";
    if (done.has(url)) return;
    done.add(url);
    const hint = document.createElement("link");
    hint.rel = "prefetch";
    hint.href = url;
    document.head.append(hint);
  };
  document.addEventListener("pointerover", (event) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => prefetch(event.target), HOVER_DELAY_MS);
  });
  document.addEventListener("pointerout", () => window.clearTimeout(timer));
  document.addEventListener("touchstart", (event) => prefetch(event.target), { passive: true });
  document.addEventListener("focusin", (event) => prefetch(event.target));
}
