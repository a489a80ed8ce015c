import { expect, test } from "@playwright/test";
import { readPage, textOf, within } from "./html";
import { expectNoA11yViolations, watchErrors } from "./support";

/** /compare (issue 14): machines side by side, built from "Compare" on product pages and finder cards. */

const RS_15 = "pn-rs-15-rotary-screw-compressor";
const RV_22 = "pn-rv-22-variable-speed-drive-screw-compressor";
const OF_55 = "pn-of-55-oil-free-screw-compressor";
const productUrl = (slug: string) =>
  `/products/${slug.startsWith("pn-of") ? "oil-free-compressors" : "rotary-screw-compressors"}/${slug}`;

test.describe("compare without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("Compare links, Add a machine, Remove and Request a Quote for these all work as plain links and forms", async ({
    page,
  }) => {
    await page.goto(productUrl(RS_15));
    await page.getByRole("link", { name: "Compare", exact: true }).click();
    await expect(page).toHaveURL(`/compare?products=${RS_15}`);
    await expect(page.getByText("Add one more machine to compare.")).toBeVisible();

    const add = page.getByRole("form", { name: "Add a machine" });
    await add.getByLabel("Add a machine").selectOption(RV_22);
    await add.getByRole("button", { name: "Add" }).click();
    await expect(page).toHaveURL(`/compare?products=${RS_15},${RV_22}`);
    const table = page.locator("[data-compare-table] table");
    await expect(table.locator("thead th")).toHaveText([/PN-RS 15/, /PN-RV 22/]);
    const drive = table.getByRole("row", { name: /^Drive/ }).first();
    await expect(drive).toHaveAttribute("data-differs", "true");
    await expect(drive.getByRole("cell")).toHaveText(["Fixed speed", "Variable speed (VSD)"]);
    await expect(table.getByRole("row", { name: /^Compressor type/ })).not.toHaveAttribute("data-differs");
    await expect(
      table
        .getByRole("row", { name: /^Free air delivery/ })
        .first()
        .getByRole("cell"),
    ).toHaveText(["1.7 m³/min", "0.991–3.62 m³/min"]);

    await page.getByRole("form", { name: "Units" }).getByLabel("Flow in").selectOption("cfm");
    await page.getByRole("button", { name: "Show in these units" }).click();
    await expect(
      table
        .getByRole("row", { name: /^Free air delivery/ })
        .first()
        .getByRole("cell"),
    ).toHaveText(["60 CFM", "35–128 CFM"]);

    await page.getByRole("link", { name: "Request a Quote for these" }).click();
    await expect(page).toHaveURL(`/quote?product=${RS_15}&product=${RV_22}`);
    await expect(page.getByTestId("quote-item-name")).toHaveText([/PN-RS 15/, /PN-RV 22/]);

    await page.goBack();
    await page.getByRole("link", { name: "Remove PN-RS 15 Rotary Screw Compressor from the comparison" }).click();
    await expect(page).toHaveURL(`/compare?products=${RV_22}&flowUnit=cfm`);
  });
});

test.describe("compare: each figure once, in the chosen units (issue 30)", { tag: "@html" }, () => {
  test("specifications that repeat a key figure give way to it; the rest follow the units", async ({ request }) => {
    const tableOf = async (url: string) => {
      const { document } = await readPage(request, url);
      const table = document.querySelector("[data-compare-table] table");
      expect(table, url).not.toBeNull();
      return table!;
    };
    /** The rows whose accessible name (their heading cell's text first) matches. */
    const rows = (table: Element, name: RegExp) => within(table).queryAllByRole("row", { name });
    const cells = (row: Element | undefined) =>
      within(row as HTMLElement)
        .getAllByRole("cell")
        .map(textOf);

    const metric = await tableOf(`/compare?products=${RS_15},${RV_22}&flowUnit=m3/min&pressureUnit=psi`);
    expect(rows(metric, /^Free air delivery/)).toHaveLength(1);
    expect(cells(rows(metric, /^Free air delivery/)[0])).toEqual(["1.7 m³/min", "0.991–3.62 m³/min"]);
    expect(textOf(metric)).not.toContain("CFM");
    expect(cells(rows(metric, /^Maximum working pressure/)[0])).toEqual(["109 psi", "102 psi"]);
    // "Working pressure 7.5 bar", "Noise level", "Weight": the key figures say them already.
    expect(rows(metric, /^Working pressure/)).toHaveLength(0);
    expect(rows(metric, /^Noise level/)).toHaveLength(1);
    expect(rows(metric, /^Weight/)).toHaveLength(1);
    // Text that is more than a figure stays as written.
    const motor = cells(rows(metric, /^Motor \(differs\)/)[0]);
    expect(motor).toHaveLength(2);
    expect(motor[0]).toMatch(/11 kW \/ 15 HP, IE3/);
    expect(motor[1]).toMatch(/22 kW \/ 30 HP/);
    expect(cells(rows(metric, /^Dimensions/)[0])[0]).toBe("1080 × 760 × 1050 mm");

    const imperial = await tableOf(`/compare?products=${RS_15},${RV_22}&flowUnit=cfm`);
    expect(rows(imperial, /^Free air delivery/)).toHaveLength(1);
    expect(cells(rows(imperial, /^Free air delivery/)[0])).toEqual(["60 CFM", "35–128 CFM"]);
    expect(textOf(imperial)).not.toContain("m³/min");
  });
});

