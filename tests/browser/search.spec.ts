import { expect, type Page, test } from "@playwright/test";
import { readPage, textOf, within } from "./html";
import { expectNoA11yViolations, watchErrors } from "./support";

type Served = Awaited<ReturnType<typeof readPage>>;

/** The site search (/search?q=): products, categories and services. */

/** The search page's own box: a plain search box, a combobox once the suggestions module has run. */
const pageBox = (page: Page) => page.getByRole("main").getByLabel("Search products and services");

test.describe("search", () => {
  test("a fragment of a product name finds the product, linked by its slug URL, on a page without accessibility violations", {
    tag: ["@journey", "@a11y"],
  }, async ({ page }) => {
    const problems = watchErrors(page);
    const res = await page.goto("/search?q=twin-scroll");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    await expect(pageBox(page)).toHaveValue("twin-scroll");
    const products = page.getByRole("region", { name: /^Products \(\d+\)$/ });
    await expect(products.getByRole("link", { name: "PN-OS 10 Twin-Scroll Oil-Free Compressor" })).toHaveAttribute(
      "href",
      "/products/oil-free-compressors/pn-os-10-twin-scroll-oil-free-compressor",
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    // The results page, as any other state of the page, is scanned once.
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "PN-OS 10 Twin-Scroll Oil-Free Compressor" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PN-OS 10 Twin-Scroll Oil-Free Compressor");
    expect(problems).toEqual([]);
  });

  test("nonsense finds nothing and says so", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
    await page.goto("/search?q=qzxv%20plimsoll");
    await expect(page.getByText("No results for “qzxv plimsoll”", { exact: true })).toBeVisible();
    await expect(page.locator("main section")).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("the search field submits to the results", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/search");
    const field = pageBox(page);
    await field.fill("dryer");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=dryer$/);
    await expect(page.getByRole("link", { name: "PN-RD 100 Refrigerated Air Dryer" })).toBeVisible();
    await expect(pageBox(page)).toHaveValue("dryer");
  });
});

test.describe("search results as served", { tag: "@html" }, () => {
  /** The links of a results section (its heading "Products (N)", "Categories (N)"…). */
  const section = (screen: Served["screen"], name: RegExp) => within(screen.getByRole("region", { name }));

  test("matching is case-insensitive, on every word, and finds categories too", async ({ request }) => {
    const { screen } = await readPage(request, "/search?q=ROTARY%20screw");
    const categories = section(screen, /^Categories \(\d+\)$/);
    expect(categories.getByRole("link", { name: "Rotary Screw Compressors" }).getAttribute("href")).toBe(
      "/products/rotary-screw-compressors",
    );
    screen.getByRole("link", { name: "PN-RS 37 Rotary Screw Compressor" });
    // Name matches come first.
    expect(textOf(section(screen, /^Products \(\d+\)$/).getAllByRole("link")[0])).toMatch(/Rotary Screw Compressor/);
  });

  test("a service word finds the service", async ({ request }) => {
    const { screen } = await readPage(request, "/search?q=rental");
    expect(
      section(screen, /^Services \(\d+\)$/)
        .getByRole("link", { name: "Compressor Rental" })
        .getAttribute("href"),
    ).toBe("/services/compressor-rental");
  });

  test("LIKE wildcards in the query are taken literally", async ({ request }) => {
    (await readPage(request, "/search?q=_")).screen.getByText("No results for “_”", { exact: true });
    (await readPage(request, "/search?q=%25%25%25")).screen.getByText("No results for “%%%”", { exact: true });
  });

  test("an empty query shows the form and no results", async ({ request }) => {
    const { status, screen, document } = await readPage(request, "/search?q=%20%20");
    expect(status).toBe(200);
    expect((within(screen.getByRole("main")).getByLabelText("Search products and services") as HTMLInputElement).value).toBe("");
    expect(screen.queryAllByText(/No results for/)).toHaveLength(0);
    expect(document.querySelectorAll("main section")).toHaveLength(0);
  });

  test("misspellings and model codes without spaces still find the machines (issue 14)", async ({ request }) => {
    const misspelt = (await readPage(request, "/search?q=compresor")).screen;
    // One sentence, its correction a link in it.
    expect(textOf(misspelt.getByRole("main"))).toContain(
      "No results for “compresor”. Did you mean “compressor”? Showing its results.",
    );
    expect(misspelt.getByRole("link", { name: "“compressor”" }).getAttribute("href")).toBe("/search?q=compressor");
    expect(section(misspelt, /^Products \(\d+\)$/).getAllByRole("listitem").length).toBeGreaterThan(0);

    const twoWords = (await readPage(request, "/search?q=rotary%20scrw")).screen;
    expect(textOf(twoWords.getByRole("main"))).toMatch(/Did you mean “rotary screw”\?/);
    twoWords.getByRole("link", { name: "PN-RS 15 Rotary Screw Compressor" });

    for (const q of ["rs15", "PN RS 15", "pn-rs15"]) {
      const { screen } = await readPage(request, `/search?q=${encodeURIComponent(q)}`);
      // By its text: the words found are marked (<mark>), which this reading's names would part with spaces.
      const links = screen.queryAllByRole("link").filter((a) => textOf(a) === "PN-RS 15 Rotary Screw Compressor");
      expect(links, q).toHaveLength(1);
    }
  });
});

