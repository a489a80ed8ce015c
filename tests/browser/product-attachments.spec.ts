import { readFile } from "node:fs/promises";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import PDFDocument from "pdfkit";
import { apiCall, formWithImage, PNG, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * Product attachments (issue 14): staff attach a titled PDF in the product dialog; the product page lists it
 * under Downloads with its size (plain HTML, no script needed); the link downloads it; staff remove it.
 */

interface ProductData {
  _id: string;
  name: string;
  slug: string;
  categoryId: { _id: string; slug: string };
  attachments: { title: string; url: string; size: number }[];
}

function pdfBytes(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

const row = (page: Page, name: string) => page.locator(`[data-product="${name}"]`);

async function openEditor(page: Page, categoryId: string, name: string) {
  await page.goto(`/admin/products?category=${categoryId}`);
  await row(page, name)
    .getByRole("button", { name: `Edit ${name}` })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  return { dialog, attachments: dialog.getByRole("group", { name: "Attachments" }) };
}

interface Fixture {
  category: { _id: string };
  product: ProductData;
  name: string;
  productUrl: string;
}

/** A category of its own and a product in it (with `attachments`, uploaded through the API). */
async function fixture(
  baseURL: string,
  testInfo: TestInfo,
  label: string,
  attachments: { title: string; bytes: Buffer }[] = [],
): Promise<Fixture> {
  const category = (await apiCall<{ data: { _id: string } }>(baseURL, "POST", "/api/category", { name: unique(testInfo, label) }))
    .data;
  const name = unique(testInfo, `${label} product`);
  const form = formWithImage(
    { categoryId: category._id, name, shortDescription: "Fixture", fullDescription: "Fixture product", price: "125000" },
    "mainImage",
  );
  for (const a of attachments)
    form.append("attachments", new Blob([new Uint8Array(a.bytes)], { type: "application/pdf" }), "f.pdf");
  if (attachments.length) form.append("attachmentTitles", JSON.stringify(attachments.map((a) => a.title)));
  const product = (await apiCall<{ data: ProductData }>(baseURL, "POST", "/api/product", form)).data;
  return { category, product, name, productUrl: `/products/${product.categoryId.slug}/${product.slug}` };
}

async function removeFixture(baseURL: string, f: Fixture) {
  await apiCall(baseURL, "DELETE", `/api/product/${f.product._id}`).catch(() => undefined);
  await apiCall(baseURL, "DELETE", `/api/category/${f.category._id}`).catch(() => undefined);
}

/** "PDF, 2 KB", as the product page and the dialog write a size under 1 MB. */
const sizeText = (bytes: number) => `PDF, ${Math.max(1, Math.round(bytes / 1024))} KB`;

test(
  "staff attach a PDF in the product dialog; the product page lists it with its size; the link downloads it",
  { tag: ["@journey", "@download", "@a11y"] },
  async ({ page, baseURL, browser }, testInfo) => {
    test.setTimeout(60_000); // two accessibility scans and three page loads
    const problems = watchErrors(page);
    await signIn(page, baseURL!);
    const f = await fixture(baseURL!, testInfo, "Attach");
    const title = `Brochure ${testInfo.project.name} 2026`;
    const brochure = await pdfBytes(`The ${f.name} brochure`);
    try {
      // No attachments: no Downloads section, the datasheet link as ever.
      await page.goto(f.productUrl);
      await expect(page.getByRole("link", { name: "Download datasheet (PDF)" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Downloads" })).toHaveCount(0);

      const { dialog, attachments } = await openEditor(page, f.category._id, f.name);
      await expect(attachments.getByText("No attachments yet.")).toBeVisible();
      await expect(attachments.getByLabel("PDF file")).toHaveAttribute("accept", "application/pdf,.pdf");

      // A file that is not a PDF (by its bytes, whatever its name) is refused before anything is sent.
      await attachments
        .getByLabel("PDF file")
        .setInputFiles({ name: "photo.pdf", mimeType: "application/pdf", buffer: Buffer.from(PNG) });
      await expect(attachments.getByRole("alert")).toHaveText(
        "“photo.pdf” is not a PDF file. Please choose a PDF (brochure, manual, certificate).",
      );
      await expect(attachments.getByText("No attachments yet.")).toBeVisible();

      await attachments.getByLabel("Title of the new PDF").fill(title);
      await attachments
        .getByLabel("PDF file")
        .setInputFiles({ name: "brochure.pdf", mimeType: "application/pdf", buffer: brochure });
      await expect(attachments.getByRole("alert")).toHaveCount(0);
      await expect(attachments.getByLabel("Title of attachment 1")).toHaveValue(title);
      await expect(
        attachments.getByText(`New: brochure.pdf (${sizeText(brochure.length)}), uploaded when you save`),
      ).toBeVisible();
      await expectNoA11yViolations(page);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog).toBeHidden();
      await expect(toasts(page)).toContainText("Product updated successfully!");
      const saved = await apiCall<ProductData>(baseURL!, "GET", `/api/product/${f.product._id}`);
      expect(saved.attachments).toEqual([
        { title, url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.pdf$/), size: brochure.length },
      ]);
      const url = saved.attachments[0]!.url;

      // The product page lists the datasheet and the attachment, with its size.
      await page.goto(f.productUrl);
      const downloads = page.getByRole("region", { name: "Downloads" });
      await expect(downloads.getByRole("listitem")).toHaveCount(2);
      await expect(downloads.getByRole("link", { name: "Datasheet PDF", exact: true })).toHaveAttribute(
        "href",
        `${f.productUrl}/datasheet.pdf`,
      );
      const link = downloads.getByRole("link", { name: `${title} ${sizeText(brochure.length)}`, exact: true });
      await expect(link).toHaveAttribute("href", url);
      await expect(page.getByRole("link", { name: "Download datasheet (PDF)" })).toBeVisible();
      await expectNoA11yViolations(page);

      // The link downloads the file, named after its title.
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(`${title}.pdf`);
      expect(await readFile((await download.path())!)).toEqual(brochure);
      const answer = await page.request.get(url);
      expect(answer.headers()["content-type"]).toBe("application/pdf");
      expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="/);
      expect(answer.headers()["x-content-type-options"]).toBe("nosniff");

      // Without JavaScript the list is the same plain links.
      const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
      const plain = await noScript.newPage();
      await plain.goto(f.productUrl);
      await expect(
        plain
          .getByRole("region", { name: "Downloads" })
          .getByRole("link", { name: `${title} ${sizeText(brochure.length)}`, exact: true }),
      ).toHaveAttribute("href", url);
      await noScript.close();
      expect(problems).toEqual([]);
    } finally {
      await removeFixture(baseURL!, f);
    }
  },
);

test(
  "staff retitle and remove an attachment; the Downloads section goes with the last one",
  { tag: "@journey" },
  async ({ page, baseURL }, testInfo) => {
    const problems = watchErrors(page);
    await signIn(page, baseURL!);
    const bytes = await pdfBytes("Manual");
    const f = await fixture(baseURL!, testInfo, "Remove", [{ title: "Manual", bytes }]);
    const url = f.product.attachments[0]!.url;
    try {
      await page.goto(f.productUrl);
      await expect(page.getByRole("region", { name: "Downloads" }).getByRole("link", { name: /^Manual PDF/ })).toHaveAttribute(
        "href",
        url,
      );

      const first = await openEditor(page, f.category._id, f.name);
      await expect(first.attachments.getByRole("link", { name: `Download (${sizeText(bytes.length)}) Manual` })).toHaveAttribute(
        "href",
        url,
      );
      await first.attachments.getByLabel("Title of attachment 1").fill("Operation manual (English)");
      await first.dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(first.dialog).toBeHidden();
      const renamed = await apiCall<ProductData>(baseURL!, "GET", `/api/product/${f.product._id}`);
      expect(renamed.attachments).toEqual([{ title: "Operation manual (English)", url, size: bytes.length }]);

      const second = await openEditor(page, f.category._id, f.name);
      await second.attachments.getByRole("button", { name: "Remove attachment 1 (Operation manual (English))" }).click();
      await expect(second.attachments.getByText("No attachments yet.")).toBeVisible();
      await second.dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(second.dialog).toBeHidden();
      expect((await apiCall<ProductData>(baseURL!, "GET", `/api/product/${f.product._id}`)).attachments).toEqual([]);
      await page.goto(f.productUrl);
      await expect(page.getByRole("heading", { name: "Downloads" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Download datasheet (PDF)" })).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      await removeFixture(baseURL!, f);
    }
  },
);

test(
  "a server refusal of an attachment shows at the Attachments fieldset",
  { tag: "@journey" },
  async ({ page, baseURL }, testInfo) => {
    await signIn(page, baseURL!);
    const f = await fixture(baseURL!, testInfo, "Refused");
    try {
      const { dialog, attachments } = await openEditor(page, f.category._id, f.name);
      await attachments.getByLabel("Title of the new PDF").fill("Manual");
      await attachments
        .getByLabel("PDF file")
        .setInputFiles({ name: "manual.pdf", mimeType: "application/pdf", buffer: await pdfBytes("Manual") });
      // The dialog checks what the server checks, so a refusal needs a server that decides otherwise (e.g. a
      // newer version with a smaller limit): its answer is stood in for here, in the API's error shape.
      const message = "“manual.pdf” is larger than 20 MB. Please choose a smaller PDF.";
      await page.route(`**/api/product/${f.product._id}`, (route) =>
        route.request().method() === "PUT"
          ? route.fulfill({ status: 413, json: { message, error: message, issues: [{ path: "attachments", message }] } })
          : route.fallback(),
      );
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(attachments.getByText(message)).toBeVisible();
      await expect(dialog.getByRole("alert")).toHaveText(`Error: ${message}`); // once, not twice
      await expect(dialog).toBeVisible();
      await expect(attachments.getByLabel("Title of attachment 1")).toHaveValue("Manual"); // nothing lost
      expect((await apiCall<ProductData>(baseURL!, "GET", `/api/product/${f.product._id}`)).attachments).toEqual([]);
    } finally {
      await removeFixture(baseURL!, f);
    }
  },
);
