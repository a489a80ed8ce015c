import { expect, type Page, test } from "@playwright/test";
import type { ServerProcess } from "../support/process";
import type { TestSmtp } from "../support/smtp";
import { signedInStaff, signInWithToken, staffLogin } from "./admin-support";
import { type MailingServer, SITE, startMailingServer } from "./mail-server";
import { ADMIN, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

/**
 * Privacy (issue 33), the staff's side: the Privacy requests screen (owners answer, sales read) and the breach
 * register. A correction request comes the way a person makes one (the e-mailed link), so this file starts a
 * server of its own with a local SMTP stand-in, from a copy of the prepared demo data.
 */

let server: ServerProcess;
let smtp: TestSmtp;
let running: MailingServer | undefined;

test.beforeAll(async () => {
  // A server's start (the copy, PGlite, the migrations) can take longer than a test on a busy machine.
  test.setTimeout(120_000);
  running = await startMailingServer("admin-privacy");
  ({ server, smtp } = running);
});

test.afterAll(async () => {
  await running?.stop();
});

/** A person with an enquiry asks, through their e-mailed link, for `details` to be corrected. */
async function correctionFrom(page: Page, email: string, details: string): Promise<void> {
  const sent = await fetch(`${server.url}/api/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Kavya S", email, phone: "+91 94430 11223", subject: "Dryer", message: "Price?" }),
  });
  expect(sent.status).toBe(201);
  const before = smtp.received.length;
  await page.goto(`${server.url}/privacy/request`);
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  const linkMail = () =>
    smtp.received.slice(before).find((m) => m.rcptTo.includes(email) && (m.mail.subject ?? "").startsWith("Your personal data"));
  await expect.poll(() => linkMail() !== undefined).toBe(true);
  const link = linkMail()!.mail.text!.match(/https:\/\/\S+\/privacy\/request\/\S+/)![0];
  await page.goto(link.replace(SITE, server.url));
  await page.getByRole("button", { name: "Show my data" }).click();
  await page.getByLabel("What should we correct?").fill(details);
  await page.getByRole("button", { name: "Send correction" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("your correction has reached us");
}

async function signInAsOwner(page: Page): Promise<void> {
  const { token } = await staffLogin(server.url, ADMIN.username, ADMIN.password);
  await signInWithToken(page, server.url, token);
}

const requestCard = (page: Page, email: string, kind: string) =>
  page
    .locator("[data-request]")
    .filter({ hasText: email })
    .filter({ has: page.getByRole("heading", { name: kind }) });

test(
  "an owner answers an open correction request; sales see the list read-only",
  { tag: ["@journey", "@a11y"] },
  async ({ page, browser }, testInfo) => {
    const personContext = await browser.newContext();
    const person = await personContext.newPage();
    const email = `kavya-${testInfo.project.name}@weaves.example`;
    await correctionFrom(person, email, "My surname is Subramaniam.");
    await personContext.close();

    const errors = watchErrors(page);
    await signInAsOwner(page);
    await page.goto(`${server.url}/admin/privacy/requests?status=open`);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy requests" })).toBeVisible();
    const card = requestCard(page, email, "Correct their data");
    await expect(card).toContainText("My surname is Subramaniam.");
    await expect(card.locator("[data-status]")).toHaveText("Open");
    await expect(card.getByRole("link", { name: "Their enquiries" })).toHaveAttribute(
      "href",
      `/admin/contacts?q=${encodeURIComponent(email)}`,
    );
    await expectNoA11yViolations(page);

    await card.getByRole("button", { name: `Answer the request from ${email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Answer the request" });
    await dialog.getByRole("button", { name: "Mark done" }).click();
    await expect(dialog).toContainText("Please say what was done");
    await dialog.getByLabel("What was done").fill("Surname corrected on the enquiry.");
    await dialog.getByRole("button", { name: "Mark done" }).click();
    await expect(dialog).toBeHidden();
    // Done is no longer open: it leaves the open filter, and shows under All with who did it.
    await expect(card).toHaveCount(0);
    await page.getByLabel("Status").selectOption("all");
    await expect(page).not.toHaveURL(/status=/);
    const done = requestCard(page, email, "Correct their data");
    await expect(done.locator("[data-status]")).toHaveText("Done");
    await expect(done).toContainText("Done by");
    await expect(done).toContainText(ADMIN.username);
    await expect(done).toContainText("Surname corrected on the enquiry.");
    await expect(done.getByRole("button")).toHaveCount(0);
    expect(errors).toEqual([]);

    const sales = await signedInStaff(server.url, testInfo, "sales");
    const salesContext = await browser.newContext();
    const salesPage = await salesContext.newPage();
    await signInWithToken(salesPage, server.url, sales.token);
    await salesPage.goto(`${server.url}/admin/privacy/requests`);
    await expect(salesPage.getByTestId("read-only")).toContainText("only owners answer");
    await expect(requestCard(salesPage, email, "Correct their data")).toContainText("Surname corrected on the enquiry.");
    await expect(salesPage.locator("[data-request]").getByRole("button")).toHaveCount(0);
    await expectNoA11yViolations(salesPage);
    await salesContext.close();
  },
);

test("an owner adds a breach and edits it; entries are never deleted", { tag: ["@journey", "@a11y"] }, async ({ page }) => {
  const errors = watchErrors(page);
  await signInAsOwner(page);
  await page.goto(`${server.url}/admin/privacy/breaches`);
  await expect(page.getByRole("heading", { level: 1, name: "Breach register" })).toBeVisible();
  await expect(page.getByText("within 72 hours")).toBeVisible();

  await page.getByRole("button", { name: "+ Add Breach" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Breach" });
  await dialog.getByRole("button", { name: "Add Breach" }).click();
  await expect(dialog).toContainText("Please say what happened, in a few words.");
  await dialog.getByLabel("What happened").fill("Sales laptop stolen");
  await dialog.getByLabel("When it happened").fill("2026-03-01");
  await dialog.getByLabel("When it was found").fill("2026-03-02");
  await dialog.getByLabel("Whom it affects").fill("Buyers in a CSV export on the laptop");
  await dialog.getByLabel("Number of people affected").fill("120");
  await dialog.getByRole("button", { name: "Add Breach" }).click();
  await expect(dialog).toBeHidden();

  const row = page.locator("[data-breach]").filter({ hasText: "Sales laptop stolen" });
  await expect(row).toContainText("2 Mar 2026");
  await expect(row).toContainText("120 people");
  await expect(row.getByText("Not yet told")).toHaveCount(2);
  await expectNoA11yViolations(page);

  await row.getByRole("button", { name: "Edit Sales laptop stolen" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Breach" });
  await expect(edit.getByLabel("When it was found")).toHaveValue("2026-03-02");
  await edit.getByLabel("When the Board was told").fill("2026-03-03");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText("Not yet told")).toHaveCount(1);
  await expect(row).toContainText("3 Mar 2026");

  // The register keeps every entry: there is nothing to delete it with.
  await expect(row.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the requests list reads on a phone", { tag: "@phone" }, async ({ page }, testInfo) => {
  await correctionFrom(page, `meena-${testInfo.project.name}@mills.example`, "My phone is +91 98400 11111.");
  await signInAsOwner(page);
  await page.goto(`${server.url}/admin/privacy/requests`);
  const card = requestCard(page, `meena-${testInfo.project.name}@mills.example`, "Correct their data");
  await expect(card).toContainText("Answer by");
  await expect(card.getByRole("button", { name: /^Answer/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
});
