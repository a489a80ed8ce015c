import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoA11yViolations, watchErrors } from "./support";

/**
 * The calculators at /tools (issue 14): plain GET forms whose URL holds every input, results computed by the
 * server and, with JavaScript, in the browser as the visitor types; "Ask for an audit" / "Request a quote"
 * open the quote form with the figures. The numbers are worked in tests/unit/calculators.test.ts.
 */

const form = (page: Page) => page.getByRole("form", { name: "Calculator" });
const results = (page: Page) => page.locator("#results");
const result = (page: Page, key: string) => results(page).locator(`[data-result="${key}"]`);
const rowList = (page: Page) => form(page).locator("[data-row-list] > [data-row]");
const row = (page: Page, n: number) => rowList(page).nth(n);
/** A field of a row by its label ("Hole size, row 2" is read out; phones show the label, desktops the heading). */
const cell = (r: Locator, label: string) => r.getByLabel(label, { exact: false }).first();
const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

test.describe("the calculators' landing page and links", () => {
  test("/tools offers the three calculators, linked from the footer and the products page", {
    tag: ["@journey", "@a11y"],
  }, async ({ page }) => {
    await page.goto("/products");
    await page.getByRole("link", { name: "Tools for sizing and savings" }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tools for sizing and savings");
    const cards = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(cards).toHaveText(["Air leak cost", "Fixed speed or variable speed", "Compressor sizing"]);
    await page.getByRole("link", { name: "Compressor sizing" }).click();
    await expect(page).toHaveURL(/\/tools\/sizing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How big a compressor do you need?");
    await page.getByRole("contentinfo").getByRole("link", { name: "Calculators" }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expectNoA11yViolations(page);
  });
});

test.describe("calculators without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("air leaks: rows removed and added by the form, figures submitted, results and URL", async ({ page }) => {
    await page.goto("/tools/air-leak-cost");
    await expect(rowList(page)).toHaveCount(3);
    await expect(result(page, "cost")).toHaveText("₹4,30,000 a year");
    // Remove two rows, add one: each a plain request answered with the URL of the changed list.
    await row(page, 0).getByRole("button", { name: "Remove row 1" }).click();
    await expect(rowList(page)).toHaveCount(2);
    await row(page, 0).getByRole("button", { name: "Remove row 1" }).click();
    await expect(rowList(page)).toHaveCount(1);
    await page.getByRole("button", { name: "Add a hole size" }).click();
    await expect(rowList(page)).toHaveCount(2);
    await expect(page).not.toHaveURL(/addRow/);

    await cell(row(page, 0), "Hole size").selectOption("1/4in");
    await cell(row(page, 0), "Number of leaks").fill("1");
    await form(page).getByLabel("Pressure unit").selectOption("psi");
    await textbox(page, "Line pressure").fill("100");
    await textbox(page, "Hours a year under pressure").fill("8760");
    await textbox(page, "Electricity tariff").fill("8");
    await textbox(page, "Compressor specific power").fill("6");
    await form(page).getByRole("button", { name: "Calculate" }).click();

    await expect(page).toHaveURL(/pressure=100&pressureUnit=psi/);
    await expect(page).toHaveURL(/size=1%2F4in&count=1/);
    await expect(page).toHaveURL(/hours=8760/);
    // 1/4″ at 100 psig: the DOE table's 104 CFM.
    await expect(result(page, "flow")).toHaveText("2.95 m³/min (104 CFM)");
    await expect(result(page, "kw")).toHaveText("17.7 kW");
    await expect(result(page, "kwh")).toHaveText("1,55,000 kWh a year");
    await expect(result(page, "cost")).toHaveText("₹12,40,000 a year");
    // The page shows what was typed.
    await expect(textbox(page, "Line pressure")).toHaveValue("100");
  });

  test("air leaks: a wrong or missing value is named beside its field, and nothing is computed", async ({ page }) => {
    await page.goto("/tools/air-leak-cost");
    await textbox(page, "Line pressure").fill("");
    await cell(row(page, 1), "Number of leaks").fill("three");
    await form(page).getByRole("button", { name: "Calculate" }).click();
    await expect(page.getByText("Enter line pressure.")).toBeVisible();
    await expect(row(page, 1).getByText("Number of leaks must be a number.")).toBeVisible();
    await expect(textbox(page, "Line pressure")).toHaveAttribute("aria-invalid", "true");
    await expect(result(page, "cost")).toHaveText("—");
    await expect(results(page).getByText("Please correct the 2 fields marked in the form.")).toBeVisible();
    await expect(results(page).getByRole("link", { name: "Ask for an audit" })).toBeHidden();
  });

  test("fixed vs variable speed: a two-step profile, energy and rupees each, saving and payback", async ({ page }) => {
    await page.goto("/tools/fixed-vs-variable-speed");
    await textbox(page, "Full-load power").fill("100");
    const rows = rowList(page);
    await expect(rows).toHaveCount(5);
    const steps = [
      ["80", "2000"],
      ["40", "2000"],
      ["", ""],
      ["", ""],
      ["", ""],
    ];
    for (const [i, [load, hours]] of steps.entries()) {
      await cell(rows.nth(i), "Demand, % of rated flow").fill(load ?? "");
      await cell(rows.nth(i), "Hours a year").fill(hours ?? "");
    }
    await textbox(page, "Electricity tariff").fill("10");
    await textbox(page, "Price difference").fill("3,00,000");
    await form(page).getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/power=100&/);
    await expect(page).toHaveURL(/load=80&hours=2000&load=40&hours=2000/);
    // Fixed: 100 × (0.8 + 0.2 × 0.25) × 2000 + 100 × (0.4 + 0.6 × 0.25) × 2000 = 2,80,000 kWh.
    await expect(result(page, "fixedKwh")).toHaveText("2,80,000 kWh a year");
    await expect(result(page, "fixedCost")).toHaveText("₹28,00,000 a year");
    await expect(result(page, "variableKwh")).toHaveText("2,72,000 kWh a year");
    await expect(result(page, "savingCost")).toHaveText("₹80,800 a year");
    await expect(result(page, "savingShare")).toHaveText("3%");
    await expect(result(page, "payback")).toHaveText("3 years 9 months");
  });

  test("sizing: the flow and pressure needed, and the finder's matching machines", async ({ page }) => {
    await page.goto("/tools/sizing");
    const rows = rowList(page);
    for (let i = (await rows.count()) - 1; i > 0; i--) {
      await rows
        .nth(i)
        .getByRole("button", { name: `Remove row ${i + 1}` })
        .click();
    }
    await expect(rows).toHaveCount(1);
    await cell(rows.first(), "Tool or machine").fill("Grinder");
    await cell(rows.first(), "Consumption each").fill("1000");
    await cell(rows.first(), "Quantity").fill("2");
    await cell(rows.first(), "Duty cycle, %").fill("50");
    await cell(rows.first(), "Working pressure").fill("6.3");
    await form(page).getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/name=Grinder&use=1000&qty=2&duty=50&toolPressure=6.3/);
    // 1,000 l/min × 2 × 50% = 1 m³/min; × 1.10 × 1.25 = 1.375 m³/min; 6.3 + 1 bar.
    await expect(result(page, "averageFlow")).toHaveText("1 m³/min (35.3 CFM)");
    await expect(result(page, "requiredFlow")).toHaveText("1.38 m³/min (48.6 CFM)");
    await expect(result(page, "requiredPressure")).toHaveText("7.3 bar (106 psi)");

    const matches = page.locator("[data-calculator-products]");
    await expect(matches.getByRole("heading", { level: 2 })).toHaveText("5 machines match");
    // The three smallest compressors big enough (48.6 CFM at 7.3 bar): 52 CFM at 12 bar, 60 CFM at 7.5 bar, 215 CFM.
    await expect(
      matches.getByText("The 3 smallest that deliver at least 1.38 m³/min (48.6 CFM) at 7.3 bar (106 psi)"),
    ).toBeVisible();
    const cards = matches.locator("[data-product-card]");
    await expect(cards).toHaveCount(3);
    expect(await cards.evaluateAll((all) => all.map((card) => card.getAttribute("data-product-card")))).toEqual([
      "pn-rt-15-tank-mounted-heavy-duty-compressor",
      "pn-rs-15-rotary-screw-compressor",
      "pn-rs-37-rotary-screw-compressor",
    ]);
    await expect(cards.first().getByText("Best fit", { exact: true })).toBeVisible();
    // Compressors only, each delivering the flow and pressure.
    await expect(matches.locator('[data-product-card="pn-rd-100-refrigerated-air-dryer"]')).toHaveCount(0);
    await matches.getByRole("link", { name: "See all 5 matches in the finder" }).click();
    await expect(page).toHaveURL(/\/finder\?flowMin=1\.38&pressureMin=7\.3&type=reciprocating/);
    await expect(page.locator("#finder-results-heading")).toHaveText("5 machines match");
    await expect(page.locator("[data-finder-results] [data-product-card]").first()).toHaveAttribute(
      "data-product-card",
      "pn-rt-15-tank-mounted-heavy-duty-compressor",
    );
    await expect(page.locator("[data-finder-results] [data-best-fit]")).toHaveText("Best fit");
  });

  test("sizing and fixed vs variable speed: the first screen a buyer sees", { tag: "@phone" }, async ({ page }) => {
    // The defaults' sizing: 36.9 CFM at 7.3 bar, then the smallest machines big enough, not the biggest.
    await page.goto("/tools/sizing");
    await expect(result(page, "requiredFlow")).toHaveText("1.05 m³/min (36.9 CFM)");
    const cards = page.locator("[data-calculator-products] [data-product-card]");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toHaveAttribute("data-product-card", "pn-rt-15-tank-mounted-heavy-duty-compressor");

    // A plant with varying demand, said on the page as ours, saving what the product pages' "up to 35%" allows.
    await page.goto("/tools/fixed-vs-variable-speed");
    await expect(page.locator("[data-example-profile]")).toContainText(
      "Our illustrative two-shift plant (an example, not survey data)",
    );
    await expect(page.locator("[data-example-profile]")).toContainText("3,960 hours at 10%");
    await expect(result(page, "savingShare")).toHaveText("13%");
    await expect(result(page, "payback")).toHaveText("1 year 8 months");
  });

  test("the hand-over works as a plain link: the quote form opens with the figures", async ({ page }) => {
    await page.goto("/tools/air-leak-cost?size=1%2F4in&count=1&pressure=100&pressureUnit=psi&hours=8760");
    await page.getByRole("link", { name: "Ask for an audit" }).click();
    await expect(page).toHaveURL(/\/quote\?pressure=6\.89\+bar&hoursPerDay=24&application=Compressed\+air\+leak\+audit/);
    await expect(textbox(page, "Working pressure (optional)")).toHaveValue("6.89 bar");
  });
});

