import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import type { ServerProcess } from "../support/process";
import type { TestSmtp } from "../support/smtp";
import { type MailingServer, SITE, startMailingServer } from "./mail-server";
import { expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

/**
 * Privacy (issue 33), the person's side in a browser: the notice and the optional boxes on the forms, /privacy,
 * and /privacy/request from the e-mailed link to withdrawing, correcting, downloading and erasing, with and without
 * JavaScript. The link comes by e-mail, so this file starts a server of its own with a real SMTP server (a local
 * stand-in) and SITE_URL, from a copy of the prepared demo data.
 */

let server: ServerProcess;
let smtp: TestSmtp;
let running: MailingServer | undefined;

test.beforeAll(async () => {
  // A server's start (the copy, PGlite, the migrations) can take longer than a test on a busy machine.
  test.setTimeout(120_000);
  running = await startMailingServer("privacy");
  ({ server, smtp } = running);
});

test.afterAll(async () => {
  await running?.stop();
});

/** An enquiry from `email` with both optional consents, as a JSON client posts it. */
async function enquiryFrom(email: string, name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/contacts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name,
      email,
      phone: "+91 94430 11223",
      subject: "Dryer",
      message: "Price?",
      consentNews: true,
      consentWhatsapp: true,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { reference: string } }).data.reference;
}

/** Asks for the link on /privacy/request as the person does, opens it from the e-mail and presses its button. */
async function openMyData(page: Page, email: string): Promise<void> {
  const before = smtp.received.length;
  await page.goto(`${server.url}/privacy/request`);
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(`We have sent an e-mail to ${email}`);
  const linkMail = () =>
    smtp.received.slice(before).find((m) => m.rcptTo.includes(email) && (m.mail.subject ?? "").startsWith("Your personal data"));
  await expect.poll(() => linkMail() !== undefined).toBe(true);
  const mail = linkMail()!;
  const link = mail.mail.text!.match(/https:\/\/\S+\/privacy\/request\/\S+/)![0];
  await page.goto(link.replace(SITE, server.url));
  await expect(page.getByRole("heading", { level: 1, name: "Your personal data" })).toBeVisible();
  // Opening the link shows only its button (mail scanners open links too); the button opens the page.
  await page.getByRole("button", { name: "Show my data" }).click();
  await expect(page.getByRole("button", { name: "Download my data" })).toBeVisible();
}

test("the contact form shows the notice and two unticked boxes before its button; /privacy is linked from it and the footer", {
  tag: ["@journey", "@a11y"],
}, async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/contact");
  const notice = page.getByTestId("privacy-notice");
  await expect(notice).toContainText("We collect your name, e-mail address and phone number");
  await expect(notice.getByLabel("Send me product news by e-mail")).not.toBeChecked();
  await expect(notice.getByLabel("You may message me on WhatsApp about this enquiry")).not.toBeChecked();
  await expectNoA11yViolations(page);
  await notice.getByRole("link", { name: "Read our privacy notice" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How we handle your personal data");
  await expect(page.getByText("this website sets no cookies")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto("/quote");
  await page.getByRole("contentinfo").getByRole("link", { name: "Your data" }).click();
  await expect(page).toHaveURL(/\/privacy\/request$/);
  expect(errors).toEqual([]);
});

test("a person sees their data, withdraws a consent, asks for a correction, downloads it and erases it", {
  tag: ["@journey", "@download", "@a11y"],
}, async ({ page }) => {
  const errors = watchErrors(page);
  const reference = await enquiryFrom("kavya@weaves.example", "Kavya Subramanian");
  await openMyData(page, "kavya@weaves.example");
  await expect(page.getByText(reference)).toBeVisible();
  await expect(page.getByText("Kavya Subramanian").first()).toBeVisible();
  await expectNoA11yViolations(page);

  // One action: the consent's own button, nothing to tick first.
  const withdrawNews = page.getByRole("button", { name: 'Withdraw "Send me product news by e-mail"' });
  await withdrawNews.click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Done: withdrawn at once");
  await expect(withdrawNews).toHaveCount(0);

  await page.getByLabel("What should we correct?").fill("My surname is Subramaniam.");
  await page.getByRole("button", { name: "Send correction" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("your correction has reached us");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, "utf8"));
  expect(data.enquiries[0]).toMatchObject({ reference, consents: { news: false, whatsapp: true } });

  await page.getByRole("button", { name: "Erase my data" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Tick the box to confirm");
  await page.getByLabel("I understand: erase my data now.").check();
  await page.getByRole("button", { name: "Erase my data" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Done: we have erased your personal data.");
  // The unconfirmed erasure answered 400 (the page again, with its message); nothing else went wrong.
  expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
});

test.describe("without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the link works once; the page and its forms work on a phone", { tag: "@phone" }, async ({ page }) => {
    const reference = await enquiryFrom("arun@forge.example", "Arun Prakash");
    await openMyData(page, "arun@forge.example");
    const link = page.url();
    await expect(page.getByText(reference)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: 'Withdraw "You may message me on WhatsApp about this enquiry"' }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Done: withdrawn at once");
    await page.goto(link);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("This link has been used already");
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page.getByLabel("Your e-mail address")).toBeVisible();
  });

  test("the contact form sends with a box ticked, and the privacy notice reads on a phone", { tag: "@phone" }, async ({
    page,
  }) => {
    await page.goto("/privacy");
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("heading", { name: "Your rights and how to use them" })).toBeVisible();
    await page.goto("/contact");
    await page.getByRole("textbox", { name: "Name" }).fill("Selvi Raj");
    await page.getByRole("textbox", { name: "Email" }).fill("selvi@example.com");
    await page.getByRole("textbox", { name: "Subject" }).fill("Service visit");
    await page.getByRole("textbox", { name: "Message" }).fill("Our compressor trips.");
    await page.getByLabel("You may message me on WhatsApp about this enquiry").check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByTestId("contact-reference")).toBeVisible();
  });
});
