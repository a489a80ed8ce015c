import { expect, test } from "@playwright/test";
import { apiCall, signIn } from "./admin-support";
import { ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/** Dashboard Overview (/admin and /admin/dashboard). */

interface ServiceLite {
  title: string;
  benefits: string[];
}

test.describe("Dashboard Overview", () => {
  test("tiles show Loading... and then the counts; recent contacts and services with +N more", async ({ page, baseURL }) => {
    const problems = watchErrors(page);
    await signIn(page, baseURL!);
    await fetch(`${baseURL}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Dashboard Visitor",
        email: "dash@example.com",
        subject: "Dashboard check",
        message: "Hello",
      }),
    });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route("**/api/service", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
    const tiles = page.locator("main ul").first().locator("> li");
    await expect(tiles).toHaveCount(3);
    for (const i of [0, 1, 2]) await expect(tiles.nth(i)).toContainText("Loading...");
    release();
    await expect(tiles.nth(0)).toContainText(/Active Products\s*\d+/);
    await expect(tiles.nth(1)).toContainText(/Services\s*\d+/);
    await expect(tiles.nth(2)).toContainText(/Customers\s*\d+/);
    // Real figures instead of random arrows.
    await expect(tiles.nth(2)).toContainText(/\d+ messages? in the last 30 days/);
    await expect(tiles.nth(0)).toContainText(/\d+ added in the last 30 days/);

    const contacts = page.getByRole("region", { name: "Recent Contacts" }).getByRole("listitem");
    expect(await contacts.count()).toBeGreaterThanOrEqual(1);
    expect(await contacts.count()).toBeLessThanOrEqual(5);

    const services = await apiCall<ServiceLite[]>(baseURL!, "GET", "/api/service");
    const panel = page.getByRole("region", { name: "Services" });
    await expect(panel.getByRole("heading", { level: 3 })).toHaveCount(Math.min(3, services.length));
    for (const s of services.slice(0, 3)) {
      const item = panel.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: s.title }) });
      await expect(item.locator("li.rounded-full")).toHaveCount(Math.min(3, s.benefits.length));
      if (s.benefits.length > 3) await expect(item).toContainText(`+${s.benefits.length - 3} more`);
    }
    await expectNoA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test("a failed load shows Error, the SPEC §4 message and Retry", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.route("**/api/contacts", (route) => route.abort());
    await page.goto("/admin/dashboard");
    const tiles = page.locator("main ul").first().locator("> li");
    for (const i of [0, 1, 2]) await expect(tiles.nth(i)).toContainText("Error");
    await expect(page.getByRole("alert")).toContainText("Failed to fetch data. Please try again later.");
    await expectNoA11yViolations(page);
    await page.unroute("**/api/contacts");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(tiles.nth(2)).toContainText(/Customers\s*\d+/);
  });

  test("on an empty site the counts are zero", async ({ page }) => {
    await signIn(page, EMPTY_URL);
    await page.goto(`${EMPTY_URL}/admin/dashboard`);
    const tiles = page.locator("main ul").first().locator("> li");
    await expect(tiles.nth(0)).toContainText(/Active Products\s*0/);
    await expect(page.getByRole("region", { name: "Recent Contacts" })).toContainText("No contacts found");
    await expectNoA11yViolations(page);
  });
});
