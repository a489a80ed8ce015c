import { expect, type Page, test } from "@playwright/test";
import { expectNoA11yViolations, watchErrors } from "./support";

/** The site search (/search?q=): products, categories and services. */

/** The search page's own box: a plain search box, a combobox once the suggestions module has run. */
const pageBox = (page: Page) => page.getByRole("main").getByLabel("Search products and services");

test.describe("search", () => {
  test("a fragment of a product name finds the product, linked by its slug URL", { tag: "@journey" }, async ({ page }) => {
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
    await page.getByRole("link", { name: "PN-OS 10 Twin-Scroll Oil-Free Compressor" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PN-OS 10 Twin-Scroll Oil-Free Compressor");
    expect(problems).toEqual([]);
  });

  test("matching is case-insensitive, on every word, and finds categories too", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/search?q=ROTARY%20screw");
    const categories = page.getByRole("region", { name: /^Categories \(\d+\)$/ });
    await expect(categories.getByRole("link", { name: "Rotary Screw Compressors", exact: true })).toHaveAttribute(
      "href",
      "/products/rotary-screw-compressors",
    );
    await expect(page.getByRole("link", { name: "PN-RS 37 Rotary Screw Compressor" })).toBeVisible();
    // Name matches come first.
    const firstProduct = page
      .getByRole("region", { name: /^Products \(\d+\)$/ })
      .getByRole("link")
      .first();
    await expect(firstProduct).toHaveText(/Rotary Screw Compressor/);
  });

  test("a service word finds the service", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/search?q=rental");
    const services = page.getByRole("region", { name: /^Services \(\d+\)$/ });
    await expect(services.getByRole("link", { name: "Compressor Rental" })).toHaveAttribute(
      "href",
      "/services/compressor-rental",
    );
  });

  test("nonsense finds nothing and says so", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
    await page.goto("/search?q=qzxv%20plimsoll");
    await expect(page.getByText("No results for “qzxv plimsoll”", { exact: true })).toBeVisible();
    await expect(page.locator("main section")).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("LIKE wildcards in the query are taken literally", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/search?q=_");
    await expect(page.getByText("No results for “_”", { exact: true })).toBeVisible();
    await page.goto("/search?q=%25%25%25");
    await expect(page.getByText("No results for “%%%”", { exact: true })).toBeVisible();
  });

  test("an empty query shows the form and no results", { tag: "@journey" }, async ({ page }) => {
    const res = await page.goto("/search?q=%20%20");
    expect(res?.status()).toBe(200);
    await expect(pageBox(page)).toHaveValue("");
    await expect(page.getByText(/No results for/)).toHaveCount(0);
    await expect(page.locator("main section")).toHaveCount(0);
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

  test("has no accessibility violations", { tag: "@a11y" }, async ({ page }) => {
    await page.goto("/search?q=compressor");
    await expect(page.getByRole("region", { name: /^Products \(\d+\)$/ })).toBeVisible();
    await expectNoA11yViolations(page);
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

test("misspellings and model codes without spaces still find the machines (issue 14)", { tag: "@journey" }, async ({ page }) => {
  await page.goto("/search?q=compresor");
  await expect(page.getByText("No results for “compresor”. Did you mean “compressor”? Showing its results.")).toBeVisible();
  await expect(page.getByRole("link", { name: "“compressor”" })).toHaveAttribute("href", "/search?q=compressor");
  await expect(
    page
      .getByRole("region", { name: /^Products \(\d+\)$/ })
      .getByRole("listitem")
      .first(),
  ).toBeVisible();

  await page.goto("/search?q=rotary%20scrw");
  await expect(page.getByText(/Did you mean “rotary screw”\?/)).toBeVisible();
  await expect(page.getByRole("link", { name: "PN-RS 15 Rotary Screw Compressor" })).toBeVisible();

  for (const q of ["rs15", "PN RS 15", "pn-rs15"]) {
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await expect(page.getByRole("link", { name: "PN-RS 15 Rotary Screw Compressor" }), q).toBeVisible();
  }
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
