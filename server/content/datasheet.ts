import { readFile } from "node:fs/promises";
import path from "node:path";
import QRCode from "qrcode";
import sharp from "sharp";
import type { Product } from "../../shared/content/product";
import { keyFigureLines } from "../../shared/content/product-figures";
import type { SiteSettings } from "../../shared/content/settings";
import { BOLD, type Doc, newPdf, pdfText, REGULAR } from "../pdf/document";

/**
 * A product's datasheet (issue 14): an A4 PDF with the company's letterhead from Site Settings, the
 * product's name, picture, key figures in metric and imperial units, every specification and feature, the
 * price (or "Price on request") with the settings' price note, a QR code to its page and the date, laid out
 * so a typical product fits on one page (issue 30). Text is real text, so it can be selected and searched.
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
const MARGIN = 40;
/** The QR code's side, and the box the product picture is fitted into (points; A4 is 595 × 842). */
const QR_SIZE = 64;
const PICTURE_WIDTH = 170;
const PICTURE_HEIGHT = 128;

const rupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });

/** The main picture as PNG (PDFKit reads PNG and JPEG; our uploads are WebP), or null when there is none. */
async function pictureOf(product: Product, uploadDir: string): Promise<Buffer | null> {
  const url = product.mainImage;
  if (!url.startsWith("/uploads/")) return null; // a pasted web address is not fetched
  try {
    const bytes = await readFile(path.join(uploadDir, path.basename(url)));
    return await sharp(bytes)
      .resize({ width: 600, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer();
  } catch {
    return null; // a missing or unreadable file: the datasheet goes without it
  }
}

type Row = [label: string, value: string, extra?: string];

/** The company's name and contact line, and the QR code of the product page at the top right. */
function letterhead(doc: Doc, settings: SiteSettings, pageUrl: string, width: number): void {
  doc
    .font(BOLD)
    .fontSize(17)
    .fillColor(BRAND)
    .text(pdfText(settings.companyName), MARGIN, MARGIN, { width: width - 90 });
  const reach = [settings.phones[0]?.value, settings.emails[0]?.value].filter(Boolean).join("  |  ");
  doc.font(REGULAR).fontSize(8).fillColor(MUTED);
  for (const line of [settings.address, reach].filter(Boolean)) doc.text(pdfText(line), { width: width - 90 });
  const qr = QRCode.create(pageUrl, { errorCorrectionLevel: "M" });
  const cell = QR_SIZE / qr.modules.size;
  const qrX = MARGIN + width - QR_SIZE;
  for (let y = 0; y < qr.modules.size; y++) {
    for (let x = 0; x < qr.modules.size; x++) {
      if (qr.modules.get(x, y)) doc.rect(qrX + x * cell, MARGIN + y * cell, cell, cell);
    }
  }
  doc.fill("#000000");
  doc
    .moveTo(MARGIN, MARGIN + QR_SIZE + 8)
    .lineTo(MARGIN + width, MARGIN + QR_SIZE + 8)
    .strokeColor(RULE)
    .stroke();
}

/** Name, price with the price note, and the picture beside the descriptions (beside, to keep to one page). */
function introduction(doc: Doc, product: Product, priceNote: string, picture: Buffer | null, width: number): void {
  doc
    .font(BOLD)
    .fontSize(8)
    .fillColor(MUTED)
    .text("PRODUCT DATASHEET", MARGIN, MARGIN + QR_SIZE + 18);
  doc.font(BOLD).fontSize(18).fillColor(BRAND).text(pdfText(product.name), { width });
  doc.moveDown(0.15);
  doc
    .font(BOLD)
    .fontSize(13)
    .fillColor("#0f172a")
    .text(product.price === null ? "Price on request" : `₹${rupees.format(product.price)}`, { width });
  if (product.price !== null && priceNote.trim() !== "") {
    doc.font(REGULAR).fontSize(8).fillColor(MUTED).text(pdfText(priceNote.trim()), { width });
  }
  doc.moveDown(0.6);
  const top = doc.y;
  let textX = MARGIN;
  let pictureBottom = top;
  if (picture) {
    doc.image(picture, MARGIN, top, { fit: [PICTURE_WIDTH, PICTURE_HEIGHT], align: "center" });
    pictureBottom = top + PICTURE_HEIGHT;
    textX = MARGIN + PICTURE_WIDTH + 16;
  }
  const textWidth = MARGIN + width - textX;
  doc.font(REGULAR).fontSize(9.5).fillColor("#1e293b").text(pdfText(product.shortDescription), textX, top, { width: textWidth });
  doc.moveDown(0.3);
  doc.fontSize(8).fillColor(MUTED).text(pdfText(product.fullDescription), textX, doc.y, { width: textWidth, lineGap: 0.5 });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, pictureBottom);
}

/** A titled table of label, value (and a second unit); a new page only when a row would not fit. */
function table(doc: Doc, title: string, rows: Row[], width: number): void {
  if (rows.length === 0) return;
  doc.moveDown(0.7);
  if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  doc.font(BOLD).fontSize(10.5).fillColor(BRAND).text(title, MARGIN, doc.y, { width });
  doc.moveDown(0.2);
  for (const [label, value, extra] of rows) {
    if (doc.y > doc.page.height - MARGIN - 24) doc.addPage();
    const y = doc.y;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(pdfText(label), MARGIN, y, { width: width * 0.4 });
    const labelBottom = doc.y;
    doc
      .font(BOLD)
      .fillColor("#0f172a")
      .text(pdfText(value), MARGIN + width * 0.42, y, { width: extra ? width * 0.3 : width * 0.58 });
    let bottom = Math.max(labelBottom, doc.y);
    if (extra) {
      doc
        .font(REGULAR)
        .fillColor(MUTED)
        .text(pdfText(extra), MARGIN + width * 0.74, y, { width: width * 0.26 });
      bottom = Math.max(bottom, doc.y);
    }
    doc
      .moveTo(MARGIN, bottom + 2)
      .lineTo(MARGIN + width, bottom + 2)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y = bottom + 5;
  }
}

/** On every page, inside the bottom margin: the page's address and the date, with the page count. */
function footers(doc: Doc, pageUrl: string, date: Date, width: number): void {
  const range = doc.bufferedPageRange();
  const dateText = date.toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Written inside the bottom margin: without this PDFKit would start a new page for it.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 8;
    doc.font(REGULAR).fontSize(7).fillColor(MUTED);
    doc.text(pdfText(pageUrl.replace(/^https?:\/\//, "")), MARGIN, y, { width, lineBreak: false });
    doc.text(`${dateText}  ·  Page ${i + 1} of ${range.count}`, MARGIN, y + 11, { width, align: "right", lineBreak: false });
  }
}

export async function renderDatasheet(input: DatasheetInput): Promise<Buffer> {
  const { product, settings } = input;
  const { doc, done } = newPdf(MARGIN, {
    Title: pdfText(`${product.name} - datasheet`),
    Author: pdfText(settings.companyName),
    Subject: pdfText(product.shortDescription),
    CreationDate: input.date,
  });
  const width = doc.page.width - 2 * MARGIN;
  letterhead(doc, settings, input.pageUrl, width);
  introduction(doc, product, settings.priceNote, await pictureOf(product, input.uploadDir), width);
  table(
    doc,
    "Key figures",
    keyFigureLines(product).map((l): Row => [l.label, l.metric, l.imperial ?? undefined]),
    width,
  );
  table(
    doc,
    "Specifications",
    product.specifications.map((s): Row => [s.specName, s.specValue]),
    width,
  );
  table(
    doc,
    "Features",
    product.features.map((f): Row => [f.featureName, f.featureValue || "Yes"]),
    width,
  );
  footers(doc, input.pageUrl, input.date, width);
  doc.end();
  return done;
}
