import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type ServerProcess, startServerProcess } from "../support/process";
import { apiCall, signIn, toasts } from "./admin-support";
import { ADMIN, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

/**
 * Held enquiries in the inbox (issue 29, finding 4): past the site-wide hourly cap enquiries are stored as
 * held. The shared test servers run without rate limits, so this file starts a server of its own (from a
 * copy of the prepared demo data) with RATE_LIMITS=on and ENQUIRY_HOURLY_CAP=1: the first enquiry is
 * ordinary, the next two are held.
 */

let server: ServerProcess;
let dataDir: string;

async function post(pathname: string, ip: string, body: unknown): Promise<{ reference: string }> {
  const res = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { data: { reference: string } }).data;
}

const message = (name: string) => ({ name, email: "buyer@example.com", subject: "Brochure", message: "Please send one." });

test.beforeAll(async () => {
  // A server's start (the copy, PGlite, the migrations) can take longer than a test on a busy machine.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "pneuma-browser-held-"));
  cpSync(process.env.BROWSER_TEST_SEEDED_DATA!, dataDir, { recursive: true });
  server = await startServerProcess({
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMITS: "on",
    ENQUIRY_HOURLY_CAP: "1",
    TRUST_PROXY: "loopback",
  });
});

test.afterAll(async () => {
  server?.proc.kill("SIGTERM");
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const visibleRows = (page: Page) => page.locator("[data-contact]:visible");

test("the Held filter lists the held enquiries with a badge; staff release them", { tag: "@phone" }, async ({ page }) => {
  const errors = watchErrors(page);
  const { data: products } = await apiCall<{ data: { _id: string; name: string }[] }>(server.url, "GET", "/api/product?limit=1");
  await post("/api/contacts", "198.51.100.1", message("Ordinary Buyer"));
  const quote = await post("/api/quotes", "203.0.113.7", {
    ...message("Held Quoter"),
    items: [{ productId: products[0]!._id, quantity: 2 }],
  });
  const held = await post("/api/contacts", "192.0.2.9", message("Held Writer"));

  await signIn(page, server.url);
  await page.goto(`${server.url}/admin/contacts`);
  await expect(page.getByText("3 enquiries")).toBeVisible();
  await expect(page.locator("[data-held]:visible")).toHaveCount(2);
  await expect(visibleRows(page).filter({ hasText: "Ordinary Buyer" }).locator("[data-held]")).toHaveCount(0);

  // The digest's link: the inbox with the Held filter.
  await page.getByLabel("Held", { exact: true }).selectOption("true");
  await expect(page).toHaveURL(/[?&]held=true/);
  await expect(page.getByText("2 enquiries")).toBeVisible();
  await expect(visibleRows(page)).toHaveCount(2);
  for (const row of await visibleRows(page).all()) await expect(row.getByText("Held", { exact: true })).toBeVisible();
  await expect(visibleRows(page).filter({ hasText: "Held Quoter" })).toContainText(quote.reference);
  await expectNoA11yViolations(page);
  await expectNoHorizontalScroll(page);

  // Released from the list: it leaves the Held filter.
  await page.getByRole("button", { name: "Release the held message from Held Quoter" }).click();
  await expect(toasts(page)).toContainText(`${quote.reference}: Released: it is now an ordinary enquiry.`);
  await expect(page.getByText("1 enquiry", { exact: true })).toBeVisible();

  // Released from the detail, which says what held meant.
  await visibleRows(page)
    .filter({ hasText: "Held Writer" })
    .getByRole("button", { name: /View the message from Held Writer/ })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("note")).toContainText("it arrived past the hourly cap on enquiries");
  await expectNoA11yViolations(page);
  await expectNoHorizontalScroll(page);
  await dialog.getByRole("button", { name: "Release this enquiry" }).click();
  await expect(dialog.getByRole("note")).toBeHidden();
  await expect(toasts(page)).toContainText(`${held.reference}: Released`);
  await page.keyboard.press("Escape");
  await expect(page.getByText("No contacts found")).toBeVisible();

  await page.getByLabel("Held", { exact: true }).selectOption("all");
  await expect(page.getByText("3 enquiries")).toBeVisible();
  await expect(page.locator("[data-held]:visible")).toHaveCount(0);
  expect(errors).toEqual([]);
});