test.describe("search without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form works, with a plain search box", async ({ page }) => {
    await page.goto("/search");
    // Without JavaScript nothing suggests: the box stays a search box, not a combobox.
    const field = page.getByRole("main").getByRole("searchbox", { name: "Search products and services" });
    await expect(page.getByRole("combobox")).toHaveCount(0);
    await field.fill("maintenance");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=maintenance$/);
    await expect(page.getByRole("link", { name: "Preventive Maintenance (AMC)" })).toHaveAttribute(
      "href",
      "/services/preventive-maintenance-amc",
    );
    await expect(page.getByRole("main").getByRole("searchbox")).toHaveValue("maintenance");
  });
});

test("figures in the query show the finder's machines for them (issue 14)", { tag: "@journey" }, async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent("250 cfm 7 bar")}`);
  await expect(page.getByRole("heading", { name: "Machines for 250 CFM at 7 bar (3 machines)" })).toBeVisible();
  const section = page.locator("section[aria-labelledby=figure-results]");
  // Compressors only (issue 30): the 350 CFM dryer is left out.
  await expect(section.getByRole("listitem")).toHaveCount(3);
  await expect(section.getByRole("listitem").first()).toContainText("PN-OF 55 Oil-Free Screw Compressor");
  const link = section.getByRole("link", { name: "See all 3 in the finder, with every figure" });
  // No order chosen: the finder's best fit, the same machine first and marked.
  await expect(link).toHaveAttribute("href", "/finder?flowMin=250&flowUnit=cfm&pressureMin=7&pressureUnit=bar");
  await link.click();
  await expect(page.locator("#finder-results-heading")).toHaveText("3 machines match");
  const best = page.locator("[data-finder-results] [data-product-card]").first();
  await expect(best).toContainText("PN-OF 55 Oil-Free Screw Compressor");
  await expect(best).toContainText("Best fit");

  // Words beside the figures still search: the screw compressors, and the machines for 20 HP.
  await page.goto(`/search?q=${encodeURIComponent("screw 15 hp")}`);
  await expect(page.getByRole("heading", { name: /^Machines for 15 HP/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Products \(\d+\)$/ })).toBeVisible();
});

test("the matching words are highlighted, and FAQ answers are results (issue 14)", { tag: "@journey" }, async ({ page }) => {
  await page.goto("/search?q=oil%20free");
  const first = page
    .getByRole("region", { name: /^Products \(\d+\)$/ })
    .getByRole("listitem")
    .first();
  await expect(first.locator("mark").first()).toHaveText(/^oil$/i);
  await expect(first.locator("mark").nth(1)).toHaveText(/^free$/i);

  await page.goto("/search?q=delivery%20take");
  const questions = page.getByRole("region", { name: "Questions (1)" });
  await expect(questions.getByRole("heading", { name: "How long does delivery take?" })).toBeVisible();
  await expect(questions.locator("mark")).toHaveText(["delivery", "take"]);
  const link = questions.getByRole("link", { name: "Read the answer on the contact page" });
  await expect(link).toHaveAttribute("href", /^\/contact#faq-[a-f0-9]{24}$/);
  await link.click();
  // Following the link opens that question's <details> on the contact page.
  const answer = page.locator(`[id="${(await page.evaluate(() => location.hash)).slice(1)}"]`);
  await expect(answer).toBeVisible();
  await expect(page.locator("details[open]")).toHaveCount(1);
  await expect(page.locator("details[open] summary")).toContainText("How long does delivery take?");
});

test("a correction that finds clearly better results is shown, with the words as typed a link away (issue 29)", {
  tag: ["@journey", "@a11y"],
}, async ({ page }) => {
  // "drier" is only in one compressor's description ("drier air"); "dryer" names the dryers.
  await page.goto("/search?q=drier");
  await expect(page.getByText("Showing results for dryer", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "dryer", exact: true })).toHaveAttribute("href", "/search?q=dryer");
  await expect(page.getByText(/^\d+ results? for “dryer”$/)).toBeVisible();
  await expect(page.getByRole("region", { name: /^Categories/ }).getByRole("link", { name: "Air Dryers" })).toBeVisible();
  await expect(page.getByRole("link", { name: "PN-RD 100 Refrigerated Air Dryer" })).toBeVisible();
  await expectNoA11yViolations(page);

  // "Search instead for drier": the words' own result, and the correction offered.
  await expect(page.getByText("Search instead for drier", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "drier", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=drier&exact=1$/);
  await expect(page.getByText("1 result for “drier”")).toBeVisible();
  await expect(page.getByText("Showing results for")).toHaveCount(0);
  await page.getByRole("link", { name: "“dryer”" }).click();
  await expect(page).toHaveURL(/\/search\?q=dryer$/);
  await expect(page.getByRole("region", { name: /^Categories/ }).getByRole("link", { name: "Air Dryers" })).toBeVisible();
});

test.describe("suggestions while typing (issue 14)", () => {
  test("the search page's box suggests names; arrows choose, Enter opens, Escape closes", { tag: ["@focus", "@a11y"] }, async ({
    page,
  }) => {
    const problems = watchErrors(page);
    await page.goto("/search");
    await page.waitForSelector("html[data-enhanced]");
    const box = page.getByRole("main").getByRole("combobox", { name: "Search products and services" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.pressSequentially("rot");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id")) ?? "");
    const options = list.getByRole("option");
    await expect(options.first()).toHaveText("Rotary Screw CompressorsCategory");
    await expect(options.first().locator("mark")).toHaveText("Rotary");
    await expect(options.last()).toHaveText("Search for “rot”");
    await expect(page.getByRole("status").filter({ hasText: /suggestions?\./ })).toHaveText(
      /^\d+ suggestions?\. Use the up and down arrows to choose\.$/,
    );

    await box.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id")) ?? "");
    await expect(box).toBeFocused();
    await box.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "false");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expectNoA11yViolations(page);

    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).not.toHaveAttribute("aria-activedescendant");
    await expect(box).toHaveValue("rot");

    // Up from the box wraps to the last option: search for the words as typed.
    await box.press("ArrowDown");
    await expect(list).toBeVisible();
    await box.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=rot$/);

    await pageBox(page).fill("");
    await pageBox(page).pressSequentially("pn-rs 15");
    await page.getByRole("option", { name: /^PN-RS 15 Rotary Screw Compressor/ }).click();
    await expect(page).toHaveURL("/products/rotary-screw-compressors/pn-rs-15-rotary-screw-compressor");
    expect(problems).toEqual([]);
  });

  test("the header's box suggests too (the phone menu's on a phone)", { tag: ["@phone", "@layout"] }, async ({ page }) => {
    await page.goto("/about");
    await page.waitForSelector("html[data-enhanced]");
    const wide = (page.viewportSize()?.width ?? 0) >= 1280;
    if (!wide) await page.getByRole("button", { name: "Open menu" }).click();
    const box = page.locator(wide ? "#site-search" : "#site-menu-search");
    await expect(box).toHaveAttribute("placeholder", "Search...");
    await expect(box).toHaveAttribute("role", "combobox");
    await box.pressSequentially("dry");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("option", { name: "Air Dryers Category" })).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(page).toHaveURL("/products/air-dryers");
  });
});
