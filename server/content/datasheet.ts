import { readFile } from "node:fs/promises";
import path from "node:path";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import sharp from "sharp";
import type { Product } from "../../shared/content/product";
import { keyFigureLines } from "../../shared/content/product-figures";
import type { SiteSettings } from "../../shared/content/settings";

/**
 * A product's datasheet (issue 14): an A4 PDF with the company's letterhead from Site Settings, the
 * product's name, picture, key figures in metric and imperial units, every specification and feature, the
 * price (or "Price on request"), a QR code to its page and the date. Text is real text (PDFKit's standard
 * Helvetica), so it can be selected and searched.
 */

export interface DatasheetInput {
  product: Product;
  settings: SiteSettings;
  /** The product page's absolute URL, for the QR code and the footer. */
  pageUrl: string;
  uploadDir: string;
  date: Date;
}

const BRAND = "#0b3a66";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const MARGIN = 50;

/**
 * The standard PDF fonts know only Windows-1252 (WinAnsi) characters; the few others our content uses get
 * their plain equivalents, and anything else a question mark, instead of a wrong glyph.
 */
const REPLACEMENTS: Record<string, string> = { "₹": "Rs. ", "−": "-", "≤": "<=", "≥": ">=", "✓": "Yes", "→": "->", "≈": "~" };
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
function pdfText(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch) || ch === "\n")
      out += ch;
    else out += "?";
  }
  return out;
}

const rupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });

/** The main picture as PNG (PDFKit reads PNG and JPEG; our uploads are WebP), or null when there is none. */
async function pictureOf(product: Product, uploadDir: string): Promise<Buffer | null> {
  const url = product.mainImage;
  if (!url.startsWith("/uploads/")) return null; // a pasted web address is not fetched
  try {
    const bytes = await readFile(path.join(uploadDir, path.basename(url)));
    return await sharp(bytes)
      .resize({ width: 900, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer();
  } catch {
    return null; // a missing or unreadable file: the datasheet goes without it
  }
}

export async function renderDatasheet(input: DatasheetInput): Promise<Buffer> {
  const { product, settings } = input;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true, // the footer, with its page count, is written once every page exists
    info: {
      Title: pdfText(`${product.name} - datasheet`),
      Author: pdfText(settings.companyName),
      Subject: pdfText(product.shortDescription),
      CreationDate: input.date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  // Letterhead.
  doc.font("Helvetica-Bold").fontSize(18).fillColor(BRAND).text(pdfText(settings.companyName), MARGIN, MARGIN);
  const contact = [settings.address, settings.phones[0]?.value, settings.emails[0]?.value].filter(Boolean).join("  |  ");
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(pdfText(contact), { width: width - 90 });
  const qr = QRCode.create(input.pageUrl, { errorCorrectionLevel: "M" });
  const cell = 72 / qr.modules.size;
  const qrX = MARGIN + width - 72;
  for (let y = 0; y < qr.modules.size; y++) {
    for (let x = 0; x < qr.modules.size; x++) {
      if (qr.modules.get(x, y)) doc.rect(qrX + x * cell, MARGIN + y * cell, cell, cell);
    }
  }
  doc.fill("#000000");
  doc
    .moveTo(MARGIN, MARGIN + 82)
    .lineTo(MARGIN + width, MARGIN + 82)
    .strokeColor(RULE)
    .stroke();

  // Title, price, picture, description.
  doc
    .font("Helvetica-Bold")
    .fontSize(9)
    .fillColor(MUTED)
    .text("PRODUCT DATASHEET", MARGIN, MARGIN + 94);
  doc.font("Helvetica-Bold").fontSize(20).fillColor(BRAND).text(pdfText(product.name), { width });
  doc
    .font("Helvetica-Bold")
    .fontSize(14)
    .fillColor("#0f172a")
    .text(product.price === null ? "Price on request" : pdfText(`₹${rupees.format(product.price)}`));
  doc.moveDown(0.5);
  const picture = await pictureOf(product, input.uploadDir);
  if (picture) {
    doc.image(picture, { fit: [width, 220], align: "center" });
    doc.moveDown(0.5);
  }
  doc.font("Helvetica").fontSize(10).fillColor("#1e293b").text(pdfText(product.shortDescription), { width });
  doc.moveDown(0.3);
  doc.fontSize(9).fillColor(MUTED).text(pdfText(product.fullDescription), { width });

  const table = (title: string, rows: [string, string, string?][]) => {
    if (rows.length === 0) return;
    doc.moveDown(1);
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(12).fillColor(BRAND).text(title, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    for (const [label, value, extra] of rows) {
      if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
      const y = doc.y;
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor(MUTED)
        .text(pdfText(label), MARGIN, y, { width: width * 0.4 });
      const labelBottom = doc.y;
      doc
        .font("Helvetica-Bold")
        .fillColor("#0f172a")
        .text(pdfText(value), MARGIN + width * 0.42, y, { width: extra ? width * 0.3 : width * 0.58 });
      let bottom = Math.max(labelBottom, doc.y);
      if (extra) {
        doc
          .font("Helvetica")
          .fillColor(MUTED)
          .text(pdfText(extra), MARGIN + width * 0.74, y, { width: width * 0.26 });
        bottom = Math.max(bottom, doc.y);
      }
      doc
        .moveTo(MARGIN, bottom + 3)
        .lineTo(MARGIN + width, bottom + 3)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
      doc.y = bottom + 7;
    }
  };

  table(
    "Key figures",
    keyFigureLines(product).map((l) => [l.label, l.metric, l.imperial ?? undefined]),
  );
  table(
    "Specifications",
    product.specifications.map((s) => [s.specName, s.specValue]),
  );
  table(
    "Features",
    product.features.map((f) => [f.featureName, f.featureValue || "Yes"]),
  );

  // Footer on every page: where the page is and when this was made.
  const range = doc.bufferedPageRange();
  const dateText = input.date.toLocaleDateString("en-IN", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Written inside the bottom margin: without this PDFKit would start a new page for it.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 8;
    doc.font("Helvetica").fontSize(7).fillColor(MUTED);
    doc.text(pdfText(input.pageUrl.replace(/^https?:\/\//, "")), MARGIN, y, { width, lineBreak: false });
    doc.text(pdfText(`${dateText}  ·  Page ${i + 1} of ${range.count}`), MARGIN, y + 11, {
      width,
      align: "right",
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
