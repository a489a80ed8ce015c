import { expect, type Locator, test } from "@playwright/test";
import { apiCall, signedInStaff, signInWithToken, toasts, unique } from "./admin-support";
import { type MailingServer, startMailingServer } from "./mail-server";
import { expectNoHorizontalScroll, watchErrors } from "./support";

/**
 * One minute from enquiry to sent quotation (issue 45): a sales engineer on a 360 px phone, a buyer whose
 * quote request names two products and whose GSTIN is known. From the lead on My day to the PDF e-mailed:
 * at most 8 taps and no typed field. Sending needs e-mail, so this file has a server of its own with a real
 * SMTP server (tests/browser/mail-server.ts).
 */

let mailing: MailingServer;
let base = "";

test.beforeAll(async () => {
  mailing = await startMailingServer("quote-minute");
  base = mailing.server.url;
});

test.afterAll(async () => {
  await mailing?.stop();
});

/** Two products of the demo catalogue with a price and an HSN code. */
async function twoPricedProducts(): Promise<{ _id: string; name: string; price: number }[]> {
  const { data } = await apiCall<{ data: { _id: string; name: string; price: number | null; hsn: string }[] }>(
    base,
    "GET",
    "/api/product?limit=100",
  );
  const priced = data.filter((p) => p.price !== null && p.hsn !== "");
  expect(priced.length, "demo products with a price and HSN code").toBeGreaterThanOrEqual(2);
  return priced.slice(0, 2) as { _id: string; name: string; price: number }[];
}

test(
  "a quote request to a sent quotation in at most 8 taps and nothing typed @phone",
  { tag: "@journey" },
  async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const problems = watchErrors(page);
    const tag = unique(testInfo, "Erode Spinning");
    const email = `${tag.replace(/\W+/g, "-").toLowerCase()}@example.com`;
    // A customer the desk knows, with its GSTIN (Tamil Nadu: CGST + SGST), whose buyer now asks for two machines.
    await apiCall(base, "POST", "/api/customers", {
      name: tag,
      gstin: "33AABCT1234C1Z3",
      billingAddress: { line1: "4 Perundurai Road", city: "Erode", state: "Tamil Nadu", pincode: "638011", country: "India" },
      people: [{ name: "Karthik", email }],
    });
    const [first, second] = await twoPricedProducts();
    const asked = await fetch(`${base}/api/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Karthik",
        email,
        phone: "+91 98430 11223",
        company: tag,
        items: [
          { productId: first!._id, quantity: 2 },
          { productId: second!._id, quantity: 1 },
        ],
      }),
    });
    expect(asked.status).toBe(201);
    const lead = ((await asked.json()) as { data: { _id: string } }).data._id;
    const seller = await signedInStaff(base, testInfo, "sales", "quoter");
    await signInWithToken(page, base, seller.token);
    await page.goto(`${base}/admin/my-day`);
    const waiting = page.locator(`[data-lead="${lead}"]`);
    await expect(waiting).toBeVisible();

    // Every tap counted; nothing is typed (the page offers no `fill` here).
    let taps = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
    };
    const started = Date.now();
    await tap(waiting.getByRole("button", { name: /^Make a deal/ }));
    await expect(page).toHaveURL(/\/admin\/deals\/[^/]+$/);
    // The deal shows what was asked, with the phone and the e-mail.
    await expect(page.getByText(`2 × ${first!.name}, 1 × ${second!.name}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "+91 98430 11223" })).toBeVisible();
    await tap(page.getByRole("link", { name: "Make a quotation" }));

    // Filled: the two products and their quantities at catalogue prices, the tax split from the GSTIN.
    await expect(page.getByText("The buyer is in the company's state: CGST and SGST")).toBeVisible();
    const line = (n: number) => page.getByRole("group", { name: new RegExp(`^Line ${n}\\b`) });
    await expect(line(1).getByLabel("Description")).toHaveValue(first!.name);
    await expect(line(1).getByLabel("Quantity")).toHaveValue("2");
    await expect(line(1).getByLabel("Unit price (₹)")).toHaveValue(String(first!.price));
    await expect(line(2).getByLabel("Description")).toHaveValue(second!.name);
    await expect(line(2).getByLabel("Quantity")).toHaveValue("1");
    await expectNoHorizontalScroll(page);
    // A usual line from Site Settings (the demo's installation: SAC 998732, ₹15,000), one tap.
    await tap(page.getByRole("button", { name: "+ Installation and commissioning" }));
    await expect(line(3).getByLabel("HSN/SAC")).toHaveValue("998732");
    await expect(line(3).getByLabel("Unit price (₹)")).toHaveValue("15000");
    await tap(page.getByRole("button", { name: "Save the quotation" }));
    await expect(page.getByRole("heading", { level: 1, name: /^PQ\/\d{4}-\d{2}\/\d{4} v1$/ })).toBeVisible();
    await tap(page.getByRole("button", { name: "Send to buyer" }));
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("To")).toHaveValue(email);
    await tap(dialog.getByRole("button", { name: "Send", exact: true }));
    await expect(toasts(page)).toContainText("The quotation is on its way to the buyer.");
    const seconds = (Date.now() - started) / 1000;

    // The buyer has it, with the PDF (besides the acknowledgement of their request).
    const withPdf = () =>
      mailing.smtp.received.filter(
        (m) => m.rcptTo.includes(email) && m.mail.attachments.some((a) => a.contentType === "application/pdf"),
      );
    await expect
      .poll(() => withPdf().length, {
        timeout: 15_000,
        message: JSON.stringify(
          mailing.smtp.received.map((m) => [m.rcptTo, m.mail.subject, m.mail.attachments.map((a) => a.contentType)]),
        ),
      })
      .toBe(1);
    testInfo.annotations.push({ type: "one-minute path", description: `${taps} taps, ${seconds.toFixed(1)} s` });
    console.log(`One-minute quotation path: ${taps} taps, ${seconds.toFixed(1)} s`);
    expect(taps).toBeLessThanOrEqual(8);
    expect(problems).toEqual([]);
  },
);
