import { gzipSync } from "node:zlib";
import { expect, type Page, type Request, test } from "@playwright/test";
import { readPage } from "./html";
import { expectEnhanced, watchErrors } from "./support";

/**
 * Public pages are HTML first (issue 13, docs/decisions/015): they load one small enhancement script and
 * never React or React Router, everything works without JavaScript, and with it the enhancement modules
 * add the behaviour. The behaviours themselves are tested with their pages (header, home, about,
 * product-detail, contact, quote specs); this file holds what is about the approach.
 */

const RECIP = "reciprocating-air-compressors";
/** Two pictures: the main image and one additional image. */
const PN_RC_5 = `/products/${RECIP}/pn-rc-5-two-stage-reciprocating-compressor`;
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/products",
  `/products/${RECIP}`,
  PN_RC_5,
  "/services",
  "/services/preventive-maintenance-amc",
  "/contact",
  "/quote",
  "/search?q=dryer",
  "/finder?flowMin=250&flowUnit=cfm",
  "/compare?products=pn-rs-15-rotary-screw-compressor,pn-rv-22-variable-speed-drive-screw-compressor",
  "/tools",
  "/tools/air-leak-cost?pressure=100&pressureUnit=psi",
  "/tools/fixed-vs-variable-speed",
  "/tools/sizing",
  "/no-such-page",
];
const isPhone = (width: number | undefined) => (width ?? 0) < 1024;
/** The budget for the JavaScript a first visit to a public page loads. */
const MAX_SCRIPT_GZIP_BYTES = 15 * 1024;

interface LoadedScript {
  url: string;
  body: Buffer;
}

/**
 * Opens `path` and returns every script the page asked for until its enhancements had started (the script
 * marks the document then): a module's own import at start would be asked for by then too. Requests, not
 * answers, are counted, so one still on its way is not missed.
 */
async function scriptsOf(page: Page, path: string): Promise<LoadedScript[]> {
  const requested: Request[] = [];
  const listener = (request: Request) => {
    if (request.resourceType() === "script") requested.push(request);
  };
  page.on("request", listener);
  await page.goto(path);
  await expectEnhanced(page);
  page.off("request", listener);
  return Promise.all(
    requested.map(async (request) => ({
      url: request.url(),
      body: (await (await request.response())?.body()) ?? Buffer.alloc(0),
    })),
  );
}

