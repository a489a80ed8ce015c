/**
 * Text with its matching words marked, as the site search answers it (server/content/search.ts puts
 * these characters around each match; no content contains them). Split here for the search page and the
 * suggestions under the search box, which draw the marked parts as <mark>.
 */
export const HIGHLIGHT_START = "\u0002";
export const HIGHLIGHT_END = "\u0003";

export interface TextPart {
  text: string;
  marked: boolean;
}

/** The text in order, as plain and marked parts; stray markers are dropped. */
export function highlightParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  for (const [i, piece] of text.split(HIGHLIGHT_START).entries()) {
    const [marked, plain] = i === 0 ? ["", piece] : splitOnce(piece, HIGHLIGHT_END);
    if (marked) parts.push({ text: marked, marked: true });
    if (plain) parts.push({ text: plain.replaceAll(HIGHLIGHT_END, ""), marked: false });
  }
  return parts;
}

/** The text without its markers. */
export function plainText(text: string): string {
  return text.replaceAll(HIGHLIGHT_START, "").replaceAll(HIGHLIGHT_END, "");
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + separator.length)];
}
