import { z } from "zod";
import { LIMITS, requiredText } from "../schemas/fields";

/**
 * Files staff attach to a product (issue 14): brochures, manuals, certificates, each with a title. PDF only,
 * checked by its bytes; stored under a name the server makes (`/uploads/{32 hex}.pdf`), never the file's own
 * name; served as a download named after its title (server/app.ts). The limits and checks below are shared
 * by the API (server/api/product.ts) and the product dialog, which checks the same before sending.
 * docs/decisions/018-product-attachments.md.
 */

export interface ProductAttachment {
  title: string;
  /** `/uploads/{32 hex}.pdf` */
  url: string;
  /** Bytes, as stored. */
  size: number;
}

/** The largest attachment: 20 MB (in the README). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Attachments per product. */
export const ATTACHMENT_MAX_COUNT = 10;
export const ATTACHMENT_TITLE_MAX = LIMITS.title;

/** The one shape of an attachment's URL (and, without `/uploads`, of its file on disk). */
const ATTACHMENT_URL = /^\/uploads\/[a-f0-9]{32}\.pdf$/;
export const isAttachmentUrl = (url: string): boolean => ATTACHMENT_URL.test(url);

/** Every PDF starts with these bytes (ISO 32000-1, 7.5.2); a file that does not is refused, whatever its name. */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
export const PDF_MAGIC_LENGTH = PDF_MAGIC.length;

export function startsLikePdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);
}

export const ATTACHMENT_TEXTS = {
  notPdf: (name: string) => `“${name}” is not a PDF file. Please choose a PDF (brochure, manual, certificate).`,
  tooLarge: (name: string) => `“${name}” is larger than ${formatFileSize(ATTACHMENT_MAX_BYTES)}. Please choose a smaller PDF.`,
  tooMany: `A product may have at most ${ATTACHMENT_MAX_COUNT} attachments.`,
  titleRequired: "Attachment title is required.",
  fileRequired: "Please choose a PDF file.",
};

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * Bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) reorder the text after
 * them: "Manual\u202Efdp.exe" shows as "Manualexe.pdf". Taken out of titles as they are saved, and of the
 * names downloads get (server/uploads/attachments.ts).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, "");

const attachmentTitle = z.preprocess(
  (v) => (typeof v === "string" ? withoutBidiControls(v) : v),
  requiredText("Attachment title", ATTACHMENT_TITLE_MAX, { lines: true }).refine(
    (t) => ![...t].some(isControl),
    "Attachment title must be one line of text.",
  ),
);

/** The attachments a write keeps, in order, with their (maybe edited) titles; the server knows their sizes. */
export const keptAttachmentsInput = z
  .array(
    z.object(
      {
        title: attachmentTitle,
        url: z
          .string({ error: "Attachment URL must be text." })
          .trim()
          .regex(ATTACHMENT_URL, "Attachment URL must be an uploaded PDF (/uploads/….pdf)."),
      },
      { error: "Each attachment must be an object with a title and a url." },
    ),
    { error: "Attachments must be a list." },
  )
  .max(ATTACHMENT_MAX_COUNT, ATTACHMENT_TEXTS.tooMany)
  .refine((list) => new Set(list.map((a) => a.url)).size === list.length, "Each attachment may be listed once.");

/** The titles of the files uploaded in `attachments`, in the same order. */
export const attachmentTitlesInput = z
  .array(attachmentTitle, { error: "Attachment titles must be a list." })
  .max(ATTACHMENT_MAX_COUNT, ATTACHMENT_TEXTS.tooMany);

/** "900 bytes", "350 KB", "1.2 MB", "20 MB" (1 KB = 1024 bytes, as the limit is counted). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const kb = Math.max(1, Math.round(bytes / 1024));
  if (kb < 1024) return `${kb} KB`;
  const mb = bytes / (1024 * 1024);
  const text = mb < 10 ? mb.toFixed(1) : String(Math.round(mb));
  return `${text.replace(/\.0$/, "")} MB`;
}

/** What the product page shows beside an attachment's title: "PDF, 1.2 MB". */
export const attachmentLabel = (a: { size: number }): string => `PDF, ${formatFileSize(a.size)}`;

/** An attachment as the API answers it. */
export const attachmentToApi = (a: ProductAttachment): ProductAttachment => ({ title: a.title, url: a.url, size: a.size });
