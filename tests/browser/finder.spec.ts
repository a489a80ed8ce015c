import { expect, type Page, test } from "@playwright/test";
import { expectNoA11yViolations, watchErrors } from "./support";

/**
 * /finder (issue 14): the demo catalogue narrowed by figures, in the visitor's units; a plain GET form
 * that works without JavaScript, and with it results that follow the filters as they change.
 * Demo machines with at least 250 CFM: PN-RV 75 (95–440), PN-OF 55 (300), PN-PD 450 (450), PN-RD 350 (a dryer, 350).
 * For a flow asked the finder lists compressors (dryers when their category is chosen), best fit first (issue 30).
 */

const cards = (page: Page) => page.locator("[data-finder-results] [data-product-card]");
const heading = (page: Page) => page.locator("#finder-results-heading");
const isPhone = (width: number | undefined) => (width ?? 0) < 1024;

test.describe("finder with JavaScript", () => {
  test("results, counts and the URL follow the filters; a unit change converts the numbers and the cards", {
    tag: ["@journey", "@a11y"],
  }, async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto("/finder");
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    await expect(heading(page)).toHaveText(/^All \d+ machines$/);
    const form = page.getByRole("form", { name: "Filters" });

    await form.getByLabel("Flow in").selectOption("cfm");
    await form.getByRole("group", { name: "Free air delivery" }).getByLabel("From").fill("250");
    // The dryer of 350 CFM is not a compressor.
    await expect(heading(page)).toHaveText("3 machines match");
    await expect(page).toHaveURL(/\/finder\?flowUnit=cfm&flowMin=250/);
    await expect(form.locator('[data-facet-count="type:rotary-screw"]')).toHaveText("(3)");
    await expect(form.locator('[data-facet-count="type:scroll"]')).toHaveText("(0)");

    await form.getByRole("checkbox", { name: /^Rotary screw/ }).check();
    await expect(heading(page)).toHaveText("3 machines match");
    await form.getByLabel("Sort by").selectOption("-flow");
    await expect(cards(page).first()).toHaveAttribute("data-product-card", "pn-pd-450-high-pressure-diesel-portable-compressor");
    await expect(cards(page).first()).toContainText("450 CFM");
    await expect(page.locator("[data-finder-status]")).toHaveText("3 machines match");

    await form.getByLabel("Flow in").selectOption("m3/min");
    await expect(form.getByRole("group", { name: "Free air delivery" }).getByLabel("From")).toHaveValue("7.079");
    await expect(cards(page).first()).toContainText("12.7 m³/min");
    await expect(heading(page)).toHaveText("3 machines match");

    // The address is the finder's state: a reload (or a shared link) shows the same.
    await page.reload();
    await expect(heading(page)).toHaveText("3 machines match");
    await expect(page.getByRole("checkbox", { name: /^Rotary screw/ })).toBeChecked();
    await expect(page.getByLabel("Flow in")).toHaveValue("m3/min");
    await expectNoA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test("units never change the answer: 100 CFM and its m³/min give the same machines, best fit first", {
    tag: "@journey",
  }, async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto("/finder?flowUnit=cfm&flowMin=100&pressureMin=7");
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    const form = page.getByRole("form", { name: "Filters" });
    const from = form.getByRole("group", { name: "Free air delivery" }).getByLabel("From");
    await expect(from).toHaveValue("100");
    await expect(heading(page)).toHaveText("7 machines match");
    await expect(cards(page).first()).toHaveAttribute("data-product-card", "pn-pe-100-electric-portable-screw-compressor");
    await expect(cards(page).first().getByText("Best fit", { exact: true })).toBeVisible();
    await expect(cards(page).nth(1).getByText("Best fit", { exact: true })).toHaveCount(0);

    await form.getByLabel("Flow in").selectOption("m3/min");
    await expect(from).toHaveValue("2.832");
    await expect(page).toHaveURL(/flowMin=2\.832/);
    await expect(heading(page)).toHaveText("7 machines match");
    await expect(cards(page).first()).toHaveAttribute("data-product-card", "pn-pe-100-electric-portable-screw-compressor");
    await expect(cards(page).first()).toContainText("2.83 m³/min");
    await page.reload();
    await expect(page.getByRole("group", { name: "Free air delivery" }).getByLabel("From")).toHaveValue("2.832");
    await expect(heading(page)).toHaveText("7 machines match");

    // Back to CFM: the number typed, not a conversion of a conversion.
    await page.goto("/finder?flowUnit=cfm&flowMin=100&pressureMin=7");
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    await form.getByLabel("Flow in").selectOption("l/s");
    await expect(from).toHaveValue("47.19");
    await form.getByLabel("Flow in").selectOption("cfm");
    await expect(from).toHaveValue("100");
    await expect(heading(page)).toHaveText("7 machines match");
    expect(problems).toEqual([]);
  });

  test("nothing matching shows the closest machines", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/finder?type=scroll&flowMin=1000&flowUnit=cfm");
    await expect(heading(page)).toHaveText("0 machines match");
    await expect(page.getByText("No exact match — the closest:")).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    // Missing the type counts less than missing the flow by a factor of 30: the big machines come first.
    await expect(cards(page).first()).toHaveAttribute("data-product-card", "pn-pd-450-high-pressure-diesel-portable-compressor");
  });

  test("a value that cannot be read is named and left out", { tag: "@journey" }, async ({ page }) => {
    await page.goto("/finder?pressureMin=lots");
    await expect(
      page.getByRole("status").filter({ hasText: "Pressure at least must be a number. It was left out." }),
    ).toBeVisible();
    await expect(heading(page)).toHaveText(/^All \d+ machines$/);
  });

  test("linked as “Find a compressor” from the header and the products page", { tag: "@phone" }, async ({ page }, testInfo) => {
    await page.goto("/products");
    await page.getByRole("link", { name: "Find a compressor by flow, pressure and power" }).click();
    await expect(page).toHaveURL(/\/finder$/);
    await page.goto("/");
    if (isPhone(testInfo.project.use.viewport?.width)) {
      await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
      await page.getByRole("button", { name: "Open menu" }).click();
    }
    await page.getByRole("link", { name: "Find a compressor", exact: true }).click();
    await expect(page).toHaveURL(/\/finder$/);
  });
});

