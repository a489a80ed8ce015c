import { createHash } from "node:crypto";
import type { SiteSettings } from "../../shared/content/settings";
import type { Address } from "../../shared/sales/customer";
import { dayInWords } from "../../shared/sales/financial-year";
import { hsnSummary, ratePercent } from "../../shared/sales/hsn-summary";
import { formatRupees } from "../../shared/sales/money";
import type { Quotation } from "../../shared/sales/quotation";
import { addressLines, placeOfSupply, yourRefText } from "../../shared/sales/quotation-particulars";
import { BOLD, type Doc, newPdf, pdfText, REGULAR, writeText } from "../pdf/document";
import { renderPdf } from "../pdf/off-thread";

/**
 * A quotation as the buyer gets it (issue 32): an A4 PDF with the logo and letterhead (GSTIN, PAN), Bill-to and
 * Ship-to, the place of supply, "Your ref." and "Kind attn." (issue 45), every line with its HSN code, the HSN/SAC
 * summary (CGST + SGST, or IGST), the total with its round-off, the amount in words, the bank details for an
 * advance and the terms. Text is real text (selectable, searchable); ₹ and Tamil print.
 */

const BRAND = "#0b3a66";
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const MARGIN = 40;
const WIDTH = 595 - 2 * MARGIN;

const money = (rupees: number) => formatRupees(Math.round(rupees * 100));
const plain = (rupees: number) => money(rupees).replace("₹", "");
const number = (n: number) => String(Number(n.toFixed(2)));
const paise = (p: number) => formatRupees(p).replace("₹", "");
const dayText = dayInWords;

/** A column of the lines table: its heading, share of the width, alignment and the cell's text. */
interface Column extends Cell {
  title: string;
  cell: (line: Quotation["lines"][number], n: number) => string;
}

const COLUMNS: Column[] = [
  { title: "#", width: 16, align: "left", cell: (_l, n) => String(n) },
  { title: "Description", width: 150, align: "left", cell: (l) => l.description },
  { title: "HSN/SAC", width: 46, align: "left", cell: (l) => l.hsn },
  { title: "Qty", width: 40, align: "right", cell: (l) => `${number(l.quantity)} ${l.unit}` },
  { title: "Rate", width: 60, align: "right", cell: (l) => plain(l.unitPrice) },
  { title: "Disc%", width: 32, align: "right", cell: (l) => (l.discountPercent ? number(l.discountPercent) : "") },
  { title: "Taxable", width: 68, align: "right", cell: (l) => plain(l.taxable) },
  { title: "GST%", width: 30, align: "right", cell: (l) => number(l.gstRate) },
  { title: "Amount", width: 73, align: "right", cell: (l) => plain(l.total) },
];

/** The logo's size, in points. */
const LOGO = 42;

/**
 * The site's logo (public/favicon.svg: a blue tile, a white dial, an orange needle) drawn as vectors in its own
 * 64 × 64 units: nothing to read or embed, and it stays sharp printed.
 */
function logo(doc: Doc, x: number, y: number, size: number): void {
  const k = size / 64;
  doc.save();
  doc.roundedRect(x, y, 64 * k, 64 * k, 14 * k).fill(BRAND);
  doc
    .circle(x + 32 * k, y + 32 * k, 17 * k)
    .lineWidth(6 * k)
    .strokeColor("#ffffff")
    .stroke();
  doc
    .moveTo(x + 32 * k, y + 32 * k)
    .lineTo(x + 43 * k, y + 22 * k)
    .lineWidth(6 * k)
    .lineCap("round")
    .strokeColor("#f08a24")
    .stroke();
  doc.restore();
}

/** The logo, the company's name, address, contacts, GSTIN and PAN across the top, and the document's title. */
function letterhead(doc: Doc, q: Quotation, settings: SiteSettings): void {
  logo(doc, MARGIN, MARGIN, LOGO);
  const x = MARGIN + LOGO + 10;
  const width = WIDTH - 150 - LOGO - 10;
  doc.fillColor(BRAND).fontSize(17);
  writeText(doc, settings.companyName, BOLD, { x, y: MARGIN }, { width });
  doc.fontSize(8).fillColor(MUTED);
  const reach = [settings.phones[0]?.value, settings.emails[0]?.value].filter(Boolean).join("  |  ");
  const ids = [q.seller.gstin ? `GSTIN ${q.seller.gstin}` : "", q.seller.pan ? `PAN ${q.seller.pan}` : ""]
    .filter(Boolean)
    .join("  |  ");
  for (const line of [settings.address, reach, ids].filter(Boolean)) writeText(doc, line, REGULAR, null, { width });
  const left = doc.y;
  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor(INK)
    .text("QUOTATION", MARGIN + WIDTH - 150, MARGIN, { width: 150, align: "right" });
  doc.font(REGULAR).fontSize(8.5).fillColor(INK);
  const facts = [
    `No. ${q.number}${q.version > 1 ? ` (revision ${q.version})` : ""}`,
    `Date ${dayText(q.date)}`,
    `Valid until ${dayText(q.validUntil)}`,
  ];
  for (const fact of facts) doc.text(fact, MARGIN + WIDTH - 150, doc.y, { width: 150, align: "right" });
  const y = Math.max(doc.y, left, MARGIN + LOGO) + 8;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .strokeColor(RULE)
    .lineWidth(0.8)
    .stroke();
  doc.y = y + 10;
}

