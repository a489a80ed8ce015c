import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { apiCall, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * The enquiry inbox (/admin/contacts): messages, quote requests and service requests, filtered, searched
 * and paged by the server; the detail with products, sizing details, notes, e-mail state and ways to
 * answer; the CSV export; the phone layout; /admin/contacts/{id}. The test servers have no SMTP, so every
 * e-mail state is "off".
 */

interface Receipt {
  _id: string;
  reference: string;
}

interface ProductLite {
  _id: string;
  name: string;
}

async function post(base: string, path: string, body: unknown): Promise<Receipt> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { data: Receipt }).data;
}

/** A demo product ("PN-…"): never one another test file creates and deletes while this one runs. */
async function demoProduct(base: string): Promise<ProductLite> {
  const { data } = await apiCall<{ data: ProductLite[] }>(base, "GET", "/api/product?limit=100");
  const demo = data.find((p) => p.name.startsWith("PN-"));
  expect(demo).toBeTruthy();
  return demo!;
}

/** A quote, a service request and a message, all named with `tag`. */
async function createEnquiries(base: string, tag: string) {
  const product = await demoProduct(base);
  const [service] = await apiCall<{ _id: string; title: string }[]>(base, "GET", "/api/service");
  expect(service).toBeTruthy();
  const email = `${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}@example.com`;
  const quote = await post(base, "/api/quotes", {
    name: `${tag} Buyer`,
    email,
    phone: "+91 98765 43210",
    company: `${tag} Textiles`,
    message: "Please quote with delivery to Coimbatore.",
    items: [{ productId: product._id, quantity: 3 }],
    flow: "250 cfm",
    pressure: "7.5 bar",
    hoursPerDay: 16,
    application: "Textile looms",
    noticeVersion: 1,
    consentWhatsapp: "on",
  });
  const serviceRequest = await post(base, "/api/contacts", {
    name: `${tag} Plant`,
    email: `plant-${email}`,
    phone: "0427 200 1480",
    subject: `Service request: ${service!.title}`,
    message: "The compressor trips after an hour.",
    serviceId: service!._id,
  });
  const message = await post(base, "/api/contacts", {
    name: `${tag} Writer`,
    email: `writer-${email}`,
    phone: "",
    subject: `${tag} brochure`,
    message: "Please send a brochure.",
  });
  return { product, service: service!, email, quote, serviceRequest, message };
}

/** Table rows on desktop, cards on a phone: whichever are shown. */
const rows = (page: Page) => page.locator("[data-contact]:visible");

