import { type Browser, expect, type Page, test } from "@playwright/test";
import { signedInStaff, signIn, signInWithToken, unique } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * Who looked at whom (/admin/privacy/access, owners): a sales person opens a buyer's enquiry in the inbox (the
 * panel asks the server for it, which logs the view), and an owner finds that view by the buyer or by the
 * sales person.
 */

interface Buyer {
  name: string;
  email: string;
  phone: string;
}

async function sendMessage(base: string, who: Buyer): Promise<void> {
  const res = await fetch(`${base}/api/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...who, subject: "Quotation", message: "Please send a quotation." }),
  });
  expect(res.status).toBe(201);
}

/** A buyer no other test sends (enquiries are found by name, e-mail and phone). */
function newBuyer(tag: string): Buyer {
  const slug = tag.replace(/\s+/g, "-").toLowerCase();
  return {
    name: `Ravi ${tag}`,
    email: `${slug}@example.com`,
    phone: `+91 9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`,
  };
}

/** A sales person, signed in in a browser of their own, opens the buyer's enquiry from the inbox. */
async function salesPersonOpens(browser: Browser, base: string, token: string, who: Buyer): Promise<void> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await signInWithToken(page, base, token);
  await page.goto(`/admin/contacts?q=${encodeURIComponent(who.email)}`);
  await page
    .getByRole("button", { name: `View the message from ${who.name}` })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toContainText("Please send a quotation.");
  await context.close();
}

async function findPerson(page: Page, text: string): Promise<void> {
  await page.goto("/admin/privacy/access");
  await expect(page.getByRole("heading", { level: 1, name: "Who looked at whom" })).toBeVisible();
  await page.getByLabel("Name, e-mail or phone").fill(text);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/[?&]person=/);
}

test.describe("Who looked at whom", () => {
  test(
    "an owner finds a sales person's view of a buyer's enquiry by the buyer, then by the sales person",
    { tag: ["@journey", "@a11y"] },
    async ({ page, browser, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const who = newBuyer(unique(testInfo, "access"));
      await sendMessage(baseURL!, who);
      const sales = await signedInStaff(baseURL!, testInfo, "sales", "viewer");
      await salesPersonOpens(browser, baseURL!, sales.token, who);

      await signIn(page, baseURL!);
      await page.goto("/admin/privacy/access");
      await expect(page.getByText("Type a person's name, e-mail address or phone number")).toBeVisible();
      await expectNoA11yViolations(page);

      await findPerson(page, who.name.toUpperCase());
      const records = page.getByRole("region", { name: /Records that hold/ });
      await expect(records.getByRole("link", { name: /^M-\d{4}-\d+$/ })).toHaveCount(1);
      const views = page.getByRole("region", { name: "Who opened them" });
      const opened = views.locator("[data-access=view]");
      await expect(opened).toHaveCount(1);
      await expect(opened).toContainText(sales.username);
      await expect(opened).toContainText("Opened · Enquiry");
      await expect(opened.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
      await expect(opened).toContainText(/127\.0\.0\.1/);
      await expectNoA11yViolations(page);

      // By the sales person: the same view, the choice in the URL.
      await page.getByRole("link", { name: "A staff member" }).click();
      await expect(page.getByText("Choose a staff member to see whose data they opened.")).toBeVisible();
      await page.getByLabel("Staff member").selectOption(sales.id);
      await expect(page).toHaveURL(new RegExp(`[?&]staff=${sales.id}`));
      await expect(page.getByRole("heading", { name: `What ${sales.name} opened` })).toBeVisible();
      await expect(page.locator("[data-access=view]")).toHaveCount(1);
      await expectNoA11yViolations(page);
      await page.reload();
      await expect(page.getByLabel("Staff member")).toHaveValue(sales.id);
      await expect(page.locator("[data-access=view]")).toContainText("Opened · Enquiry");

      // Nobody by that name: said in words.
      await findPerson(page, `Nobody ${Date.now()}`);
      await expect(page.getByText(/^No enquiry, customer, deal or quotation holds/)).toBeVisible();
      expect(problems).toEqual([]);
    },
  );

  test("on a phone, a search by phone number shows the view without scrolling sideways @phone", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const who = newBuyer(unique(testInfo, "access-phone"));
    await sendMessage(baseURL!, who);
    const sales = await signedInStaff(baseURL!, testInfo, "sales", "viewer");
    await salesPersonOpens(browser, baseURL!, sales.token, who);

    await signIn(page, baseURL!);
    await findPerson(page, who.phone);
    await expect(page.getByRole("region", { name: "Who opened them" }).locator("[data-access=view]")).toContainText(
      sales.username,
    );
    await expectNoHorizontalScroll(page);
    await expectNoA11yViolations(page);
  });
});