test.describe("calculators with JavaScript", () => {
  test("air leaks: results, URL and live region follow the typing; rows and units change in place", {
    tag: ["@journey", "@a11y"],
  }, async ({ page }) => {
    const problems = watchErrors(page);
    await page.goto("/tools/air-leak-cost");
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    await expect(result(page, "cost")).toHaveText("₹4,30,000 a year");

    // One more 1/8″ leak: 26.3 CFM more at 7 bar.
    await cell(row(page, 2), "Number of leaks").fill("2");
    await expect(result(page, "flow")).toHaveText("2.24 m³/min (79.1 CFM)");
    await expect(result(page, "cost")).toHaveText("₹6,45,000 a year");
    await expect(page).toHaveURL(/size=1%2F8in&count=2/);
    await expect(form(page).locator("[data-calculator-status]")).toHaveText(
      "Your leaks waste 2.24 m³/min (79.1 CFM), about ₹6,45,000 a year.",
    );

    // Adding and removing rows happen in place (no page load), renumbered.
    const url = page.url();
    await page.getByRole("button", { name: "Add a hole size" }).click();
    await expect(rowList(page)).toHaveCount(4);
    await expect(rowList(page).nth(3).getByRole("button", { name: "Remove row 4" })).toBeVisible();
    await cell(row(page, 3), "Hole size").selectOption("3mm");
    await cell(row(page, 3), "Number of leaks").fill("1");
    await expect(page).toHaveURL(/size=3mm&count=1/);
    await row(page, 0).getByRole("button", { name: "Remove row 1" }).click();
    await expect(rowList(page)).toHaveCount(3);
    await expect(row(page, 0).getByRole("button", { name: "Remove row 1" })).toBeVisible();
    expect(page.url()).not.toBe(url);
    await expect(page).not.toHaveURL(/size=1%2F32in/);

    // A unit change converts what was typed: 7 bar is 101.5 psi, and the result stays.
    const cost = await result(page, "cost").textContent();
    await form(page).getByLabel("Pressure unit").selectOption("psi");
    await expect(textbox(page, "Line pressure")).toHaveValue("101.5");
    await expect(result(page, "cost")).toHaveText(cost ?? "");
    await expect(page).toHaveURL(/pressure=101\.5&pressureUnit=psi/);

    // A mistake is named as it is typed, and the results wait for it.
    await textbox(page, "Electricity tariff").fill("eight");
    await expect(page.getByText("Electricity tariff must be a number.")).toBeVisible();
    await expect(result(page, "cost")).toHaveText("—");
    await expect(results(page).getByRole("link", { name: "Ask for an audit" })).toBeHidden();
    await textbox(page, "Electricity tariff").fill("8");
    await expect(page.getByText("Electricity tariff must be a number.")).toBeHidden();
    await expect(result(page, "cost")).not.toHaveText("—");

    // The address is the calculator's state.
    const shown = await result(page, "cost").textContent();
    await page.reload();
    await expect(result(page, "cost")).toHaveText(shown ?? "");
    await expect(rowList(page)).toHaveCount(3);
    await expectNoA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test("air leaks: “Ask for an audit” opens the quote form with the figures in its sizing details", { tag: "@journey" }, async ({
    page,
  }) => {
    await page.goto("/tools/air-leak-cost");
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    await form(page).getByLabel("Pressure unit").selectOption("psi");
    await textbox(page, "Line pressure").fill("100");
    await textbox(page, "Hours a year under pressure").fill("4380");
    await expect(page).toHaveURL(/hours=4380/);
    await page.getByRole("link", { name: "Ask for an audit" }).click();
    await expect(page).toHaveURL(/\/quote\?/);
    await expect(textbox(page, "Working pressure (optional)")).toHaveValue("6.89 bar");
    await expect(page.getByRole("spinbutton", { name: "Running hours per day (optional)" })).toHaveValue("12");
    await expect(textbox(page, "Application (optional)")).toHaveValue("Compressed air leak audit");
    const message = await textbox(page, "Message (optional)").inputValue();
    expect(message).toContain("From the air leak cost calculator:");
    expect(message).toContain("at 6.89 bar (100 psi), 4,380 hours a year, ₹8/kWh, 6 kW per m³/min.");
    expect(message).toMatch(/Result: [\d.]+ m³\/min \([\d.]+ CFM\) leaking/);
    expect(message).toContain("Please contact me about a leak audit.");
    expect(message).toMatch(/\n\/tools\/air-leak-cost\?.*hours=4380/);
  });

  test("fixed vs variable speed: results follow the profile", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
    await page.goto("/tools/fixed-vs-variable-speed");
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    await textbox(page, "Full-load power").fill("100");
    await textbox(page, "Electricity tariff").fill("10");
    const rows = rowList(page);
    for (let i = (await rows.count()) - 1; i >= 2; i--)
      await rows
        .nth(i)
        .getByRole("button", { name: `Remove row ${i + 1}` })
        .click();
    await cell(rows.nth(0), "Demand, % of rated flow").fill("80");
    await cell(rows.nth(0), "Hours a year").fill("2000");
    await cell(rows.nth(1), "Demand, % of rated flow").fill("40");
    await cell(rows.nth(1), "Hours a year").fill("2000");
    await textbox(page, "Price difference").fill("300000");
    await expect(result(page, "savingCost")).toHaveText("₹80,800 a year");
    await expect(result(page, "payback")).toHaveText("3 years 9 months");
    await expect(page).toHaveURL(/load=80&hours=2000&load=40&hours=2000/);
    // A profile at full load: the drive loss makes variable speed the dearer one.
    await cell(rows.nth(0), "Demand, % of rated flow").fill("100");
    await cell(rows.nth(1), "Demand, % of rated flow").fill("100");
    await expect(result(page, "payback")).toHaveText("No payback: variable speed does not save energy on this profile.");
    await expectNoA11yViolations(page);
  });

  test("sizing: flow follows the tools, the matching machines follow the flow, and “Request a quote” carries them", {
    tag: "@journey",
  }, async ({ page }) => {
    await page.goto("/tools/sizing?name=Grinder&use=1000&qty=2&duty=50&toolPressure=6.3");
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    const matches = page.locator("[data-calculator-products]");
    await expect(matches.getByRole("heading", { level: 2 })).toHaveText("5 machines match");
    await cell(rowList(page).first(), "Quantity").fill("10");
    // 10 × 1 m³/min × 50% = 5 m³/min, × 1.375 = 6.88 m³/min.
    await expect(result(page, "requiredFlow")).toHaveText("6.88 m³/min (243 CFM)");
    await expect(page).toHaveURL(/qty=10/);
    await expect(matches.getByRole("link", { name: /^See all \d+ match(es)? in the finder$/ })).toHaveAttribute(
      "href",
      /flowMin=6\.88/,
    );
    await expect(matches.getByRole("heading", { level: 2 })).not.toHaveText("5 machines match");
    await expect(matches.getByText(/^The \d smallest that deliver at least 6\.88 m³\/min \(243 CFM\)/)).toBeVisible();

    await page.getByRole("link", { name: "Request a quote" }).click();
    await expect(page).toHaveURL(/\/quote\?/);
    await expect(textbox(page, "Required air flow (optional)")).toHaveValue("243 CFM");
    await expect(textbox(page, "Working pressure (optional)")).toHaveValue("7.3 bar");
    await expect(textbox(page, "Application (optional)")).toHaveValue("10 × Grinder");
    await expect(textbox(page, "Message (optional)")).toHaveValue(/Result: 6\.88 m³\/min \(243 CFM\) at 7\.3 bar \(106 psi\)\./);
  });
});

test.describe("the quote form's details from a link", () => {
  test("are read, cut to the fields' limits, and wrong hours left out; products still come with the link", {
    tag: "@journey",
  }, async ({ page }) => {
    const long = "x".repeat(150);
    await page.goto(
      `/quote?product=pn-rs-15-rotary-screw-compressor&flow=${long}&pressure=7.5%20bar&hoursPerDay=99&application=Foundry&message=Line%20one%0ALine%20two`,
    );
    await expect(textbox(page, "Required air flow (optional)")).toHaveValue("x".repeat(100));
    await expect(textbox(page, "Working pressure (optional)")).toHaveValue("7.5 bar");
    await expect(page.getByRole("spinbutton", { name: "Running hours per day (optional)" })).toHaveValue("");
    await expect(textbox(page, "Application (optional)")).toHaveValue("Foundry");
    await expect(textbox(page, "Message (optional)")).toHaveValue("Line one\nLine two");
    await expect(page.getByTestId("quote-item")).toHaveCount(1);
  });
});