test.describe("scripts of the public pages", () => {
  test("each public page loads one small enhancement script (a calculator page its own), never React or React Router", {
    tag: "@no-js",
  }, async ({ page }) => {
    const problems = watchErrors(page);
    for (const path of PUBLIC_PAGES) {
      const scripts = await scriptsOf(page, path);
      // One script, named in the HTML (no chain of requests): the enhancement script, or on a calculator page
      // the one that adds the calculators to it (app/enhance/calculator-page.ts).
      const calculatorPage = /^\/tools\/./.test(path);
      expect(
        scripts.map((s) => new URL(s.url).pathname),
        path,
      ).toEqual([
        calculatorPage
          ? expect.stringMatching(/^\/assets\/calculator-page-[\w-]+\.js$/)
          : expect.stringMatching(/^\/assets\/main-[\w-]+\.js$/),
      ]);
      const gzipped = scripts.reduce((n, s) => n + gzipSync(s.body, { level: 9 }).length, 0);
      expect(gzipped, path).toBeLessThanOrEqual(MAX_SCRIPT_GZIP_BYTES);
      // React's and React Router's client code carry these names even when minified.
      for (const script of scripts) {
        const text = script.body.toString("utf8");
        for (const marker of ["__reactRouterContext", "react.transitional.element", "__reactFiber"]) {
          expect(text, `${path}: ${marker}`).not.toContain(marker);
        }
      }
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
      await expect(page.locator("html"), path).toHaveAttribute("data-enhanced", "true");
      // No inline script: only the external one and structured data (JSON, never run).
      const inline = await page
        .locator("script:not([src])")
        .evaluateAll((els) => els.map((e) => e.getAttribute("type")).filter((type) => type !== "application/ld+json"));
      expect(
        inline.filter((type) => type !== "speculationrules"),
        path,
      ).toEqual([]);
      await expect(page.locator('link[rel="modulepreload"]'), path).toHaveCount(0);
    }
    // The not-found page itself answers 404, which Chromium reports; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
    expect(problems).toHaveLength(1);
  });

  test("the staff panel still runs React Router in the browser; its sign-in page loads one small script", {
    tag: "@no-js",
  }, async ({ page, request }) => {
    // The panel's screens are React Router's app (the inline context, the entry preloaded).
    const panel = await (await request.get("/admin/dashboard")).text();
    expect(panel).toContain("__reactRouterContext");
    expect(panel).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-/);
    // The sign-in page is HTML with its own script (docs/decisions/027), as a public page is.
    const scripts = await scriptsOf(page, "/admin/login");
    expect(scripts.map((s) => new URL(s.url).pathname)).toEqual([expect.stringMatching(/^\/assets\/sign-in-page-[\w-]+\.js$/)]);
    expect(scripts[0]!.body.toString("utf8")).not.toMatch(/__reactRouter|react\.transitional\.element/);
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  });

  // That the async script then runs on these pages (html[data-enhanced]) is the first test's, on every public page.
  test("the first paint waits for the whole page, and the script is async (a task of its own)", { tag: "@html" }, async ({
    request,
  }) => {
    for (const path of ["/", PN_RC_5, "/finder"]) {
      const { document } = await readPage(request, path);
      // <link rel="expect" blocking="render"> names the marker at the end of <body>: Chromium paints once the
      // whole page is parsed, instead of painting the top and laying out the rest after it.
      const expectLinks = document.querySelectorAll('head link[rel="expect"][blocking="render"]');
      expect(expectLinks, path).toHaveLength(1);
      const marker = document.getElementById((expectLinks[0]!.getAttribute("href") ?? "").replace(/^#/, ""));
      const footer = document.querySelector("footer");
      const order = {
        markerAfterFooter: Boolean(
          footer && marker && footer.compareDocumentPosition(marker) & footer.DOCUMENT_POSITION_FOLLOWING,
        ),
        scripts: [...document.querySelectorAll("script[src]")].map((s) => ({
          module: s.getAttribute("type") === "module",
          async: s.hasAttribute("async"),
          inHead: s.parentElement === document.head,
        })),
      };
      expect(order, path).toEqual({ markerAfterFooter: true, scripts: [{ module: true, async: true, inHead: true }] });
    }
  });

  test("cards far below the first screen are rendered only when they come near it, and a printout has them all", {
    tag: "@layout",
  }, async ({ page }) => {
    await page.goto("/finder");
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    const cards = page.locator("#finder-results [data-product-card]");
    expect(await cards.count()).toBeGreaterThan(12);
    // checkVisibility({ contentVisibilityAuto: true }) is false for an element inside one whose rendering is
    // skipped: here each card's heading.
    const rendered = () =>
      cards.evaluateAll((all) =>
        all.map((card) => card.querySelector("h2, h3")?.checkVisibility({ contentVisibilityAuto: true })),
      );
    const atFirst = await rendered();
    expect(atFirst[0]).toBe(true);
    expect(atFirst.at(-1)).toBe(false);
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await rendered()).at(-1)).toBe(true);
    await expect(cards.last().getByRole("link").first()).toBeVisible();

    await page.goto("/finder");
    await page.emulateMedia({ media: "print" });
    expect((await rendered()).every(Boolean)).toBe(true);
  });

  test("the enhancement script is cached for a year", { tag: "@http" }, async ({ request }) => {
    // The one script the page names (the first test shows it is the one it loads).
    const { document } = await readPage(request, "/");
    const script = document.querySelector("script[src]")?.getAttribute("src");
    expect(script).toMatch(/^\/assets\/main-[\w-]+\.js$/);
    const res = await request.get(script!);
    expect(res.headers()["cache-control"]).toContain("max-age=31536000");
    expect(res.headers()["cache-control"]).toContain("immutable");
  });
});

