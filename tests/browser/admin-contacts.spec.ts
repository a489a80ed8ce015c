import { expect, test } from "@playwright/test";
import { apiCall, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/** Contact Messages (/admin/contacts, the spec's /admin/AdminContact). */

async function sendMessage(base: string, fields: { name: string; email: string; subject: string }) {
  const res = await fetch(`${base}/api/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...fields, phone: "+91 98765 43210", message: "Please send a quotation." }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

test.describe("Contact Messages", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  test(
    "filter by status, search on the server, change status in the row and in the dialog, delete",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const tag = unique(testInfo, "Enquiry").replace(/\s+/g, "-");
      const email = `${tag.toLowerCase()}@example.com`;
      await sendMessage(baseURL!, { name: "Anita Rao", email, subject: `${tag} screw compressor` });
      const secondId = await sendMessage(baseURL!, { name: "Vikram Iyer", email: `other-${email}`, subject: `${tag} dryer` });
      await apiCall(baseURL!, "PUT", `/api/contacts/${secondId}/status`, { status: "resolved" });

      await page.goto(`/admin/AdminContact?search=${encodeURIComponent(tag.toUpperCase())}`);
      await expect(page).toHaveURL(/\/admin\/contacts\?search=/);
      await expect(page.getByRole("heading", { level: 1, name: "Contact Messages" })).toBeVisible();
      await expect(page.getByLabel("Search")).toHaveValue(tag.toUpperCase());
      // A table row on desktop, a card on a phone: the visible ones.
      const rows = page.locator("[data-contact]:visible");
      await expect(rows).toHaveCount(2);
      await expectNoA11yViolations(page);

      // Search matches name, e-mail or subject, case-insensitively (the old ?search= still works).
      await page.getByLabel("Search").fill("VIKRAM iyer");
      await expect(rows.filter({ hasText: tag })).toHaveCount(1);
      await page.getByLabel("Search").fill(`OTHER-${email.toUpperCase()}`);
      await expect(rows).toHaveCount(1);
      await page.getByLabel("Search").fill(`${tag} dryer`);
      await expect(rows).toHaveCount(1);
      await page.getByLabel("Search").fill(tag);

      // The status filter.
      await page.getByLabel("Status", { exact: true }).selectOption("resolved");
      await expect(page).toHaveURL(/status=resolved/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Vikram Iyer");
      await page.getByLabel("Status", { exact: true }).selectOption("new");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Anita Rao");
      await page.getByLabel("Status", { exact: true }).selectOption("all");
      await expect(rows).toHaveCount(2);

      // Status dropdown in the row: the server's answer replaces the row.
      const anita = rows.filter({ hasText: "Anita Rao" });
      await anita.getByLabel("Status of the message from Anita Rao").selectOption("in-progress");
      await expect(toasts(page)).toContainText("Contact status updated successfully!");
      await expect(anita.locator("[data-status]")).toHaveAttribute("data-status", "in-progress");

      // …and in the detail dialog.
      await anita.getByRole("button", { name: "View the message from Anita Rao" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("Please send a quotation.");
      await expect(dialog.getByLabel("Status")).toHaveValue("in-progress");
      await expectNoA11yViolations(page);
      await dialog.getByLabel("Status").selectOption("resolved");
      await expect(dialog.getByLabel("Status")).toHaveValue("resolved");
      await page.keyboard.press("Escape");
      await expect(anita.locator("[data-status]")).toHaveAttribute("data-status", "resolved");
      await expect(anita.getByRole("button", { name: "View the message from Anita Rao" })).toBeFocused();

      // Delete asks first: from the table's row on a desktop, from the detail view on a phone (its cards have none).
      if ((page.viewportSize()?.width ?? 0) < 768) {
        await anita.getByRole("button", { name: "View the message from Anita Rao" }).click();
        await dialog.getByRole("button", { name: "Delete this enquiry" }).click();
      } else await anita.getByRole("button", { name: "Delete the message from Anita Rao" }).click();
      await expect(page.getByRole("alertdialog")).toContainText("Are you sure you want to delete this contact?");
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toasts(page)).toContainText("Contact deleted successfully!");
      await expect(rows).toHaveCount(1);
      await page.reload();
      await expect(rows).toHaveCount(1);
      expect(problems).toEqual([]);
    },
  );

  test("a search without matches and an empty inbox show No contacts found", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
    await page.goto("/admin/contacts?search=no-such-person-anywhere");
    await expect(page.getByText("No contacts found", { exact: true })).toBeVisible();
    await signIn(page, EMPTY_URL);
    await page.goto(`${EMPTY_URL}/admin/contacts`);
    await expect(page.getByText("No contacts found", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("a list that cannot be loaded shows Error: {message}", { tag: "@journey" }, async ({ page }) => {
    await page.route(/\/api\/contacts(\?|$)/, (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "The database is not available." }),
      }),
    );
    await page.goto("/admin/contacts");
    await expect(page.getByRole("alert")).toContainText("Error: The database is not available.");
  });
});