test.describe("compare with JavaScript", () => {
  test("Add to compare keeps a list across pages; the bar opens the comparison", { tag: ["@phone", "@journey"] }, async ({
    page,
  }) => {
    const problems = watchErrors(page);
    await page.goto(productUrl(RS_15));
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    const toggle = page.getByRole("button", { name: "Add to compare" });
    await toggle.click();
    await expect(page.getByRole("button", { name: "✓ In comparison" })).toHaveAttribute("aria-pressed", "true");
    const bar = page.getByRole("region", { name: "Comparison list" });
    await expect(bar.getByRole("link")).toHaveText("Compare 1 machine (add one more)");

    await page.goto(productUrl(OF_55));
    await page.getByRole("button", { name: "Add to compare" }).click();
    await expect(bar.getByRole("link")).toHaveText("Compare 2 machines");
    await bar.getByRole("link").click();
    await expect(page).toHaveURL(`/compare?products=${RS_15},${OF_55}`);
    await expect(page.locator("[data-compare-table] thead th")).toHaveText([/PN-RS 15/, /PN-OF 55/]);
    await expectNoA11yViolations(page);

    // Removing one on the comparison page is kept: back on a product page, the bar shows one.
    await page.getByRole("link", { name: /^Remove PN-RS 15/ }).click();
    // The comparison page keeps its list when its script starts: wait for that before leaving it.
    await expect(page.locator(`[data-module="compare-list"][data-slugs="${OF_55}"][data-module-started]`)).toHaveCount(1);
    await page.goto(productUrl(RS_15));
    await expect(page.getByRole("button", { name: "Add to compare" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("region", { name: "Comparison list" }).getByRole("link")).toHaveText(
      "Compare 1 machine (add one more)",
    );
    await page.getByRole("region", { name: "Comparison list" }).getByRole("button", { name: "Clear" }).click();
    await expect(page.getByRole("region", { name: "Comparison list" })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("category cards have the Compare toggle too", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/products/rotary-screw-compressors");
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    const card = page.locator('[data-product-card="pn-rs-37-rotary-screw-compressor"]');
    await card.getByRole("button", { name: "Add to compare" }).click();
    await expect(card.getByRole("button", { name: "✓ In comparison" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("region", { name: "Comparison list" }).getByRole("link")).toHaveText(
      "Compare 1 machine (add one more)",
    );
  });

  test("prints without the site's header, footer and buttons", { tag: "@layout" }, async ({ page }) => {
    await page.goto(`/compare?products=${RS_15},${RV_22}`);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { level: 1, name: /^Comparison: PN-RS 15/ })).toBeVisible();
    await expect(page.locator("header#top")).toBeHidden();
    await expect(page.locator("footer")).toBeHidden();
    await expect(page.getByRole("link", { name: "Request a Quote for these" })).toBeHidden();
    await expect(page.locator("[data-compare-table]")).toBeVisible();
  });
});

test("a comparison of real machines can be found by search engines under one address; others are not indexed", {
  tag: "@html",
}, async ({ request }) => {
  const { document } = await readPage(request, `/compare?products=${RS_15},${RV_22}&flowUnit=cfm`);
  expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(
    new RegExp(`/compare\\?products=${RS_15},${RV_22}$`),
  );
  expect(document.querySelectorAll('meta[name="robots"]')).toHaveLength(0);
  expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toMatch(
    /^PN-RS 15 Rotary Screw Compressor vs PN-RV 22 Variable Speed Drive Screw Compressor: /,
  );
  for (const url of [`/compare?products=${RS_15}`, `/compare?products=${RS_15},no-such-machine`, "/compare"]) {
    const other = await readPage(request, url);
    expect(other.document.querySelector('meta[name="robots"]')?.getAttribute("content"), url).toBe("noindex");
  }
});