async function openDetail(page: Page, name: string) {
  await rows(page)
    .filter({ hasText: name })
    .getByRole("button", { name: `View the message from ${name}` })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("Enquiry inbox", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  test(
    "type filter and server search by reference and by product name",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const tag = unique(testInfo, "Inbox");
      const { product, quote, serviceRequest } = await createEnquiries(baseURL!, tag);

      await page.goto(`/admin/contacts?q=${encodeURIComponent(tag)}`);
      await expect(rows(page)).toHaveCount(3);
      await expect(page.getByText("3 enquiries")).toBeVisible();

      const type = page.getByLabel("Type", { exact: true });
      await type.selectOption("quote");
      await expect(page).toHaveURL(/type=quote/);
      await expect(page).toHaveURL(/q=Inbox/);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(`${tag} Buyer`);
      await expect(rows(page).first()).toContainText("Quote request");
      await expect(rows(page).first()).toContainText(quote.reference);
      await type.selectOption("service");
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(serviceRequest.reference);
      await expect(rows(page).first()).toContainText("Service request");
      await type.selectOption("message");
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(`${tag} Writer`);
      await type.selectOption("all");
      await expect(rows(page)).toHaveCount(3);
      await expectNoA11yViolations(page);

      // The search box asks the server (after a pause in typing): a reference…
      await page.getByLabel("Search").fill(quote.reference);
      await expect(page).toHaveURL(new RegExp(`q=${quote.reference}`));
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(`${tag} Buyer`);

      // …and the name of a product asked about (newest first, so this quote is on the first page).
      await type.selectOption("quote");
      await page.getByLabel("Search").fill(product.name.toUpperCase());
      await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(product.name.toUpperCase());
      await expect(page).toHaveURL(/type=quote/);
      await expect(rows(page).filter({ hasText: `${tag} Buyer` })).toHaveCount(1);
      await expect(rows(page).filter({ hasText: `${tag} Writer` })).toHaveCount(0);

      // The filters survive a reload (they are in the URL).
      await page.reload();
      await expect(page.getByLabel("Search")).toHaveValue(product.name.toUpperCase());
      await expect(type).toHaveValue("quote");
      expect(problems).toEqual([]);
    },
  );

  test(
    "detail: products linked, sizing details, notes, e-mail state off, Resend's 409, answer links",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      const tag = unique(testInfo, "Detail");
      const { product, email, quote, service } = await createEnquiries(baseURL!, tag);
      const stored = await apiCall<{ items: { product: { url: string | null } }[] }>(
        baseURL!,
        "GET",
        `/api/contacts/${quote._id}`,
      );
      const productUrl = stored.items[0]!.product.url;
      expect(productUrl).toMatch(/^\/products\/[^/]+\/[^/]+$/);

      await page.goto(`/admin/contacts?q=${encodeURIComponent(tag)}`);
      await expect(rows(page)).toHaveCount(3);
      const dialog = await openDetail(page, `${tag} Buyer`);
      await expect(dialog.getByRole("heading", { name: `Quote request ${quote.reference}` })).toBeVisible();
      await expect(dialog).toContainText(`${tag} Textiles`);
      await expect(dialog).toContainText("Please quote with delivery to Coimbatore.");

      // The products asked about, with their public page and their place in the admin panel.
      const item = dialog.locator("[data-item]");
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(product.name);
      await expect(item).toContainText("Quantity: 3");
      await expect(item.getByRole("link", { name: /Product page/ })).toHaveAttribute("href", productUrl!);
      await expect(item.getByRole("link", { name: /In the admin panel/ })).toHaveAttribute(
        "href",
        /^\/admin\/products\?category=[0-9a-f]{24}$/,
      );

      // Sizing details.
      const sizing = dialog.getByRole("region", { name: "Sizing details" });
      await expect(sizing).toContainText("250 cfm");
      await expect(sizing).toContainText("7.5 bar");
      await expect(sizing).toContainText("16");
      await expect(sizing).toContainText("Textile looms");

      // What they were told and agreed to (issue 33): WhatsApp yes, product news no.
      const privacy = dialog.getByRole("region", { name: "Privacy and consent" });
      await expect(privacy).toContainText("They saw version 1 of the privacy notice with the form.");
      await expect(privacy).toContainText("Agreed: “You may message me on WhatsApp about this enquiry”");
      await expect(privacy).toContainText("Not agreed: “Send me product news by e-mail”");

      // Ways to answer.
      const reply = await dialog.getByRole("link", { name: "Reply by e-mail" }).getAttribute("href");
      expect(decodeURIComponent(reply!)).toBe(`mailto:${email}?subject=Re: ${quote.reference}`);
      await expect(dialog.getByRole("link", { name: /^Call/ })).toHaveAttribute("href", "tel:+919876543210");
      await expect(dialog.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute("href", "https://wa.me/919876543210");
      await expectNoA11yViolations(page);

      // E-mail is off on the test servers: the state says so, and Resend shows the server's answer.
      await expect(dialog.getByTestId("notification-state")).toHaveAttribute("data-email-status", "off");
      await expect(dialog.getByTestId("notification-state")).toContainText("Off");
      await expect(dialog.getByTestId("acknowledgement-state")).toHaveAttribute("data-email-status", "off");
      await dialog.getByRole("button", { name: "Resend notification" }).click();
      const refusal = page.locator("[role=status][aria-live=polite] [data-kind=error]");
      await expect(refusal).toContainText("E-mail notifications are off");
      await expect(dialog).toContainText("E-mail notifications are off");

      // A note, with its author and time.
      const note = `Called back; sending a quotation. ${tag}`;
      await dialog.getByLabel("Add a note").fill(note);
      await dialog.getByRole("button", { name: "Add Note" }).click();
      await expect(toasts(page)).toContainText("Note added.");
      const notes = dialog.locator("[data-note]");
      await expect(notes).toHaveCount(1);
      await expect(notes.first()).toContainText(note);
      await expect(notes.first()).toContainText("admin");
      await expect(notes.first().locator("time")).toHaveText(/\d{4}, \d{1,2}:\d{2}/);
      await expect(dialog.getByLabel("Add a note")).toHaveValue("");

      // The note is stored: it is there after a reload.
      await page.keyboard.press("Escape");
      await page.reload();
      const again = await openDetail(page, `${tag} Buyer`);
      await expect(again.locator("[data-note]")).toContainText(note);
      await page.keyboard.press("Escape");

      // A service request names its service; a message without a phone offers no Call / WhatsApp.
      const serviceDialog = await openDetail(page, `${tag} Plant`);
      await expect(serviceDialog).toContainText(service.title);
      await expect(serviceDialog.getByRole("link", { name: /^Call/ })).toHaveAttribute("href", "tel:04272001480");
      await page.keyboard.press("Escape");
      const messageDialog = await openDetail(page, `${tag} Writer`);
      await expect(messageDialog.getByRole("link", { name: /^Call/ })).toHaveCount(0);
      await expect(messageDialog.getByRole("region", { name: "Sizing details" })).toHaveCount(0);
    },
  );

  test("paging: 25 a page, the page in the URL", { tag: "@journey" }, async ({ page, baseURL }, testInfo) => {
    const tag = unique(testInfo, "Paging");
    for (let start = 0; start < 27; start += 9) {
      await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          post(baseURL!, "/api/contacts", {
            name: `${tag} Person ${start + i + 1}`,
            email: `paging-${start + i + 1}@example.com`,
            subject: `${tag} question ${start + i + 1}`,
            message: "Hello",
          }),
        ),
      );
    }
    await page.goto(`/admin/contacts?q=${encodeURIComponent(tag)}`);
    await expect(page.getByText("27 enquiries")).toBeVisible();
    await expect(rows(page)).toHaveCount(25);
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(page.getByText("Showing 1–25 of 27")).toBeVisible();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await page.goBack();
    await expect(rows(page)).toHaveCount(25);
    // A new search starts again at page 1.
    await page.goto(`/admin/contacts?q=${encodeURIComponent(tag)}&page=2`);
    await expect(rows(page)).toHaveCount(2);
    await page.getByLabel("Status", { exact: true }).selectOption("new");
    await expect(page).not.toHaveURL(/page=/);
    await expect(rows(page)).toHaveCount(25);
  });

  test(
    "Export CSV downloads the current filter as UTF-8 with a BOM",
    { tag: "@download" },
    async ({ page, baseURL }, testInfo) => {
      const tag = unique(testInfo, "Export");
      const { quote, serviceRequest } = await createEnquiries(baseURL!, tag);
      await page.goto(`/admin/contacts?type=quote&q=${encodeURIComponent(tag)}`);
      await expect(rows(page)).toHaveCount(1);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString("utf8");
      expect(text).toContain(quote.reference);
      expect(text).toContain(`${tag} Textiles`);
      // Only the current filter: the service request of the same tag is not in it.
      expect(text).not.toContain(serviceRequest.reference);
    },
  );

  test(
    "/admin/contacts/{id} opens that enquiry; closing it shows the list",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const tag = unique(testInfo, "Link");
      const { quote } = await createEnquiries(baseURL!, tag);
      await page.goto(`/admin/contacts/${quote._id}`);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: `Quote request ${quote.reference}` })).toBeVisible();
      await expect(dialog).toContainText(`${tag} Buyer`);
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/\/admin\/contacts$/);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: "Contact Messages" })).toBeVisible();
      expect(problems).toEqual([]);

      await page.goto("/admin/contacts/000000000000000000000000");
      await expect(page.getByRole("alert").first()).toContainText("Error: Contact not found.");
    },
  );

  test(
    "at 360 px the inbox has no horizontal scroll; each card shows name, kind, reference, date and status",
    { tag: "@phone" },
    async ({ page, baseURL }, testInfo) => {
      test.skip((page.viewportSize()?.width ?? 0) > 400, "the phone layout");
      const tag = unique(testInfo, "Phone");
      const { quote } = await createEnquiries(baseURL!, tag);
      await page.goto("/admin/contacts");
      await expect(rows(page).first()).toBeVisible();
      await expect(page.locator("table")).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      const card = rows(page).filter({ hasText: `${tag} Buyer` });
      await expect(card).toContainText("Quote request");
      await expect(card).toContainText(quote.reference);
      await expect(card).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
      await expect(card.getByLabel(`Status of the message from ${tag} Buyer`)).toBeVisible();
      for (const box of await rows(page).all()) {
        const b = await box.boundingBox();
        expect(b!.x + b!.width).toBeLessThanOrEqual(360);
      }
      // The detail is one tap away, and fits the screen too.
      const dialog = await openDetail(page, `${tag} Buyer`);
      await expect(dialog).toContainText(quote.reference);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const d = await dialog.boundingBox();
      expect(d!.x + d!.width).toBeLessThanOrEqual(360);
    },
  );

  test(
    "on a phone an enquiry card's biggest control opens it, never Delete; Delete is in the detail view and asks first",
    { tag: "@phone" },
    async ({ page, baseURL }, testInfo) => {
      test.skip((page.viewportSize()?.width ?? 0) > 400, "the phone layout");
      const problems = watchErrors(page);
      const tag = unique(testInfo, "Thumb");
      await createEnquiries(baseURL!, tag);
      await page.goto(`/admin/contacts?q=${encodeURIComponent(tag)}`);
      const card = rows(page).filter({ hasText: `${tag} Writer` });
      await expect(card).toBeVisible();
      // The owner may delete enquiries, yet no card offers it.
      await expect(rows(page).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
      const controls = await card.locator("button, select, a, input").evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { name: (el.textContent ?? "").replace(/\s+/g, " ").trim(), area: r.width * r.height };
        }),
      );
      const biggest = controls.reduce((a, b) => (b.area > a.area ? b : a));
      expect(biggest.name).toMatch(/^View the message from /);

      const dialog = await openDetail(page, `${tag} Writer`);
      await dialog.getByRole("button", { name: "Delete this enquiry" }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("Are you sure you want to delete this contact?");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(card).toBeVisible();
      await dialog.getByRole("button", { name: "Delete this enquiry" }).click();
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toasts(page)).toContainText("Contact deleted successfully!");
      await expect(card).toHaveCount(0);
      expect(problems).toEqual([]);
    },
  );
});
