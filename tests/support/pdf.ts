import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** pdfjs-dist's font and CMap data, read from disk (with a trailing separator: pdf.js appends file names). */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

/** A PDF's text as a reader selects it: every page's text items in order, pages joined, spaces collapsed. */
export async function textOf(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({
    data: bytes,
    useSystemFonts: true,
    disableFontFace: true,
    standardFontDataUrl: `${path.join(PDFJS_DIR, "standard_fonts")}${path.sep}`,
    cMapUrl: `${path.join(PDFJS_DIR, "cmaps")}${path.sep}`,
  }).promise;
  try {
    const texts: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      texts.push(items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
    }
    return { pages: pdf.numPages, text: texts.join("\n").replace(/\s+/g, " ") };
  } finally {
    await pdf.destroy();
  }
}
