import { expect, type Page, test } from "@playwright/test";
import { openDatabase } from "../../server/db/client";
import { contacts } from "../../server/db/schema";
import type { ServerProcess } from "../support/process";
import type { TestSmtp } from "../support/smtp";
import { apiCall, signIn } from "./admin-support";
import { type MailingServer, SITE, startMailingServer } from "./mail-server";
import { expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

/**
 * Retention (issue 33) in a browser: the owners' dashboard panel "Erased in the next 30 days" with Run now, and the
 * keep link of the warning e-mail (/privacy/keep/<token>) at 360 px without JavaScript and at 1440 with. The
 * records must be 25 months old, so they are written into a copy of the demo data before its own server starts
 * (with a local SMTP stand-in and SITE_URL: the link comes by e-mail).
 */

let server: ServerProcess;
let smtp: TestSmtp;
let running: MailingServer | undefined;
const PEOPLE = { desk: "leela@weaves.example", phone: "arun@forge.example" };
const references: Record<string, string> = {};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  running = await startMailingServer("keep", writeOldEnquiries);
  ({ server, smtp } = running);
});

test.afterAll(async () => {
  await running?.stop();
});

/** Enquiries 25 months old (past the 24 months), written into the data copy before its server opens it. */
async function writeOldEnquiries(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl: null, lockHolder: "browser test" });
  try {
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 25);
    for (const [i, email] of Object.values(PEOPLE).entries()) {
      const reference = `M-2024-0${900 + i}`;
      references[email] = reference;
      await database.db.insert(contacts).values({
        reference,
        name: "Old Enquirer",
        email,
        subject: "Compressor",
        message: "Price?",
        createdAt: old,
        updatedAt: old,
      });
    }
  } finally {
    await database.close();
  }
}

/** The keep link e-mailed to `email` (the pass run through the API when nothing has warned them yet). */
async function keepLinkOf(email: string): Promise<string> {
  const mailTo = () => smtp.received.find((m) => m.rcptTo.includes(email));
  if (!mailTo()) await apiCall(server.url, "POST", "/api/privacy/retention/run");
  await expect.poll(() => mailTo() !== undefined).toBe(true);
  const link = mailTo()!.mail.text!.match(/https:\/\/\S+\/privacy\/keep\/\S+/)![0];
  expect(link.startsWith(`${SITE}/privacy/keep/`)).toBe(true);
  return link.replace(SITE, server.url);
}

async function keep(page: Page, email: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keep your details?");
  await expect(page.getByRole("listitem").filter({ hasText: `Your enquiry ${references[email]}` })).toBeVisible();
  await page.getByRole("button", { name: "Keep my details" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your details are kept");
  await expect(page.getByRole("main").getByRole("listitem")).toContainText(
    new RegExp(`Your enquiry ${references[email]}: kept until at least \\d+ \\w+ \\d{4}`),
  );
}

test(
  "the owner sees what will be erased in the next 30 days and runs the pass",
  { tag: ["@journey", "@a11y"] },
  async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    await signIn(page, server.url);
    await page.goto(`${server.url}/admin`);
    const panel = page.getByTestId("retention-panel");
    await expect(panel.getByRole("heading", { name: "Erased in the next 30 days" })).toBeVisible();
    await expect(panel.getByText("2 enquiries without a deal")).toBeVisible();
    for (const reference of Object.values(references)) await expect(panel.getByRole("link", { name: reference })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Site Settings → Privacy" })).toHaveAttribute("href", "/admin/settings");
    await panel.getByRole("button", { name: "Run the pass now" }).click();
    await expect(page.getByText(/Retention pass done/)).toBeVisible();
    await expect(panel.getByText("person warned")).toHaveCount(2);
    await expect.poll(() => smtp.received.filter((m) => Object.values(PEOPLE).some((p) => m.rcptTo.includes(p))).length).toBe(2);
    await expectNoA11yViolations(page);
    await panel.screenshot({ path: testInfo.outputPath("retention-panel-1440.png") });
    expect(errors).toEqual([]);
  },
);

test(
  "with JavaScript, the person keeps their details from the e-mailed link",
  { tag: ["@journey", "@a11y"] },
  async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    await page.goto(await keepLinkOf(PEOPLE.desk));
    await expectNoA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath("keep-1440.png"), fullPage: true });
    await keep(page, PEOPLE.desk);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath("kept-1440.png"), fullPage: true });
    expect(errors).toEqual([]);
  },
);

test.describe("without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test(
    "on a phone the page reads, the button keeps, and a changed link says so in words",
    { tag: "@phone" },
    async ({ page }, testInfo) => {
      const link = await keepLinkOf(PEOPLE.phone);
      const opened = await page.goto(link);
      expect(opened?.headers()["cache-control"]).toBe("private, no-store");
      expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath("keep-360.png"), fullPage: true });
      await keep(page, PEOPLE.phone);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: testInfo.outputPath("kept-360.png"), fullPage: true });
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nothing is waiting to be erased");
      const changed = await page.goto(`${link.slice(0, -3)}abc`);
      expect(changed?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
    },
  );
});
