import { randomBytes } from "node:crypto";
import { type FileHandle, open, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TEXTS,
  isAttachmentUrl,
  PDF_MAGIC_LENGTH,
  startsLikePdf,
  withoutBidiControls,
} from "../../shared/content/product-attachments";
import { HttpError } from "../http/errors";
import { errorFields, log } from "../log";

/**
 * Product attachments on disk (shared/content/product-attachments.ts, docs/decisions/018): PDF files in the
 * upload directory under `{32 hex}.pdf`, a name the server makes. An upload streams into `{name}.pdf.tmp`
 * while its bytes are checked (they must start with `%PDF-`; at most ATTACHMENT_MAX_BYTES), so a large file
 * never sits in memory; the write that uses it renames it into place (`commit`), and anything left as
 * `.tmp` is deleted when the request ends. Backups skip `.tmp` files.
 */

const TEMP_SUFFIX = ".tmp";

export interface ReceivedFile {
  /** The temporary file. */
  path: string;
  size: number;
}

export class AttachmentStore {
  constructor(readonly uploadDir: string) {}

  /**
   * Writes an uploaded file's stream to a temporary file, refusing it (400, 413, naming `field`) as soon as
   * its first bytes are not a PDF's or it grows past the limit; a refused file leaves nothing behind.
   */
  receive(stream: Readable, field: string, fileName: string): Promise<ReceivedFile> {
    const temp = path.join(this.uploadDir, `${randomBytes(16).toString("hex")}.pdf${TEMP_SUFFIX}`);
    const name = fileName || "the file";
    return new Promise<ReceivedFile>((resolve, reject) => {
      let handle: FileHandle | null = null;
      let size = 0;
      let head = Buffer.alloc(0);
      let settled = false;
      let ended = false;

      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        stream.removeListener("data", onData);
        stream.resume(); // read the rest of the part, so the form parser can finish
        const opened = handle;
        void (async () => {
          await opened?.close().catch(() => {});
          await unlink(temp).catch(() => {});
          reject(err);
        })();
      };
      const refuse = (status: number, message: string) => fail(new HttpError(status, message, [{ path: field, message }]));

      const write = async (chunk: Buffer) => {
        for (let at = 0; at < chunk.length; ) at += (await handle!.write(chunk, at, chunk.length - at)).bytesWritten;
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > ATTACHMENT_MAX_BYTES) return refuse(413, ATTACHMENT_TEXTS.tooLarge(name));
        if (head.length < PDF_MAGIC_LENGTH) {
          head = Buffer.concat([head, chunk.subarray(0, PDF_MAGIC_LENGTH - head.length)]);
          if (head.length === PDF_MAGIC_LENGTH && !startsLikePdf(head)) return refuse(400, ATTACHMENT_TEXTS.notPdf(name));
        }
        stream.pause();
        write(chunk).then(() => {
          if (!settled) stream.resume();
        }, fail);
      };
      const onEnd = () => {
        ended = true;
        if (settled) return;
        if (!startsLikePdf(head)) return refuse(400, ATTACHMENT_TEXTS.notPdf(name));
        void (async () => {
          try {
            await handle!.sync();
            await handle!.close();
            handle = null;
            if (settled) return;
            settled = true;
            resolve({ path: temp, size });
          } catch (err) {
            fail(err);
          }
        })();
      };

      // Nothing is read until the file is open (a paused stream stays paused when listeners are added).
      stream.pause();
      stream.on("error", fail);
      // Destroyed without an error (the request went away): nothing more will come.
      stream.once("close", () => {
        if (!ended) fail(new HttpError(400, "The upload ended before the file was complete."));
      });
      open(temp, "wx", 0o644).then(
        async (opened) => {
          handle = opened;
          if (settled) {
            await opened.close().catch(() => {});
            await unlink(temp).catch(() => {});
            return;
          }
          stream.on("data", onData);
          stream.once("end", onEnd);
          stream.resume();
        },
        (err) => fail(err),
      );
    });
  }

  /** Puts a received file in place under its final name; answers its URL. */
  async commit(received: ReceivedFile): Promise<string> {
    if (!received.path.endsWith(`.pdf${TEMP_SUFFIX}`)) throw new Error("not a received attachment");
    const final = received.path.slice(0, -TEMP_SUFFIX.length);
    await rename(received.path, final);
    return `/uploads/${path.basename(final)}`;
  }

  /** Deletes a received file that no write used (nothing when it was committed). */
  async discard(received: ReceivedFile): Promise<void> {
    await unlink(received.path).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOENT") log.warn("could not delete an unused upload", errorFields(err));
    });
  }

  /** The size of a stored attachment, or null when there is no such file. */
  async sizeOf(url: string): Promise<number | null> {
    if (!isAttachmentUrl(url)) return null;
    try {
      const info = await stat(path.join(this.uploadDir, path.basename(url)));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  /** Deletes a stored attachment; other URLs are left alone. */
  async remove(url: string): Promise<void> {
    if (!isAttachmentUrl(url)) return;
    try {
      await unlink(path.join(this.uploadDir, path.basename(url)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") log.warn("could not delete upload", errorFields(err));
    }
  }
}

/** RFC 5987 / 8187 `ext-value` characters: what encodeURIComponent leaves, less ' ( ) *. */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const MAX_NAME = 150;

/**
 * `Content-Disposition` of an attachment: always a download (never shown inline from our origin), named
 * after its title: `filename` a plain ASCII fallback, `filename*` the title itself (RFC 6266), without
 * control or bidirectional control characters (titles saved before they were refused may have them).
 */
export function attachmentDisposition(title: string): string {
  const cleaned = Array.from(withoutBidiControls(title).normalize("NFC"))
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("")
    .replace(/[\\/:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\.pdf$/i, "")
    .slice(0, MAX_NAME)
    .trim();
  const base = cleaned || "attachment";
  const ascii =
    base
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "") // accents off: "Broschüre" → "Broschure"
      .replace(/[^\x20-\x7e]+/g, "_")
      .replace(/[%;\\"]/g, "_")
      .replace(/_+/g, "_")
      .trim() || "attachment";
  const fallback = /[A-Za-z0-9]/.test(ascii) ? ascii : "attachment";
  return `attachment; filename="${fallback}.pdf"; filename*=UTF-8''${rfc5987(`${base}.pdf`)}`;
}
