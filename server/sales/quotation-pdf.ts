import { createHash } from "node:crypto";
import type { SiteSettings } from "../../shared/content/settings";
import { formatRupees } from "../../shared/sales/money";
import type { Quotation, QuotationParty } from "../../shared/sales/quotation";
import { BOLD, type Doc, newPdf, pdfText, REGULAR, writeText } from "../pdf/document";
import { renderPdf } from "../pdf/off-thread";

/**
 * A quotation as the buyer gets it (issue 32): an A4 PDF with the letterhead, both GSTINs and states, every
 * line with its HSN code, the tax split (CGST + SGST, or IGST) per HSN code, the total with its round-off,
 * the amount in words and the terms. Text is real text (selectable, searchable); ₹ and Tamil print.
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
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A column of the lines table: its heading, share of the width, alignment and the cell's text. */
interface Column {
  title: string;
  width: number;
  align: "left" | "right";
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

/** The company's name, address, contacts and GSTIN across the top, and the document's title. */
function letterhead(doc: Doc, q: Quotation, settings: SiteSettings): void {
  doc.fillColor(BRAND).fontSize(17);
  writeText(doc, settings.companyName, BOLD, { x: MARGIN, y: MARGIN }, { width: WIDTH - 150 });
  doc.fontSize(8).fillColor(MUTED);
  const reach = [settings.phones[0]?.value, settings.emails[0]?.value].filter(Boolean).join("  |  ");
  for (const line of [settings.address, reach, q.seller.gstin ? `GSTIN ${q.seller.gstin}` : ""].filter(Boolean)) {
    writeText(doc, line, REGULAR, null, { width: WIDTH - 150 });
  }
  const top = MARGIN;
  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor(INK)
    .text("QUOTATION", MARGIN + WIDTH - 150, top, { width: 150, align: "right" });
  doc.font(REGULAR).fontSize(8.5).fillColor(INK);
  const facts = [
    `No. ${q.number}${q.version > 1 ? ` (revision ${q.version})` : ""}`,
    `Date ${dayText(q.date)}`,
    `Valid until ${dayText(q.validUntil)}`,
  ];
  for (const fact of facts) doc.text(fact, MARGIN + WIDTH - 150, doc.y, { width: 150, align: "right" });
  const y = Math.max(doc.y, MARGIN + 62) + 8;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .strokeColor(RULE)
    .lineWidth(0.8)
    .stroke();
  doc.y = y + 10;
}

/** One party's block: name, address, state with its code, GSTIN. */
function party(doc: Doc, title: string, p: QuotationParty, x: number, y: number, width: number): number {
  doc.font(BOLD).fontSize(7.5).fillColor(MUTED).text(title.toUpperCase(), x, y, { width });
  doc.fontSize(10).fillColor(INK);
  writeText(doc, p.name, BOLD, null, { width });
  doc.fontSize(8.5).fillColor(INK);
  const a = p.address;
  const lines = [a.line1, [a.city, a.pincode].filter(Boolean).join(" "), a.country && a.country !== "India" ? a.country : ""];
  for (const line of lines.filter(Boolean)) writeText(doc, line, REGULAR, null, { width });
  if (p.state) doc.font(REGULAR).text(`State: ${p.state}${p.stateCode ? ` (code ${p.stateCode})` : ""}`, { width });
  doc.font(BOLD).text(p.gstin ? `GSTIN: ${p.gstin}` : "GSTIN: not registered", { width });
  return doc.y;
}

function parties(doc: Doc, q: Quotation): void {
  const top = doc.y;
  const half = WIDTH / 2 - 10;
  const left = party(doc, "Quotation for", q.buyer, MARGIN, top, half);
  const right = party(doc, "From", q.seller, MARGIN + WIDTH / 2 + 10, top, half);
  doc.y = Math.max(left, right) + 12;
}

/** A row of cells in the columns' widths; returns the row's bottom. */
function row(doc: Doc, cells: string[], y: number, font: typeof REGULAR | typeof BOLD): number {
  let x = MARGIN;
  let bottom = y;
  COLUMNS.forEach((c, i) => {
    doc.fontSize(8).fillColor(INK);
    writeText(doc, cells[i] ?? "", font, { x: x + 2, y }, { width: c.width - 4, align: c.align });
    bottom = Math.max(bottom, doc.y);
    x += c.width;
  });
  return bottom;
}

function linesTable(doc: Doc, q: Quotation): void {
  const heading = () => {
    const y = doc.y;
    doc.rect(MARGIN, y - 3, WIDTH, 16).fill("#e2e8f0");
    const bottom = row(
      doc,
      COLUMNS.map((c) => c.title),
      y,
      BOLD,
    );
    doc.y = bottom + 4;
  };
  heading();
  q.lines.forEach((line, i) => {
    if (doc.y > doc.page.height - MARGIN - 40) {
      doc.addPage();
      heading();
    }
    const bottom = row(
      doc,
      COLUMNS.map((c) => c.cell(line, i + 1)),
      doc.y,
      REGULAR,
    );
    doc
      .moveTo(MARGIN, bottom + 2)
      .lineTo(MARGIN + WIDTH, bottom + 2)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y = bottom + 5;
  });
}

/** Tax per HSN code and rate, as a GST invoice shows it, then the totals and the amount in words. */
function taxAndTotals(doc: Doc, q: Quotation): void {
  const byCode = new Map<string, { hsn: string; rate: number; taxable: number; cgst: number; sgst: number; igst: number }>();
  for (const l of q.lines) {
    const key = `${l.hsn}|${l.gstRate}`;
    const s = byCode.get(key) ?? { hsn: l.hsn || "—", rate: l.gstRate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    // Sums in paise, so no float error creeps in.
    s.taxable = (Math.round(s.taxable * 100) + Math.round(l.taxable * 100)) / 100;
    s.cgst = (Math.round(s.cgst * 100) + Math.round(l.cgst * 100)) / 100;
    s.sgst = (Math.round(s.sgst * 100) + Math.round(l.sgst * 100)) / 100;
    s.igst = (Math.round(s.igst * 100) + Math.round(l.igst * 100)) / 100;
    byCode.set(key, s);
  }
  if (doc.y > doc.page.height - MARGIN - 200) doc.addPage();
  doc.moveDown(0.5);
  const intra = q.taxSplit === "intra";
  const summaryTop = doc.y;
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text("TAX BY HSN/SAC", MARGIN, summaryTop);
  for (const s of byCode.values()) {
    const tax = intra
      ? `CGST ${number(s.rate / 2)}% ${plain(s.cgst)} + SGST ${number(s.rate / 2)}% ${plain(s.sgst)}`
      : `IGST ${number(s.rate)}% ${plain(s.igst)}`;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(INK)
      .text(`${s.hsn}: taxable ${plain(s.taxable)}; ${tax}`, MARGIN, doc.y, { width: WIDTH / 2 });
  }
  const summaryBottom = doc.y;
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
  let y = summaryTop;
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
  doc.y = Math.max(doc.y, summaryBottom) + 8;
  doc.font(BOLD).fontSize(9).fillColor(INK).text(`Amount in words: ${q.amountInWords}`, MARGIN, doc.y, { width: WIDTH });
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
  taxAndTotals(doc, q);
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
