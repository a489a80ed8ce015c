import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import type { Customer } from "../../shared/sales/customer";
import type { Deal } from "../../shared/sales/deal";
import { indiaDateOf } from "../../shared/sales/financial-year";
import { gstinCheckCharacter } from "../../shared/sales/gstin";
import { apiCall, signedInStaff, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/** The sales desk's screens (issue 32): Customers, Deals and My day, at both widths. */

const GSTIN_14 = "33AABCU9603R1Z";
const GSTIN = `${GSTIN_14}${gstinCheckCharacter(GSTIN_14)}`;
const WRONG_GSTIN = `${GSTIN_14}${gstinCheckCharacter(GSTIN_14) === "A" ? "B" : "A"}`;

const slug = (text: string) => text.replace(/\s+/g, "-").toLowerCase();

async function sendEnquiry(base: string, fields: { name: string; email: string; subject: string }): Promise<string> {
  const res = await fetch(`${base}/api/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...fields, phone: "", message: "Please send a quotation." }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

async function myId(base: string): Promise<string> {
  return (await apiCall<{ _id: string }>(base, "GET", "/api/auth/me"))._id;
}

/** The visible rows of a list (a table's rows on a desktop, cards on a phone). */
const visible = (page: Page, attribute: string) => page.locator(`[${attribute}]:visible`);

test.describe("Sales desk", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  test(
    "customers: add (the GSTIN checked), edit, merge two, delete @phone",
    { tag: "@journey" },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const tag = unique(testInfo, "Cust");
      const name = `${tag} Pumps`;
      const email = `${slug(tag)}@example.com`;

      await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
      await expect(page.getByText("No customer matches the search")).toBeVisible();
      await page.getByRole("button", { name: "+ Add Customer" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Customer" });
      await dialog.getByLabel("Name", { exact: true }).fill(name);
      await dialog.getByLabel("GSTIN").fill(WRONG_GSTIN);
      await dialog.getByLabel("Billing address: city").fill("Coimbatore");
      await dialog.getByLabel("Name 1").fill("Lakshmi Narayanan");
      await dialog.getByLabel("Phone 1").fill("+91 98400 12345");
      await dialog.getByLabel("E-mail 1").fill(email);
      await dialog.getByRole("button", { name: "Add Customer" }).click();
      await expect(dialog.getByRole("alert")).toContainText("GSTIN's last character does not match: check for a typing mistake.");
      await expect(dialog.getByLabel("GSTIN")).toBeFocused();
      await expectNoA11yViolations(page);

      // A right GSTIN names the state, which fills in the billing address's.
      await dialog.getByLabel("GSTIN").fill(GSTIN);
      await expect(dialog).toContainText("State: Tamil Nadu");
      await expect(dialog.getByLabel("Billing address: state")).toHaveValue("Tamil Nadu");
      await dialog.getByLabel("Billing address: PIN code").fill("641001");
      await dialog.getByRole("button", { name: "Same as the billing address" }).click();
      await expect(dialog.getByLabel("Delivery address: city")).toHaveValue("Coimbatore");
      await dialog.getByRole("button", { name: "Add Customer" }).click();
      await expect(toasts(page)).toContainText("Customer added successfully!");
      const rows = page.locator("[data-customer]");
      const row = rows.filter({ hasText: name });
      await expect(row).toContainText(`${GSTIN} · Tamil Nadu`);
      await expect(row).toContainText("Lakshmi Narayanan");
      await expect(row.locator("[data-enquiries]")).toHaveText("0");

      // Edit: the new name is saved; the people stay.
      await row.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit Customer" });
      await expect(edit.getByLabel("E-mail 1")).toHaveValue(email);
      await edit.getByLabel("Name", { exact: true }).fill(`${name} Ltd`);
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(toasts(page)).toContainText("Customer updated successfully!");
      const kept = rows.filter({ hasText: `${name} Ltd` });
      await expect(kept).toHaveCount(1);

      // A second customer (made by an enquiry from a new address) is merged into the first.
      const otherEmail = `other-${email}`;
      await sendEnquiry(baseURL!, { name: `${tag} Ravi`, email: otherEmail, subject: `${tag} spares` });
      const [other] = await apiCall<Customer[]>(baseURL!, "GET", `/api/customers?q=${encodeURIComponent(otherEmail)}`);
      expect(other?.enquiries).toBe(1);
      await page.reload();
      const second = rows.filter({ hasText: otherEmail });
      await second.getByRole("button", { name: `Merge into… (merge ${other!.name} into another customer)` }).click();
      const merge = page.getByRole("dialog", { name: `Merge ${other!.name} into another customer` });
      await merge.getByRole("button", { name: "Merge", exact: true }).click();
      await expect(merge.getByRole("alert")).toContainText("Please choose the customer to merge into.");
      await merge.getByLabel("Find by name, GSTIN, city, e-mail or phone").fill(`${name} Ltd`);
      await expect(merge.getByLabel("Merge into", { exact: true }).locator("option", { hasText: `${name} Ltd` })).toHaveCount(1);
      await merge.getByLabel("Merge into", { exact: true }).selectOption({ label: `${name} Ltd` });
      await expectNoA11yViolations(page);
      await merge.getByRole("button", { name: "Merge", exact: true }).click();
      await expect(toasts(page)).toContainText(`${other!.name} merged into ${name} Ltd.`);
      await expect(rows).toHaveCount(1);
      await expect(kept).toContainText(`${tag} Ravi`);
      await expect(kept.locator("[data-enquiries]")).toHaveText("1");

      // Delete asks first.
      await kept.getByRole("button", { name: `Delete ${name} Ltd` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toasts(page)).toContainText("Customer deleted. Their enquiries are kept.");
      await expect(page.getByText("No customer matches the search")).toBeVisible();
      expect(problems).toEqual([]);
    },
  );

  test(
    "deals: filter by stage, search, export, and a new deal opens its page @phone",
    { tag: ["@journey", "@download"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const tag = unique(testInfo, "Deal");
      const customer = await apiCall<Customer>(baseURL!, "POST", "/api/customers", { name: `${tag} Mills` });
      const me = await myId(baseURL!);
      await apiCall(baseURL!, "POST", "/api/deals", {
        title: `${tag} screw compressor`,
        customerId: customer._id,
        ownerId: me,
        stage: "qualified",
        expectedValue: 1250000,
        nextStep: { text: "Call about the site visit", dueDate: "2026-01-05" },
      });
      await apiCall(baseURL!, "POST", "/api/deals", { title: `${tag} air dryer`, customerId: customer._id, stage: "new" });

      await page.goto(`/admin/deals?q=${encodeURIComponent(tag)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Deals" })).toBeVisible();
      const rows = visible(page, "data-deal");
      await expect(rows).toHaveCount(2);
      const compressor = rows.filter({ hasText: "screw compressor" });
      await expect(compressor).toContainText("₹12,50,000.00");
      await expect(compressor).toContainText(`${tag} Mills`);
      await expect(compressor.locator("[data-overdue]")).toContainText("Overdue");
      await expectNoA11yViolations(page);

      await page.getByLabel("Stage").selectOption("qualified");
      await expect(page).toHaveURL(/stage=qualified/);
      await expect(rows).toHaveCount(1);
      await page.getByLabel("Stage").selectOption("all");
      await page.getByLabel("Owner").selectOption("none");
      await expect(page).toHaveURL(/owner=none/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("air dryer");
      await page.getByLabel("Owner").selectOption("all");
      await expect(rows).toHaveCount(2);

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Export CSV" }).click();
      const csv = await readFile((await (await download).path())!, "utf8");
      expect(csv).toContain(`${tag} screw compressor`);
      expect(csv).toContain("1250000.00");

      await page.getByRole("button", { name: "+ New deal" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Deal" });
      await dialog.getByRole("button", { name: "Add Deal" }).click();
      await expect(dialog.getByRole("alert")).toContainText("Title");
      await dialog.getByLabel("Title").fill(`${tag} new line`);
      await dialog.getByLabel("Find by name, GSTIN, city, e-mail or phone").fill(`${tag} Mills`);
      await expect(dialog.getByLabel("Customer", { exact: true }).locator("option", { hasText: `${tag} Mills` })).toHaveCount(1);
      await dialog.getByLabel("Customer", { exact: true }).selectOption({ label: `${tag} Mills` });
      await dialog.getByLabel("Expected value (₹)").fill("5,00,000.50");
      await dialog.getByLabel("Expected close date").fill("2026-12-31");
      await expectNoA11yViolations(page);
      await dialog.getByRole("button", { name: "Add Deal" }).click();
      await expect(page).toHaveURL(/\/admin\/deals\/[^/?]+$/);
      const id = new URL(page.url()).pathname.split("/").pop()!;
      const deal = await apiCall<Deal>(baseURL!, "GET", `/api/deals/${id}`);
      expect(deal).toMatchObject({
        title: `${tag} new line`,
        customerId: customer._id,
        expectedValue: 500000.5,
        expectedCloseDate: "2026-12-31",
        ownerId: me,
      });
      expect(problems).toEqual([]);
    },
  );

  test(
    "My day lists an overdue step and a new lead; Make a deal takes the lead, which waits as theirs @phone",
    { tag: "@journey" },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const tag = unique(testInfo, "Day");
      const yesterday = indiaDateOf(new Date(Date.now() - 86_400_000));
      await apiCall(baseURL!, "POST", "/api/deals", {
        title: `${tag} follow-up`,
        ownerId: await myId(baseURL!),
        nextStep: { text: `${tag} send the drawings`, dueDate: yesterday },
      });
      const leadId = await sendEnquiry(baseURL!, {
        name: "Priya Raman",
        email: `${slug(tag)}@example.com`,
        subject: `${tag} 50 HP compressor`,
      });

      await page.goto("/admin/my-day");
      await expect(page.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
      const overdue = page.getByRole("region", { name: /^Overdue/ });
      await expect(overdue.locator("[data-deal]", { hasText: `${tag} follow-up` })).toContainText(`${tag} send the drawings`);
      await expect(overdue.locator("[data-deal]", { hasText: `${tag} follow-up` }).locator("[data-overdue]")).toBeVisible();
      await expect(page.getByRole("region", { name: /^Today/ })).toBeVisible();
      await expect(page.getByRole("region", { name: /^Quotations about to expire/ })).toBeVisible();
      const lead = page.getByRole("region", { name: /^New leads/ }).locator(`[data-lead="${leadId}"]`);
      await expect(lead).toContainText(`${tag} 50 HP compressor`);
      await expectNoA11yViolations(page);

      await lead.getByRole("button", { name: "Make a deal of the enquiry from Priya Raman" }).click();
      await expect(page).toHaveURL(/\/admin\/deals\/[^/?]+$/);
      const id = new URL(page.url()).pathname.split("/").pop()!;
      const deal = await apiCall<Deal>(baseURL!, "GET", `/api/deals/${id}`);
      expect(deal).toMatchObject({ title: `${tag} 50 HP compressor`, contactId: leadId });
      expect(deal.customerId).not.toBeNull();

      // Taken: the lead leaves the waiting leads, and its deal waits on My day as theirs until they act on it.
      await page.goto("/admin/my-day");
      await expect(page.getByRole("region", { name: /^Overdue/ })).toBeVisible();
      await expect(page.locator(`[data-lead="${leadId}"]`)).toHaveCount(0);
      await expect(page.getByRole("region", { name: /^Leads given to you/ }).locator(`[data-deal="${id}"]`)).toContainText(
        /Received (just now|\d+ minutes? ago), not acted on yet/,
      );
      expect(problems).toEqual([]);
    },
  );
});

test("a sales person's sign-in opens My day, their start screen", { tag: "@journey" }, async ({ page }, testInfo) => {
  const staff = await signedInStaff(ADMIN_URL, testInfo, "sales", "seller");
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(staff.username);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/my-day$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My day");
});
