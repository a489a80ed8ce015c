import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

/** The server on an empty database (no demo content), for empty states. Set by playwright.config.ts. */
export const EMPTY_URL = process.env.BROWSER_TEST_EMPTY_URL ?? "http://127.0.0.1:4174";

/**
 * This worker's admin server, with demo content: the admin tests add, edit and delete there (public tests must
 * not see that, and each worker has its own, so workers never see each other's changes). Set by playwright.config.ts.
 */
export const ADMIN_URL = process.env.BROWSER_TEST_ADMIN_URL ?? "http://127.0.0.1:4175";

export const ADMIN = { username: "admin", password: "browser-test-password" };

/** axe-core's browser build, put into a page once per document (see expectNoA11yViolations). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core with the WCAG 2.x A/AA rules: no violations allowed. axe runs in the page itself (the site has no
 * frames to reach): @axe-core/playwright's default opened a second page for each scan to assemble its result,
 * which made a scan take about twice as long, and scans were the larger part of the browser step.
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // Colours half-way through a transition are not what a person reads (the sign-in button fades from its
  // disabled grey to its colour once the page's script enables it): the scan waits for finite animations to end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated as a script of its own, not through eval() in the page, which the site's CSP forbids.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // Only violations fail the test: the other result types are then cut to one node each, which spares axe
  // the selector of every passing element (its API guide's advice on performance).
  const summary = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }, WCAG_TAGS);
  expect(summary).toEqual([]);
}

/**
 * Resolves once the page's enhancement script has started every module (app/enhance/modules.ts marks the
 * document): what a test of an enhanced behaviour waits for, instead of a quiet network (half a second more
 * each time, idle).
 */
export async function expectEnhanced(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
}

/** The page scrolls sideways when the document is wider than its window (the scroll bar's width excluded). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `document ${scroll}px wide in a ${client}px window`).toBeLessThanOrEqual(client);
}

/** Collects console errors and page errors (CSP violations show up as console errors). */
export function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

/**
 * Opens `path` with Playwright's clock paused (from then on only runFor moves it) and waits until the
 * element `startedSelector` names (by default the page's slider) has been started by its module, so the
 * timers a module arms as it starts (a slider's) start at a known moment. The page's script is loaded async:
 * when it arrives while the page is still being parsed, it looks again 10 ms later (app/enhance/modules.ts),
 * a timer that only the test can move on a paused clock. So the clock is moved in steps of those 10 ms until
 * the module has started; it then started at the end of a step, the clock's time when this returns.
 * (Waiting without moving the clock timed out in a CI run on a slow machine.)
 */
export async function openWithPausedClock(
  page: Page,
  path: string,
  startedSelector = '[aria-roledescription="carousel"][data-module-started]',
): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(new Date("2030-01-01T09:00:00Z"));
  await page.goto(path);
  const started = page.locator(startedSelector);
  await expect
    .poll(async () => {
      if ((await started.count()) > 0) return true;
      await page.clock.runFor(10);
      return (await started.count()) > 0;
    })
    .toBe(true);
}