test.describe("moving between pages", () => {
  test("a normal page load, prefetched when the link is pointed at, with no loading spinner", { tag: "@http" }, async ({
    page,
  }) => {
    const problems = watchErrors(page);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    // Chromium reads Speculation Rules (allowed by the CSP without allowing inline script). startAll adds them
    // in a task of their own, which may come after data-enhanced is set.
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
    const rules = await page.locator('script[type="speculationrules"]').evaluateAll((els) => els.map((e) => e.textContent));
    expect(rules).toHaveLength(1);
    const parsed = JSON.parse(rules[0] ?? "{}");
    expect(parsed.prefetch[0].eagerness).toBe("moderate");
    expect(JSON.stringify(parsed)).toContain('"/admin*"');
    // Files are never prefetched (a datasheet is a PDF made on request).
    expect(JSON.stringify(parsed)).toContain('"/*.pdf"');

    const footerAbout = page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true });
    const [navigation] = await Promise.all([page.waitForEvent("framenavigated"), footerAbout.click()]);
    expect(new URL(navigation.url()).pathname).toBe("/about");
    await expect(page.getByText("Loading content...")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    expect(problems).toEqual([]);
  });

  test("pages fade into each other with a cross-document view transition; the text font is the system's", {
    tag: "@layout",
  }, async ({ page }) => {
    await page.goto("/");
    // The system's font, without names Chromium would look up in vain: "ui-sans-serif" (Safari's name for
    // system-ui) cost a few ms of every first layout in Lighthouse's traces.
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family.startsWith("system-ui,")).toBe(true);
    expect(family).not.toContain("ui-sans-serif");
    const css = await page.evaluate(async () => {
      const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
      return sheet ? (await fetch(sheet.href)).text() : "";
    });
    expect(css).toMatch(/@view-transition\s*\{\s*navigation:\s*auto/);
  });
});

test.describe("without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the phone menu opens and its links work", { tag: "@phone" }, async ({ page, viewport }) => {
    test.skip(!isPhone(viewport?.width), "the menu toggle exists on small screens only");
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu).toBeHidden();
    // The script's toggle button is not shown; a link opens the menu instead.
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await page.getByRole("link", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("link", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(menu).toBeHidden();
  });

  test("every banner slide can be reached, and the dots that need a script are not shown", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Highlights" });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    const count = await slides.count();
    expect(count).toBeGreaterThan(1);
    await expect(carousel.getByRole("button", { name: /^Show slide/ })).toHaveCount(0);
    for (let i = 0; i < count; i++) {
      const slide = slides.nth(i);
      await slide.scrollIntoViewIfNeeded();
      await expect(slide).toBeInViewport({ ratio: 0.9 });
      await expect(slide.getByRole("heading")).toBeVisible();
      await expect(slide.getByRole("link", { name: "Explore Products" })).toBeVisible();
    }
  });

  test("the gallery's thumbnails each show their picture, and Copy link is not offered", async ({ page, request }) => {
    const product = await (await request.get("/api/product/pn-rc-5-two-stage-reciprocating-compressor")).json();
    await page.goto(PN_RC_5);
    const thumbnails = page.getByRole("list", { name: "Product images" }).getByRole("link");
    await expect(thumbnails).toHaveCount(2);
    await expect(thumbnails.nth(0)).toHaveAttribute("href", product.mainImage);
    await expect(thumbnails.nth(1)).toHaveAttribute("href", product.additionalImages[0]);
    const [picture] = await Promise.all([page.waitForResponse(product.additionalImages[0]), thumbnails.nth(1).click()]);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/webp");
    await page.goBack();
    await expect(page.getByRole("button", { name: "Copy link" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toBeVisible();
  });
});

test.describe("the HTML as served, before any script", { tag: "@html" }, () => {
  test("the header does not depend on the script: full size, Products highlighted", async ({ request }) => {
    const { document } = await readPage(request, PN_RC_5);
    expect(document.querySelector("header")?.getAttribute("data-compact")).toBe("false");
    expect(document.querySelector('header a[href="/products"][aria-current="page"]')).not.toBeNull();
  });
});

test.describe("with JavaScript", () => {
  test("the phone menu closes with Escape and gives focus back to its toggle", { tag: ["@phone", "@focus"] }, async ({
    page,
    viewport,
  }) => {
    test.skip(!isPhone(viewport?.width), "the menu toggle exists on small screens only");
    await page.goto("/contact");
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Home", exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("the Copy link button appears, and the gallery's thumbnails become toggle buttons", { tag: "@journey" }, async ({
    page,
  }) => {
    await page.goto(PN_RC_5);
    await expect(page.locator("[data-gallery][data-module-started]")).toBeAttached();
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
    const thumbnails = page.getByRole("button", { name: /^Show image \d of 2$/ });
    await expect(thumbnails).toHaveCount(2);
    await thumbnails.nth(1).focus();
    await page.keyboard.press("Space");
    await expect(thumbnails.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(new RegExp(`${PN_RC_5}$`));
  });

  test("a broken picture falls back to the placeholder", { tag: "@layout" }, async ({ page }) => {
    await page.route(/\/uploads\/.*\.webp$/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(PN_RC_5);
    const main = page.locator("[data-main-image] img");
    await expect(main).toHaveAttribute("src", "/images/placeholder.svg");
    await expect(main).not.toHaveAttribute("srcset", /./);
    expect(await main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});