/** A line of a block: bold, or a larger bold (a name). */
type BlockLine = { text: string; weight?: "bold" | "name" };

/** One column of the parties' row: a small heading and its lines. Returns its bottom. */
function block(doc: Doc, title: string, lines: BlockLine[], x: number, y: number, width: number): number {
  doc.font(BOLD).fontSize(7.5).fillColor(MUTED).text(title.toUpperCase(), x, y, { width });
  for (const line of lines) {
    doc.fontSize(line.weight === "name" ? 10 : 8.5).fillColor(INK);
    writeText(doc, line.text, line.weight ? BOLD : REGULAR, null, { width });
  }
  return doc.y;
}

const stateLine = (state: string, code: string) => (state ? [{ text: `State: ${state}${code ? ` (code ${code})` : ""}` }] : []);
const addressBlock = (a: Address): BlockLine[] => addressLines(a).map((text) => ({ text }));

/** Bill-to (the buyer, its GSTIN), Ship-to, and the place of supply, "Your ref." and "Kind attn.". */
function parties(doc: Doc, q: Quotation): void {
  const top = doc.y;
  const gap = 14;
  const width = (WIDTH - 2 * gap) / 3;
  const b = q.buyer;
  const billTo: BlockLine[] = [
    { text: b.name, weight: "name" },
    ...addressBlock(b.address),
    ...stateLine(b.state, b.stateCode),
    { text: b.gstin ? `GSTIN: ${b.gstin}` : "GSTIN: not registered", weight: "bold" },
  ];
  const shipTo = q.particulars?.shipTo;
  const shipLines = shipTo ? addressLines(shipTo) : [];
  const shipToBlock: BlockLine[] = shipLines.length
    ? [{ text: b.name, weight: "name" }, ...addressBlock(shipTo!)]
    : [{ text: "The bill-to address" }];
  const p = q.particulars;
  const ref = p ? yourRefText(p) : "";
  const details: BlockLine[] = [
    { text: "Place of supply", weight: "bold" },
    { text: placeOfSupply(b) || "Not known" },
    ...(ref ? [{ text: "Your ref.", weight: "bold" as const }, { text: ref }] : []),
    ...(p?.kindAttn ? [{ text: "Kind attn.", weight: "bold" as const }, { text: p.kindAttn }] : []),
  ];
  const bottoms = [
    block(doc, "Bill to", billTo, MARGIN, top, width),
    block(doc, "Ship to", shipToBlock, MARGIN + width + gap, top, width),
    block(doc, "Particulars", details, MARGIN + 2 * (width + gap), top, width),
  ];
  doc.y = Math.max(...bottoms) + 12;
}

/** A table's column: its share of the width and alignment. */
interface Cell {
  width: number;
  align: "left" | "right";
}

/** A row of cells in the columns' widths; returns the row's bottom. */
function row(doc: Doc, columns: readonly Cell[], cells: string[], y: number, font: typeof REGULAR | typeof BOLD): number {
  let x = MARGIN;
  let bottom = y;
  columns.forEach((c, i) => {
    doc.fontSize(8).fillColor(INK);
    writeText(doc, cells[i] ?? "", font, { x: x + 2, y }, { width: c.width - 4, align: c.align });
    bottom = Math.max(bottom, doc.y);
    x += c.width;
  });
  return bottom;
}

/** A table's shaded heading row. */
function headingRow(doc: Doc, columns: readonly Cell[], titles: string[]): void {
  const y = doc.y;
  doc.rect(MARGIN, y - 3, WIDTH, 16).fill("#e2e8f0");
  doc.y = row(doc, columns, titles, y, BOLD) + 4;
}

/** A body row with a rule under it. */
function ruledRow(doc: Doc, columns: readonly Cell[], cells: string[], font: typeof REGULAR | typeof BOLD): void {
  const bottom = row(doc, columns, cells, doc.y, font);
  doc
    .moveTo(MARGIN, bottom + 2)
    .lineTo(MARGIN + WIDTH, bottom + 2)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.y = bottom + 5;
}

