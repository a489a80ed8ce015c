import { expect, type Page, test } from "@playwright/test";
import { apiCall, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * Site Settings (/admin/settings) and Home Specifications (/admin/specifications) where only a browser can
 * tell: one journey through each screen, focus, axe, and the public pages (the production build's) showing what
 * was saved. What the forms refuse, send and show is the screen tests', tests/screen/admin-settings.test.tsx.
 * The settings are one shared record: every test puts back what it changed.
 */

type Settings = Record<string, unknown>;

async function footerText(page: Page): Promise<string> {
  await page.goto("/");
  return (await page.locator("footer").innerText()) ?? "";
}

test(
  "an owner's way through Site Settings: wrong fields are refused, the first one focused; a new phone saved shows in the public footer",
  { tag: ["@journey", "@focus"] },
  async ({ page, baseURL }, testInfo) => {
    await signIn(page, baseURL!);
    const problems = watchErrors(page);
    const original = await apiCall<Settings>(baseURL!, "GET", "/api/settings");
    const label = unique(testInfo, "Hotline");
    try {
      await page.goto("/admin/settings");
      await expect(page.getByRole("heading", { level: 1, name: "Site Settings" })).toBeVisible();
      await page.getByLabel("E-mail address 1").fill("not-an-address");
      await page.getByLabel("Company name").fill("");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByRole("alert")).toContainText("Company name is required.");
      // The first field in error (in the page's order, not the last one typed in) is focused; the count stands
      // beside the button.
      await expect(page.getByLabel("Company name")).toBeFocused();
      await expect(page.getByText("2 fields need attention", { exact: true })).toBeVisible();

      await page.reload();
      await page.getByRole("button", { name: "+ Add Phone" }).click();
      const index = await page.locator("input[id*='-phones-label-']").count();
      await page.getByLabel(`Phone label ${index}`).fill(label);
      await page.getByLabel(`Phone number ${index}`).fill("+91 99999 00000");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toasts(page)).toContainText("Settings updated successfully!");
      expect(problems).toEqual([]);
      expect(await footerText(page)).toContain(`${label}: `);
    } finally {
      await apiCall(baseURL!, "PUT", "/api/settings", { phones: original.phones });
    }
  },
);

test("Site Settings: no axe violations (a key saved, with its toast; the form's messages)", { tag: "@a11y" }, async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  try {
    await page.goto("/admin/settings");
    const section = page.getByRole("region", { name: "IndiaMART" });
    await section.getByLabel("New CRM key").fill("mRyzE7lp4HvGSq3v5XSN7l-browser");
    await section.getByRole("button", { name: "Save key" }).click();
    await expect(toasts(page)).toContainText("The IndiaMART CRM key is saved.");
    await expect(section).toContainText("A key is set.");
    await expect(page.getByRole("region", { name: "GST rates" })).toContainText("HSN 8414");
    await expectNoA11yViolations(page);

    await page.getByLabel("Company name").fill("");
    const notifications = page.getByRole("region", { name: "Enquiry notifications" });
    await notifications.getByRole("button", { name: "+ Add Quote Address" }).click();
    await notifications.getByLabel("Quote request address 1").fill("sales@");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("alert")).toContainText("Company name is required.");
    await expectNoA11yViolations(page);
  } finally {
    await apiCall(baseURL!, "PUT", "/api/settings", { indiamartCrmKey: "" });
  }
});

test(
  "Home Specifications: a moved row keeps the keyboard on its button; a new row saved shows on the home page; no axe violations",
  { tag: ["@journey", "@focus", "@a11y"] },
  async ({ page, baseURL }, testInfo) => {
    await signIn(page, baseURL!);
    const original = await apiCall<Settings>(baseURL!, "GET", "/api/settings");
    const specLabel = unique(testInfo, "Max pressure");
    try {
      await page.goto("/admin/specifications");
      await expect(page.getByLabel("Specification label 1")).toHaveValue("Working pressure");
      await expectNoA11yViolations(page);
      await page.getByRole("button", { name: "Move specification 1 down" }).click();
      await expect(page.getByLabel("Specification label 2")).toHaveValue("Working pressure");
      await expect(page.getByRole("button", { name: "Move specification 2 down" })).toBeFocused();
      await page.getByRole("button", { name: "Move specification 2 up" }).click();
      await expect(page.getByLabel("Specification label 1")).toHaveValue("Working pressure");
      // At the top there is no Move up: the keyboard goes to the row's Move down.
      await expect(page.getByRole("button", { name: "Move specification 1 down" })).toBeFocused();

      await page.getByRole("button", { name: "+ Add Row" }).click();
      const rows = await page.locator("input[id*='-homeSpecifications-label-']").count();
      await page.getByLabel(`Specification label ${rows}`).fill(specLabel);
      await page.getByLabel(`Specification value ${rows}`).fill("16 bar");
      await page.getByRole("button", { name: "Save Specifications" }).click();
      await expect(toasts(page)).toContainText("Settings updated successfully!");
      await page.goto("/");
      await expect(page.getByText(specLabel)).toBeVisible();
      await expect(page.getByText("16 bar")).toBeVisible();
    } finally {
      await apiCall(baseURL!, "PUT", "/api/settings", { homeSpecifications: original.homeSpecifications });
    }
  },
);

test.describe("the public pages a saved setting changes", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the price note saved in Site Settings shows beside the prices (issue 30)", async ({ page, baseURL }, testInfo) => {
    const original = await apiCall<{ priceNote: string }>(baseURL!, "GET", "/api/settings");
    const note = unique(testInfo, "Ex-works Salem. GST 18% extra. Freight to site at cost.");
    try {
      await apiCall(baseURL!, "PUT", "/api/settings", { priceNote: note });
      await page.goto("/products/rotary-screw-compressors/pn-rs-37-rotary-screw-compressor");
      await expect(page.getByRole("main").locator("[data-price-note]")).toHaveText(note);
    } finally {
      await apiCall(baseURL!, "PUT", "/api/settings", { priceNote: original.priceNote });
    }
  });
});
