import { expect, test } from "@playwright/test";
import { signIn, unique } from "./admin-support";
import { ADMIN_URL, EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/** Customers (/admin/customers): the people who wrote in, grouped by e-mail address. */

async function sendMessage(base: string, fields: { name: string; email: string; phone: string }) {
  const res = await fetch(`${base}/api/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...fields, subject: "Quotation", message: "Please send a quotation." }),
  });
  expect(res.status).toBe(201);
}

test.describe("Customers", () => {
  test("messages from the same e-mail (any case) count as one customer; the link opens their messages", async ({
    page,
    baseURL,
  }, testInfo) => {
    const problems = watchErrors(page);
    const tag = unique(testInfo, "customer").replace(/\s+/g, "-").toLowerCase();
    const email = `${tag}@example.com`;
    await sendMessage(baseURL!, { name: "Meena K", email, phone: "+91 98765 11111" });
    await sendMessage(baseURL!, { name: "Meena Krishnan", email: email.toUpperCase(), phone: "" });
    await sendMessage(baseURL!, { name: "Someone Else", email: `other-${email}`, phone: "" });

    await signIn(page, baseURL!);
    await page.goto("/admin/customers");
    await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
    const customer = page.locator(`[data-customer="${email}"]`);
    await expect(customer).toHaveCount(1);
    await expect(customer.locator("[data-messages]")).toHaveText("2");
    // The latest name, the latest phone that was given.
    await expect(customer).toContainText("Meena Krishnan");
    await expect(customer).toContainText("+91 98765 11111");
    await expect(page.locator(`[data-customer="other-${email}"] [data-messages]`)).toHaveText("1");
    await expectNoA11yViolations(page);

    await customer.getByRole("link", { name: /View messages/ }).click();
    await expect(page).toHaveURL(/\/admin\/contacts\?q=/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Messages" })).toBeVisible();
    // The inbox searches on the server: the two messages, plus other-… which contains the address.
    await expect(page.locator("[data-contact]:visible")).toHaveCount(3);
    await expect(page.locator(`[data-contact="${email}"]:visible`)).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test("an empty inbox shows No customers yet", async ({ page }) => {
    await signIn(page, EMPTY_URL);
    await page.goto(`${EMPTY_URL}/admin/customers`);
    await expect(page.getByText("No customers yet", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("a list that cannot be fetched shows the failure text", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await page.route("**/api/contacts/customers**", (route) => route.abort());
    await page.goto("/admin/customers");
    await expect(page.getByRole("alert")).toContainText("Failed to fetch customers");
  });
});