function linesTable(doc: Doc, q: Quotation): void {
  const heading = () =>
    headingRow(
      doc,
      COLUMNS,
      COLUMNS.map((c) => c.title),
    );
  heading();
  q.lines.forEach((line, i) => {
    if (doc.y > doc.page.height - MARGIN - 40) {
      doc.addPage();
      heading();
    }
    ruledRow(
      doc,
      COLUMNS,
      COLUMNS.map((c) => c.cell(line, i + 1)),
      REGULAR,
    );
  });
}

/** The HSN/SAC summary (shared/sales/hsn-summary.ts, as the buyer's page and the panel show it). */
function hsnTable(doc: Doc, q: Quotation): void {
  const { rows, totals } = hsnSummary(q.lines);
  const intra = q.taxSplit === "intra";
  const columns: (Cell & { title: string })[] = intra
    ? [
        { title: "HSN/SAC", width: 70, align: "left" },
        { title: "Taxable value", width: 95, align: "right" },
        { title: "CGST rate", width: 50, align: "right" },
        { title: "CGST amount", width: 75, align: "right" },
        { title: "SGST rate", width: 50, align: "right" },
        { title: "SGST amount", width: 75, align: "right" },
        { title: "Total tax", width: WIDTH - 415, align: "right" },
      ]
    : [
        { title: "HSN/SAC", width: 90, align: "left" },
        { title: "Taxable value", width: 120, align: "right" },
        { title: "IGST rate", width: 70, align: "right" },
        { title: "IGST amount", width: 115, align: "right" },
        { title: "Total tax", width: WIDTH - 395, align: "right" },
      ];
  const taxCells = (r: { rateBasisPoints?: number; cgstPaise: number; sgstPaise: number; igstPaise: number }) => {
    const rate = (bp: number) => (r.rateBasisPoints === undefined ? "" : ratePercent(bp));
    const bp = r.rateBasisPoints ?? 0;
    return intra ? [rate(bp / 2), paise(r.cgstPaise), rate(bp / 2), paise(r.sgstPaise)] : [rate(bp), paise(r.igstPaise)];
  };
  if (doc.y > doc.page.height - MARGIN - (60 + 16 * rows.length)) doc.addPage();
  doc.moveDown(0.5);
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text("HSN/SAC SUMMARY", MARGIN, doc.y);
  doc.moveDown(0.3);
  headingRow(
    doc,
    columns,
    columns.map((c) => c.title),
  );
  for (const r of rows) ruledRow(doc, columns, [r.hsn, paise(r.taxablePaise), ...taxCells(r), paise(r.taxPaise)], REGULAR);
  ruledRow(doc, columns, ["Total", paise(totals.taxablePaise), ...taxCells(totals), paise(totals.taxPaise)], BOLD);
}

/** The totals with the round-off, on the right, and the amount in words. */
function totalsBlock(doc: Doc, q: Quotation): void {
  const intra = q.taxSplit === "intra";
  const totals: [string, string][] = [
    ["Taxable value", money(q.taxable)],
    ...(intra
      ? ([
          ["CGST", money(q.cgst)],
          ["SGST", money(q.sgst)],
        ] as [string, string][])
      : ([["IGST", money(q.igst)]] as [string, string][])),
    ["Round off", money(q.roundOff)],
  ];
  if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
  let y = doc.y + 6;
  const x = MARGIN + WIDTH / 2 + 20;
  const w = WIDTH / 2 - 20;
  for (const [label, value] of totals) {
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(INK)
      .text(label, x, y, { width: w / 2 });
    doc.text(value, x + w / 2, y, { width: w / 2, align: "right" });
    y = doc.y + 2;
  }
  doc
    .moveTo(x, y)
    .lineTo(x + w, y)
    .strokeColor(INK)
    .lineWidth(0.8)
    .stroke();
  doc
    .font(BOLD)
    .fontSize(11)
    .text("Total", x, y + 4, { width: w / 2 });
  doc.text(money(q.total), x + w / 2, y + 4, { width: w / 2, align: "right" });
  doc.y += 8;
  doc.font(BOLD).fontSize(9).fillColor(INK).text(`Amount in words: ${q.amountInWords}`, MARGIN, doc.y, { width: WIDTH });
}