test.describe("finder without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the form is a plain GET form: choosing and pressing Show machines gives the shareable URL", async ({ page }) => {
    await page.goto("/finder");
    const form = page.getByRole("form", { name: "Filters" });
    await form.getByLabel("Pressure in").selectOption("psi");
    await form.getByLabel("Working pressure, at least").fill("145");
    await form.getByLabel("Oil-lubricated").check();
    await form.getByRole("button", { name: "Show machines" }).click();
    await expect(page).toHaveURL(/pressureUnit=psi/);
    await expect(page).toHaveURL(/pressureMin=145/);
    await expect(page).toHaveURL(/lubrication=lubricated/);
    // 145 psi ≈ 10 bar: the three two-stage piston machines (12 bar) and the PN-PD 450 (10.3 bar).
    await expect(heading(page)).toHaveText("4 machines match");
    await expect(cards(page).first()).toContainText("psi");
    await expect(page.getByLabel("Working pressure, at least")).toHaveValue("145");
  });

  test("a shared link shows what was typed; the best fit is first and marked; dryers when chosen", { tag: "@phone" }, async ({
    page,
  }) => {
    await page.goto("/finder?flowUnit=cfm&flowMin=100&pressureMin=7");
    const form = page.getByRole("form", { name: "Filters" });
    const from = form.getByRole("group", { name: "Free air delivery" }).getByLabel("From");
    await expect(from).toHaveValue("100");
    // Compressors only (the 100 CFM dryer is not one), the 100 CFM machine first, the 215 CFM one fourth.
    await expect(heading(page)).toHaveText("7 machines match");
    expect(await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("data-product-card")))).toEqual([
      "pn-pe-100-electric-portable-screw-compressor",
      "pn-rv-22-variable-speed-drive-screw-compressor",
      "pn-pd-185-diesel-portable-compressor",
      "pn-rs-37-rotary-screw-compressor",
      "pn-of-55-oil-free-screw-compressor",
      "pn-rv-75-variable-speed-drive-screw-compressor",
      "pn-pd-450-high-pressure-diesel-portable-compressor",
    ]);
    const best = cards(page).first();
    await expect(best.getByText("Best fit", { exact: true })).toBeVisible();
    await expect(page.locator("[data-finder-results] [data-best-fit]")).toHaveCount(1);
    await expect(form.getByLabel("Sort by")).toHaveValue("");
    await expect(form.getByLabel("Sort by").locator("option:checked")).toHaveText("Best fit to your figures");

    // The same bound in m³/min, as the unit select shows it, gives the same machines.
    await form.getByLabel("Flow in").selectOption("m3/min");
    await from.fill("2.832");
    await form.getByRole("button", { name: "Show machines" }).click();
    await expect(page).toHaveURL(/flowMin=2\.832/);
    await expect(heading(page)).toHaveText("7 machines match");
    await expect(page.getByRole("group", { name: "Free air delivery" }).getByLabel("From")).toHaveValue("2.832");
    await expect(cards(page).first()).toHaveAttribute("data-product-card", "pn-pe-100-electric-portable-screw-compressor");

    await page.getByLabel("Category").selectOption("air-dryers");
    await page.getByRole("button", { name: "Show machines" }).click();
    await expect(cards(page).first()).toHaveAttribute("data-product-card", "pn-rd-100-refrigerated-air-dryer");
  });
});
