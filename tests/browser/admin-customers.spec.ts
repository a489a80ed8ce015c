import { expect, test } from "@playwright/test";
import { signIn, unique } from "./admin-support";
import { ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * Customers (/admin/customers): the sales desk's companies. An enquiry joins the customer with its e-mail
 * (any case) or phone, else makes one; admin-sales.spec.ts adds, edits, merges and deletes them.
 */

async function sendMessage(base: string, fields: { name: string; email: string; phone: string }) {
  const res = await fetch(`${base}/api/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...fields, subject: "Quotation", message: "Please send a quotation." }),
  });
  expect(res.status).toBe(201);
}

/** A mobile number no other test sends (customers are matched by phone too). */
const uniquePhone = () => `+91 9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

test.describe("Customers", () => {
  test(
    "messages from the same e-mail (any case) count as one customer; the link opens their messages",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const tag = unique(testInfo, "customer").replace(/\s+/g, "-").toLowerCase();
      const email = `${tag}@example.com`;
      const phone = uniquePhone();
      await sendMessage(baseURL!, { name: "Meena K", email, phone });
      await sendMessage(baseURL!, { name: "Meena Krishnan", email: email.toUpperCase(), phone: "" });
      await sendMessage(baseURL!, { name: "Someone Else", email: `other-${email}`, phone: "" });

      await signIn(page, baseURL!);
      await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
      await expect(page.getByLabel("Search", { exact: true })).toHaveValue(email);
      // The search matches both addresses (other-… contains it): two customers, the first with both messages.
      const rows = page.locator("[data-customer]");
      await expect(rows).toHaveCount(2);
      const customer = rows.filter({ has: page.locator(`a[href="mailto:${email}"]`) });
      await expect(customer).toHaveCount(1);
      await expect(customer.locator("[data-enquiries]")).toHaveText("2");
      // Named after the first message, with the phone it gave.
      await expect(customer).toContainText("Meena K");
      await expect(customer).toContainText(phone);
      await expect(rows.filter({ hasText: `other-${email}` }).locator("[data-enquiries]")).toHaveText("1");
      await expectNoA11yViolations(page);

      await customer.getByRole("link", { name: "View enquiries of Meena K" }).click();
      await expect(page).toHaveURL(/\/admin\/contacts\?q=/);
      await expect(page.getByRole("heading", { level: 1, name: "Contact Messages" })).toBeVisible();
      // The inbox searches on the server: the two messages, plus other-… which contains the address.
      await expect(page.locator("[data-contact]:visible")).toHaveCount(3);
      await expect(page.locator(`[data-contact="${email}"]:visible`)).toHaveCount(1);
      expect(problems).toEqual([]);
    },
  );

  test("an empty list shows No customers yet", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
    await signIn(page, EMPTY_URL);
    await page.goto(`${EMPTY_URL}/admin/customers`);
    await expect(page.getByText("No customers yet", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("a list that cannot be fetched shows the failure text", { tag: "@journey" }, async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.route("**/api/customers**", (route) => route.abort());
    await page.goto("/admin/customers");
    await expect(page.getByRole("alert")).toContainText("Failed to fetch customers");
  });
});