/** Where to pay an advance: the bank details and PAN copied in when the quotation was made (none before issue 45). */
function bankBlock(doc: Doc, q: Quotation): void {
  const rows: [string, string][] = [
    ["Bank details", q.seller.bankDetails],
    ["PAN", q.seller.pan],
  ];
  const shown = rows.filter(([, v]) => v.trim() !== "");
  if (shown.length === 0) return;
  doc.moveDown(0.8);
  if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  doc.font(BOLD).fontSize(10).fillColor(BRAND).text("For an advance", MARGIN, doc.y);
  for (const [label, value] of shown) {
    const y = doc.y + 3;
    doc.font(BOLD).fontSize(8.5).fillColor(INK).text(label, MARGIN, y, { width: 70 });
    doc.fontSize(8.5);
    writeText(doc, value, REGULAR, { x: MARGIN + 75, y }, { width: WIDTH - 75 });
  }
}

function terms(doc: Doc, q: Quotation, settings: SiteSettings): void {
  const rows: [string, string][] = [
    ["Validity", `This quotation is valid until ${dayText(q.validUntil)}.`],
    ["Payment", q.terms.payment],
    ["Delivery", q.terms.delivery],
    ["Warranty", q.terms.warranty],
    ["Notes", q.terms.notes],
  ];
  doc.moveDown(0.8);
  if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
  doc.font(BOLD).fontSize(10).fillColor(BRAND).text("Terms", MARGIN, doc.y);
  for (const [label, value] of rows.filter(([, v]) => v.trim() !== "")) {
    const y = doc.y + 3;
    doc.font(BOLD).fontSize(8.5).fillColor(INK).text(label, MARGIN, y, { width: 70 });
    doc.fontSize(8.5);
    writeText(doc, value, REGULAR, { x: MARGIN + 75, y }, { width: WIDTH - 75 });
  }
  doc.moveDown(1.5);
  if (doc.y > doc.page.height - MARGIN - 50) doc.addPage();
  doc.fontSize(9).fillColor(INK);
  writeText(doc, `For ${settings.companyName}`, BOLD, { x: MARGIN + WIDTH - 220, y: doc.y }, { width: 220, align: "right" });
  doc.moveDown(1.8);
  doc.fontSize(8.5);
  writeText(doc, `${q.preparedBy} · Authorised signatory`, REGULAR, null, { width: 220, align: "right" });
}

function footers(doc: Doc, q: Quotation): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // inside the bottom margin, without PDFKit starting a new page
    const y = doc.page.height - MARGIN + 10;
    doc.font(REGULAR).fontSize(7).fillColor(MUTED);
    doc.text(`${q.number} v${q.version}`, MARGIN, y, { width: WIDTH, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN, y, { width: WIDTH, align: "right", lineBreak: false });
  }
}

/** The quotation's PDF, laid out (on the PDF thread: server/pdf/off-thread.ts). */
export async function renderQuotationPdf(q: Quotation, settings: SiteSettings): Promise<Buffer> {
  const { doc, done } = newPdf(MARGIN, {
    Title: pdfText(`Quotation ${q.number} v${q.version}`),
    Author: pdfText(settings.companyName),
    Subject: pdfText(`Quotation for ${q.buyer.name}`),
    CreationDate: new Date(q.createdAt),
  });
  letterhead(doc, q, settings);
  parties(doc, q);
  linesTable(doc, q);
  hsnTable(doc, q);
  totalsBlock(doc, q);
  bankBlock(doc, q);
  terms(doc, q, settings);
  footers(doc, q);
  doc.end();
  return done;
}

/** The file name a download gets: "PQ-2026-27-0042-v2.pdf". */
export function quotationFileName(q: Pick<Quotation, "number" | "version">): string {
  return `${q.number.replace(/[^A-Za-z0-9-]+/g, "-")}-v${q.version}.pdf`;
}

/**
 * PDFs made lately, by quotation version and settings (issue 44: about 1 s of CPU for a 45-page quotation,
 * and twelve clients on one link made every page wait). A version's PDF is made once, on the PDF thread,
 * and its bytes served again; requests for one being made share it. A change of the quotation (its status:
 * updatedAt) or of the settings (the letterhead) makes a new one.
 */
const KEPT_PDFS = 32;
const kept = new Map<string, Promise<Buffer>>();

/** The quotation's PDF: the kept bytes, or made and kept. */
export function quotationPdf(q: Quotation, settings: SiteSettings): Promise<Buffer> {
  const key = `${q._id}:${q.updatedAt}:${createHash("sha256").update(JSON.stringify(settings)).digest("base64url")}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key); // the most recently used goes last, the least first out
    kept.set(key, hit);
    return hit;
  }
  const made = renderPdf({ kind: "quotation", input: { quotation: q, settings } });
  kept.set(key, made);
  made.catch(() => kept.delete(key));
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_PDFS) break;
    kept.delete(oldest);
  }
  return made;
}
