import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { PROJECT_ROOT } from "../paths";

/**
 * What every PDF we make shares (datasheets, quotations): an A4 document with our fonts, collected into a
 * Buffer, and text written so that Tamil prints.
 *
 * DejaVu Sans (npm `dejavu-fonts-ttf`, full TrueType files, embedded as subsets): PDFKit's 14 standard fonts
 * know only Windows-1252, so the rupee sign (U+20B9) printed as "Rs." and ≤, ≈, − and ✓ did not print at all.
 * It has no Tamil, so runs of Tamil text (a customer's name or address) switch to Noto Sans Tamil (npm
 * `@fontsource/noto-sans-tamil`, its Tamil subset as WOFF, which fontkit reads and shapes). Files are resolved
 * from the project root (the server may run from a build directory elsewhere) when a PDF is made: a missing
 * file fails that PDF, not the server's start.
 */

export type Doc = PDFKit.PDFDocument;
export const REGULAR = "regular";
export const BOLD = "bold";
const TAMIL = "tamil";
const TAMIL_BOLD = "tamil-bold";

const resolveFile = (file: string) => createRequire(path.join(PROJECT_ROOT, "package.json")).resolve(file);

/** Text as the PDF gets it: without control characters (a new line stays). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
export const pdfText = (text: string): string => text.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "");

/** A new A4 document with the fonts registered, and the Buffer it becomes once `doc.end()` is called. */
export function newPdf(margin: number, info: PDFKit.DocumentInfo): { doc: Doc; done: Promise<Buffer> } {
  // bufferPages: footers with the page count are written once every page exists.
  const doc = new PDFDocument({ size: "A4", margin, bufferPages: true, info });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont(REGULAR, resolveFile("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
  doc.registerFont(BOLD, resolveFile("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"));
  doc.registerFont(TAMIL, resolveFile("@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff"));
  doc.registerFont(TAMIL_BOLD, resolveFile("@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff"));
  return { doc, done };
}

/** Tamil letters and signs (U+0B80–U+0BFF), with the joiners that sit between them. */
const TAMIL_RUNS = /([\u0B80-\u0BFF][\u0B80-\u0BFF\u200C\u200D]*(?:\s+[\u0B80-\u0BFF][\u0B80-\u0BFF\u200C\u200D]*)*)/;

/**
 * Writes `text` at (x, y) (or where the last text ended) in `font`, switching to the Tamil font for Tamil runs
 * and back, so "முருகன் Traders, Salem" prints whole. Options are PDFKit's (width, align …).
 */
export function writeText(
  doc: Doc,
  text: string,
  font: typeof REGULAR | typeof BOLD,
  at: { x: number; y: number } | null,
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = pdfText(text)
    .split(TAMIL_RUNS)
    .filter((r) => r !== "");
  if (runs.length === 0) runs.push("");
  runs.forEach((run, i) => {
    const tamil = TAMIL_RUNS.test(run);
    doc.font(tamil ? (font === BOLD ? TAMIL_BOLD : TAMIL) : font);
    const opts = { ...options, continued: i < runs.length - 1 };
    if (i === 0 && at) doc.text(run, at.x, at.y, opts);
    else doc.text(run, opts);
  });
  doc.font(font);
}
