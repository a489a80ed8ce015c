import { expect, type TestInfo, test } from "@playwright/test";
import { apiCall, unique } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

// The quotations are made on the admin test server (demo content: the company GSTIN is set).
test.use({ baseURL: ADMIN_URL });

/**
 * The buyer's page of a quotation (/quotation/<signed token>, issue 32): what we e-mail a buyer. It must read
 * well on a phone, work without JavaScript (a plain form) and take their answer once.
 */

interface Made {
  _id: string;
  number: string;
  dealId: string;
  buyerPath: string;
}

/** A customer in Karnataka (IGST), a deal and a two-line quotation, through the API as staff. */
async function quotation(testInfo: TestInfo): Promise<Made> {
  const name = unique(testInfo, "Mysore Silk Works");
  const customer = await apiCall<{ _id: string }>(ADMIN_URL, "POST", "/api/customers", {
    name,
    billingAddress: { line1: "12 Industrial Suburb", city: "Mysuru", state: "Karnataka", pincode: "570008", country: "India" },
  });
  const deal = await apiCall<{ _id: string }>(ADMIN_URL, "POST", "/api/deals", {
    title: `${name}: compressor`,
    customerId: customer._id,
  });
  const made = await apiCall<Made>(ADMIN_URL, "POST", "/api/quotations", {
    dealId: deal._id,
    lines: [
      { description: "PN-RS 37 Screw Compressor", hsn: "84148011", quantity: 1, unitPrice: 850000 },
      { description: "Installation and commissioning", hsn: "998717", quantity: 1, unitPrice: 20000 },
    ],
  });
  return apiCall<Made>(ADMIN_URL, "GET", `/api/quotations/${made._id}`);
}

test(
  "the buyer reads the quotation and accepts it with their name; the deal is won",
  { tag: ["@journey", "@a11y"] },
  async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    const q = await quotation(testInfo);
    await page.goto(q.buyerPath);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(q.number);
    // ₹8,70,000 taxable + 18% IGST = ₹10,26,600.
    await expect(page.getByText("IGST", { exact: true })).toBeVisible();
    await expect(page.getByText("₹10,26,600.00")).toBeVisible();
    await expect(page.getByText("Rupees Ten Lakh Twenty Six Thousand Six Hundred Only")).toBeVisible();
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", `${q.buyerPath}/pdf`);
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Accept quotation" }).click();
    // The name is required: the browser says so before anything is sent.
    expect(await page.getByLabel("Your name").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await page.getByLabel("Your name").fill("Lakshmi Narayan");
    await page.getByRole("button", { name: "Accept quotation" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("you have accepted this quotation");
    await expect(page.getByRole("button", { name: "Accept quotation" })).toHaveCount(0);

    const stored = await apiCall<{ status: string; decision: { name: string } }>(ADMIN_URL, "GET", `/api/quotations/${q._id}`);
    expect(stored).toMatchObject({ status: "accepted", decision: { name: "Lakshmi Narayan" } });
    expect((await apiCall<{ stage: string }>(ADMIN_URL, "GET", `/api/deals/${q.dealId}`)).stage).toBe("won");
    // Coming back later shows who answered, and no form.
    await page.goto(q.buyerPath);
    await expect(page.getByRole("main").getByRole("status")).toContainText("Lakshmi Narayan accepted this quotation on");
    expect(errors).toEqual([]);
  },
);

test(
  "on a phone, without JavaScript, the buyer declines with a reason",
  { tag: ["@phone", "@no-js"] },
  async ({ browser }, testInfo) => {
    const q = await quotation(testInfo);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
      baseURL: ADMIN_URL,
    });
    const page = await context.newPage();
    try {
      await page.goto(q.buyerPath);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(q.number);
      await expectNoHorizontalScroll(page);
      await page.getByLabel("Your name").fill("Lakshmi Narayan");
      await page.getByLabel(/Anything to tell us/).fill("We chose a smaller machine.");
      await page.getByRole("button", { name: "Decline" }).click();
      await expect(page.getByRole("main").getByRole("status")).toContainText("you have declined this quotation");
      await expectNoHorizontalScroll(page);
      const stored = await apiCall<{ status: string; decision: { reason: string } }>(
        ADMIN_URL,
        "GET",
        `/api/quotations/${q._id}`,
      );
      expect(stored).toMatchObject({ status: "declined", decision: { reason: "We chose a smaller machine." } });
    } finally {
      await context.close();
    }
  },
);
