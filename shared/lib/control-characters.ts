/**
 * Control characters (C0 and DEL) in text from outside: PostgreSQL cannot store a NUL, and a CR or LF in a
 * one-line value (a name, an address line) adds lines wherever it is printed (a PDF, an e-mail, a CSV).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_BUT_LINES = /\r\n?|[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** A one-line value: each control character (line breaks and tabs too) becomes a space. */
export const oneLine = (text: string): string => text.replace(CONTROLS, " ");

/** A long text: line breaks (CR LF and CR become LF) and tabs kept, other control characters dropped. */
export const withoutControls = (text: string): string => text.replace(CONTROLS_BUT_LINES, (c) => (c[0] === "\r" ? "\n" : ""));
