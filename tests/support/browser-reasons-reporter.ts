import type { FullResult, Reporter, Suite } from "@playwright/test/reporter";

/**
 * Every browser test says why it needs a browser, by a tag on the test or its describe block (README, "Tests"):
 * what a component or API test can show belongs there, so the browser layer stays small as the product grows.
 * A run with a test that has none of these tags fails, naming it; `playwright test --list` shows them too.
 * An @html test reads the page with the `request` fixture alone (tests/browser/html.ts): it must not use the
 * `page`, `context` or `browser` fixtures, so that no browser starts for it.
 */
const BROWSER_REASONS = {
  "@journey": "a user's way through a screen or between screens, end to end (a screen's smoke test)",
  "@no-js": "the HTML alone: document navigation, forms posted without JavaScript, progressive enhancement",
  "@layout": "what the rendered page looks like: sizes, positions, overflow, images, CSS",
  "@phone": "the point is the 360 px width (run at both widths)",
  "@focus": "focus and keyboard: where focus goes, what a key does",
  "@a11y": "axe's scan of a screen state, in a real rendering",
  "@download": "a file the browser downloads or opens",
  "@http": "what the browser does with HTTP: caching, prefetching, headers it obeys",
  "@html":
    "the page as served, read over HTTP without starting a browser (request fixture only): its HTML, head tags, links, forms",
} as const;

const reasons = new Set(Object.keys(BROWSER_REASONS));

export default class BrowserReasonsReporter implements Reporter {
  private untagged: string[] = [];

  onBegin(_config: unknown, suite: Suite): void {
    for (const test of suite.allTests()) {
      if (test.tags.some((tag) => reasons.has(tag))) continue;
      this.untagged.push(`${test.location.file.replace(/.*tests\/browser\//, "")}:${test.location.line} › ${test.title}`);
    }
    this.untagged = [...new Set(this.untagged)];
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult["status"] } | undefined> {
    if (this.untagged.length === 0) return undefined;
    const tags = Object.entries(BROWSER_REASONS).map(([tag, why]) => `  ${tag}: ${why}`);
    console.error(
      `\n${this.untagged.length} browser test(s) do not say why they need a browser (tag them, or test them lower):\n` +
        `${this.untagged.map((t) => `  ${t}`).join("\n")}\nThe tags:\n${tags.join("\n")}\n`,
    );
    return { status: result.status === "interrupted" ? "interrupted" : "failed" };
  }

  printsToStdio(): boolean {
    return false;
  }
}
