import { expect, type Page, test } from "@playwright/test";
import { apiCall, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * Site Settings (/admin/settings) and Home Specifications (/admin/specifications). The settings are one
 * shared record: the saving tests run on the empty-database server, in one project only, and put back what
 * they changed.
 */

test.describe("Site Settings and Home Specifications", () => {
  test("settings: a bad e-mail address is refused before sending", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    let puts = 0;
    page.on("request", (r) => {
      if (r.method() === "PUT" && r.url().endsWith("/api/settings")) puts++;
    });
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Site Settings" })).toBeVisible();
    await expect(page.getByLabel("Company name")).toHaveValue("Pneuma Air Systems");
    await expectNoA11yViolations(page);
    await page.getByLabel("E-mail address 1").fill("not-an-address");
    await page.getByLabel("Company name").fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Each e-mail address must be valid.");
    await expect(alert).toContainText("Company name is required.");
    await expect(page.getByLabel("E-mail address 1")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Company name")).toHaveAttribute("aria-invalid", "true");
    // The first field in error (in the page's order) is focused; the count stands beside the button.
    await expect(page.getByLabel("Company name")).toBeFocused();
    await expect(page.getByText("2 fields need attention", { exact: true })).toBeVisible();
    await page.getByLabel("Facebook link").fill("facebook.com/nothing");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(alert).toContainText("Facebook link must be an http(s) URL.");
    await expect(page.getByText("3 fields need attention", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Company name")).toBeFocused();
    // Enquiry notifications: several addresses a kind; an empty list means the first e-mail address.
    const notifications = page.getByRole("region", { name: "Enquiry notifications" });
    await expect(notifications).toContainText("When a list is empty, its enquiries go to the first e-mail address");
    await notifications.getByRole("button", { name: "+ Add Quote Address" }).click();
    await notifications.getByLabel("Quote request address 1").fill("sales@");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(alert).toContainText("Each address in Quote request notifications must be a valid e-mail address.");
    await expect(notifications.getByLabel("Quote request address 1")).toHaveAttribute("aria-invalid", "true");
    expect(puts).toBe(0);
    await expectNoA11yViolations(page);
  });

  test("specifications: rows can be added, reordered and removed; a row needs a label", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.goto("/admin/specifications");
    await expect(page.getByRole("heading", { level: 1, name: "Home Specifications" })).toBeVisible();
    await expect(page.getByLabel("Specification label 1")).toHaveValue("Working pressure");
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Move specification 1 down" }).click();
    await expect(page.getByLabel("Specification label 2")).toHaveValue("Working pressure");
    await expect(page.getByRole("button", { name: "Move specification 2 down" })).toBeFocused();
    await page.getByRole("button", { name: "Move specification 2 up" }).click();
    await expect(page.getByLabel("Specification label 1")).toHaveValue("Working pressure");
    await expect(page.getByRole("button", { name: "Move specification 1 up" })).toBeDisabled();
    await page.getByRole("button", { name: "+ Add Row" }).click();
    await page.getByRole("button", { name: "Save Specifications" }).click();
    await expect(page.getByRole("alert")).toContainText("Every specification row needs a label.");
  });
});

async function footerText(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/`);
  return (await page.locator("footer").innerText()) ?? "";
}

test.describe("Saving settings", () => {
  test("a changed phone label shows in the public footer; specification rows show on the home page; notification addresses are saved", async ({
    page,
  }, testInfo) => {
    const problems = watchErrors(page);
    await signIn(page, ADMIN_URL);
    const original = await apiCall<Record<string, unknown>>(ADMIN_URL, "GET", "/api/settings");
    const label = unique(testInfo, "Hotline");
    const specLabel = unique(testInfo, "Max pressure");
    try {
      await page.goto(`${ADMIN_URL}/admin/settings`);
      await page.getByRole("button", { name: "+ Add Phone" }).click();
      const index = await page.locator("input[id*='-phones-label-']").count();
      await page.getByLabel(`Phone label ${index}`).fill(label);
      await page.getByLabel(`Phone number ${index}`).fill("+91 99999 00000");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toasts(page)).toContainText("Settings updated successfully!");
      expect(await footerText(page, ADMIN_URL)).toContain(`${label}: `);

      await page.goto(`${ADMIN_URL}/admin/specifications`);
      await page.getByRole("button", { name: "+ Add Row" }).click();
      const rows = await page.locator("input[id*='-homeSpecifications-label-']").count();
      await page.getByLabel(`Specification label ${rows}`).fill(specLabel);
      await page.getByLabel(`Specification value ${rows}`).fill("16 bar");
      if (rows > 1) {
        await page.getByRole("button", { name: `Move specification ${rows} up` }).click();
      }
      await page.getByRole("button", { name: "Save Specifications" }).click();
      await expect(toasts(page)).toContainText("Settings updated successfully!");
      await page.goto(`${ADMIN_URL}/`);
      await expect(page.getByText(specLabel)).toBeVisible();
      await expect(page.getByText("16 bar")).toBeVisible();

      // The settings screen still shows the phone saved earlier (the two screens do not undo each other).
      await page.goto(`${ADMIN_URL}/admin/settings`);
      await expect(page.getByLabel(`Phone label ${index}`)).toHaveValue(label);

      // Notification addresses: two for quotes, one for service requests, none (the first e-mail) for messages.
      const notifications = page.getByRole("region", { name: "Enquiry notifications" });
      await notifications.getByRole("button", { name: "+ Add Quote Address" }).click();
      await notifications.getByLabel("Quote request address 1").fill("sales@example.com");
      await notifications.getByRole("button", { name: "+ Add Quote Address" }).click();
      await notifications.getByLabel("Quote request address 2").fill("Export@Example.com");
      await notifications.getByRole("button", { name: "+ Add Service Address" }).click();
      await notifications.getByLabel("Service request address 1").fill("service@example.com");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(toasts(page)).toContainText("Settings updated successfully!");
      const saved = await apiCall<{ notifications: unknown }>(ADMIN_URL, "GET", "/api/settings");
      expect(saved.notifications).toEqual({
        quotes: ["sales@example.com", "export@example.com"],
        services: ["service@example.com"],
        messages: [],
      });
      await page.reload();
      await expect(notifications.getByLabel("Quote request address 2")).toHaveValue("export@example.com");
      await expect(notifications).toContainText("No addresses: these go to");
      await notifications.getByRole("button", { name: "Remove quote address 1" }).click();
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect
        .poll(
          async () =>
            (await apiCall<{ notifications: { quotes: string[] } }>(ADMIN_URL, "GET", "/api/settings")).notifications.quotes,
        )
        .toEqual(["export@example.com"]);
      expect(problems).toEqual([]);
    } finally {
      await apiCall(ADMIN_URL, "PUT", "/api/settings", {
        phones: original.phones,
        homeSpecifications: original.homeSpecifications,
        notifications: original.notifications,
      });
    }
  });
});

test("the price note is edited in Site Settings and shows beside the prices (issue 30)", async ({ page }, testInfo) => {
  await signIn(page, ADMIN_URL);
  const original = await apiCall<{ priceNote: string }>(ADMIN_URL, "GET", "/api/settings");
  const note = unique(testInfo, "Ex-works Salem. GST 18% extra. Freight to site at cost.");
  try {
    await page.goto(`${ADMIN_URL}/admin/settings`);
    const field = page.getByRole("region", { name: "Prices" }).getByLabel("Price note");
    await expect(field).toHaveValue("Ex-works Salem. GST 18% extra.");
    await field.fill(note);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toasts(page)).toContainText("Settings updated successfully!");
    await page.goto(`${ADMIN_URL}/products/rotary-screw-compressors/pn-rs-37-rotary-screw-compressor`);
    await expect(page.getByRole("main").locator("[data-price-note]")).toHaveText(note);
  } finally {
    await apiCall(ADMIN_URL, "PUT", "/api/settings", { priceNote: original.priceNote });
  }
});

test("the company GSTIN and the quotation terms are edited in Site Settings; a wrong GSTIN is refused in words (issue 32)", async ({
  page,
}) => {
  await signIn(page, ADMIN_URL);
  const original = await apiCall<{ gstin: string; quotationValidityDays: number }>(ADMIN_URL, "GET", "/api/settings");
  try {
    await page.goto(`${ADMIN_URL}/admin/settings`);
    const tax = page.getByRole("region", { name: "Tax" });
    const quotations = page.getByRole("region", { name: "Quotations" });
    await expect(tax.getByLabel("GSTIN")).toHaveValue("33AAKCP1998Q1ZI");
    await expect(quotations.getByLabel("Valid for (days)")).toHaveValue("30");
    await tax.getByLabel("GSTIN").fill("33AAKCP1998Q1ZJ");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("alert")).toContainText("GSTIN's last character does not match: check for a typing mistake.");
    await tax.getByLabel("GSTIN").fill("33aakcp1998q1zi");
    await quotations.getByLabel("Valid for (days)").fill("45");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toasts(page)).toContainText("Settings updated successfully!");
    const saved = await apiCall<{ gstin: string; quotationValidityDays: number }>(ADMIN_URL, "GET", "/api/settings");
    expect([saved.gstin, saved.quotationValidityDays]).toEqual(["33AAKCP1998Q1ZI", 45]);
  } finally {
    await apiCall(ADMIN_URL, "PUT", "/api/settings", {
      gstin: original.gstin,
      quotationValidityDays: original.quotationValidityDays,
    });
  }
});

test("the IndiaMART CRM key is saved and removed in Site Settings, never shown back; the dashboard shows the pull (issue 32)", async ({
  page,
}) => {
  await signIn(page, ADMIN_URL);
  const key = "mRyzE7lp4HvGSq3v5XSN7l-browser";
  try {
    await page.goto(`${ADMIN_URL}/admin/settings`);
    const section = page.getByRole("region", { name: "IndiaMART" });
    await expect(section).toContainText("No key is set.");
    await section.getByLabel("New CRM key").fill(key);
    await section.getByRole("button", { name: "Save key" }).click();
    await expect(toasts(page)).toContainText("The IndiaMART CRM key is saved.");
    await expect(section).toContainText("A key is set.");
    await expect(section.getByLabel("New CRM key")).toHaveValue("");
    await expectNoA11yViolations(page);
    expect(await page.content()).not.toContain(key);

    await page.goto(`${ADMIN_URL}/admin/dashboard`);
    const panel = page.getByRole("region", { name: "IndiaMART leads" });
    await expect(panel).toContainText("Not yet (every 10 minutes)");
    await expect(panel.getByRole("button", { name: "Pull now" })).toBeVisible();

    await page.goto(`${ADMIN_URL}/admin/settings`);
    await section.getByRole("button", { name: "Remove key" }).click();
    await expect(section).toContainText("No key is set.");
  } finally {
    await apiCall(ADMIN_URL, "PUT", "/api/settings", { indiamartCrmKey: "" });
  }
});

test("an owner adds a GST rate from a day on when the law changes, and deletes a wrong one (issue 32)", async ({ page }) => {
  await signIn(page, ADMIN_URL);
  const hsn = `8421${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  await page.goto(`${ADMIN_URL}/admin/settings`);
  const section = page.getByRole("region", { name: "GST rates" });
  await expect(section).toContainText("HSN 8414");
  await section.getByLabel("HSN or SAC code").fill("12");
  await section.getByLabel("Rate (%)").fill("18");
  await section.getByLabel("Effective from").fill("2027-04-01");
  await section.getByRole("button", { name: "Add rate" }).click();
  await expect(section.getByRole("alert")).toContainText("HSN code must be 4, 6 or 8 digits");
  await section.getByLabel("HSN or SAC code").fill(hsn);
  await section.getByRole("button", { name: "Add rate" }).click();
  await expect(toasts(page)).toContainText(`GST 18% for HSN ${hsn} from 2027-04-01 added.`);
  const row = section.getByRole("listitem").filter({ hasText: `HSN ${hsn}` });
  await expect(row).toContainText("18%");
  await expectNoA11yViolations(page);
  await row.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(row).toHaveCount(0);
});
