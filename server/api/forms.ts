import type { Request, RequestHandler } from "express";
import multer from "multer";
import { ALT_TEXT_REQUIRED, type AltTextWrite, settleAltTexts } from "../../shared/content/alt-text";
import type { Fields } from "../../shared/content/fields";
import { ATTACHMENT_MAX_BYTES } from "../../shared/content/product-attachments";
import { isImageReferenced } from "../content/image-references";
import type { AppContext } from "../context";
import { badRequest, HttpError } from "../http/errors";
import { containsNul, NUL_MESSAGE } from "../http/nul-characters";
import { errorFields, log } from "../log";
import type { AttachmentStore } from "../uploads/attachments";

/**
 * Reading create/update requests. Staff screens send multipart forms (SPEC §7); API clients may send
 * JSON instead. Either way the handler gets plain fields, list fields decoded from JSON text, and files.
 */

type UploadedFiles = Record<string, Express.Multer.File[]>;

export interface FileField {
  name: string;
  maxCount: number;
  /** Product attachments: streamed to a temporary file and checked as they arrive (server/uploads/attachments.ts). */
  attachment?: true;
}

/**
 * Images in memory, each bounded by MAX_UPLOAD_MB, as multer's memory storage keeps them; files of the
 * attachment fields streamed to disk (`file.path`, a temporary file: ImageChanges.commitAttachment puts it
 * in place, `discardReceived` deletes what is left).
 */
class UploadStorage implements multer.StorageEngine {
  constructor(
    private readonly maxImageBytes: number,
    private readonly attachmentFields: Set<string>,
    private readonly attachments: AttachmentStore,
  ) {}

  _handleFile(_req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void) {
    if (this.attachmentFields.has(file.fieldname)) {
      this.attachments.receive(file.stream, file.fieldname, file.originalname).then((got) => cb(null, got), cb);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    file.stream.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > this.maxImageBytes) {
        done = true;
        chunks.length = 0;
        cb(new multer.MulterError("LIMIT_FILE_SIZE", file.fieldname));
        return;
      }
      chunks.push(chunk);
    });
    file.stream.on("end", () => {
      if (done) return;
      done = true;
      const buffer = Buffer.concat(chunks);
      cb(null, { buffer, size: buffer.length });
    });
  }

  _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void) {
    if (file.path) this.attachments.discard({ path: file.path, size: file.size }).then(() => cb(null), cb);
    else cb(null);
  }
}

/** Deletes the request's received attachment files that no write put in place. */
export async function discardReceived(ctx: AppContext, req: Request): Promise<void> {
  const files = Object.values((req.files as UploadedFiles | undefined) ?? {}).flat();
  await Promise.all(files.filter((f) => f.path).map((f) => ctx.images.attachments.discard({ path: f.path, size: f.size })));
}

/**
 * Parses multipart bodies (images held in memory, bounded by MAX_UPLOAD_MB; attachment fields streamed to
 * disk, bounded by ATTACHMENT_MAX_BYTES); other bodies pass through.
 */
export function multipartBody(ctx: AppContext, fileFields: FileField[]): RequestHandler {
  const attachmentFields = new Set(fileFields.filter((f) => f.attachment).map((f) => f.name));
  const parse = multer({
    storage:
      attachmentFields.size > 0
        ? new UploadStorage(ctx.config.maxUploadBytes, attachmentFields, ctx.images.attachments)
        : multer.memoryStorage(),
    limits: {
      // With attachment fields, the storage applies each field's own limit first; this is the backstop.
      fileSize:
        attachmentFields.size > 0 ? Math.max(ctx.config.maxUploadBytes, ATTACHMENT_MAX_BYTES) + 1 : ctx.config.maxUploadBytes,
      files: fileFields.reduce((n, f) => n + f.maxCount, 0),
      fields: 60,
      fieldSize: 1024 * 1024,
      parts: 100,
      headerPairs: 200,
    },
  }).fields(fileFields.map(({ name, maxCount }) => ({ name, maxCount })));
  // Limits come as MulterErrors (mapped to 413/400 by the error handler), refused attachments as our own
  // HttpErrors; anything else the parser throws (no boundary, truncated body, malformed part headers)
  // means the client sent a broken form.
  return (req, res, next) =>
    parse(req, res, (err?: unknown) => {
      if (attachmentFields.size > 0 && !err) {
        // Received files a handler did not put in place go once the answer is sent (handlers also
        // discard them before answering an error; this catches whatever else ends the request).
        res.once("close", () => void discardReceived(ctx, req));
      }
      if (err && !(err instanceof multer.MulterError) && !(err instanceof HttpError))
        next(badRequest("The form data could not be read."));
      else next(err);
    });
}

export function filesOf(req: Request, name: string): Express.Multer.File[] {
  return (req.files as UploadedFiles | undefined)?.[name] ?? [];
}

/** The body as a plain object, with each of `jsonFields` decoded when it arrived as JSON text. */
export function readFields(req: Request, jsonFields: readonly string[] = []): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("The request body must be an object of fields.");
  }
  if (containsNul(body)) throw badRequest(NUL_MESSAGE);
  const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const name of jsonFields) {
    const value = fields[name];
    if (typeof value !== "string") continue;
    if (value.trim() === "") {
      fields[name] = [];
      continue;
    }
    try {
      fields[name] = JSON.parse(value);
    } catch {
      throw badRequest(`The field "${name}" must be JSON text (a list), but it could not be read.`, [
        { path: name, message: `"${name}" is not valid JSON.` },
      ]);
    }
    if (containsNul(fields[name])) throw badRequest(NUL_MESSAGE);
  }
  return fields;
}

/**
 * The image side of one write: files stored while the request runs are removed again if the write
 * fails; images the write replaced are removed only after it committed, and only when nothing else
 * still points at them.
 */
export class ImageChanges {
  private readonly stored: string[] = [];
  private readonly replaced: string[] = [];

  constructor(private readonly ctx: AppContext) {}

  async upload(file: Express.Multer.File): Promise<string> {
    const url = await this.ctx.images.store(file.buffer);
    this.stored.push(url);
    return url;
  }

  /** Puts a received attachment (multipartBody's attachment fields) in place under its final name. */
  async commitAttachment(file: Express.Multer.File): Promise<string> {
    const url = await this.ctx.images.attachments.commit({ path: file.path, size: file.size });
    this.stored.push(url);
    return url;
  }

  /** The first file of the first of `fieldNames` that has one, stored; or undefined. */
  async uploadFirst(req: Request, fieldNames: readonly string[]): Promise<string | undefined> {
    for (const name of fieldNames) {
      const file = filesOf(req, name)[0];
      if (file) return this.upload(file);
    }
    return undefined;
  }

  /** Marks an image as no longer used by the record being written. */
  replace(oldUrl: string | null | undefined, newUrl?: string | null): void {
    if (oldUrl && oldUrl !== newUrl) this.replaced.push(oldUrl);
  }

  async rollback(): Promise<void> {
    await Promise.all(this.stored.map((url) => this.ctx.images.remove(url)));
  }

  async afterCommit(): Promise<void> {
    for (const url of new Set(this.replaced)) {
      try {
        if (!(await isImageReferenced(this.ctx.db, url))) await this.ctx.images.remove(url);
      } catch (err) {
        log.warn("could not clean up a replaced image", { url, ...errorFields(err) });
      }
    }
  }
}

/**
 * Runs one write with its image changes: files stored inside `write` are removed again if it throws;
 * images it replaced are removed once it has returned (its transaction committed).
 */
export async function withImageChanges<T>(ctx: AppContext, write: (changes: ImageChanges) => Promise<T>): Promise<T> {
  const changes = new ImageChanges(ctx);
  let result: T;
  try {
    result = await write(changes);
  } catch (err) {
    await changes.rollback();
    throw err;
  }
  await changes.afterCommit();
  return result;
}

/**
 * A PUT must name at least one field of the record (or carry a file): an empty body, or one of only
 * unknown fields (often a body sent with the wrong Content-Type), is refused instead of saved unchanged.
 */
export function requireSomeField(req: Request, fields: Record<string, unknown>, schema: unknown): void {
  const files = req.files as UploadedFiles | undefined;
  const hasFiles = files !== undefined && Object.values(files).some((list) => list.length > 0);
  const known = Object.keys((schema as { shape?: Record<string, unknown> }).shape ?? {});
  if (!hasFiles && !Object.keys(fields).some((k) => known.includes(k))) {
    throw badRequest(`The request has no fields to save (expected some of: ${known.join(", ")}).`);
  }
}

/** True when the request carries a new image for a field, either as a file or as a URL text. */
export function hasImage(req: Request, fieldNames: readonly string[], text: string | undefined): boolean {
  return fieldNames.some((n) => filesOf(req, n).length > 0) || (text !== undefined && text !== "");
}

/** Settles a write's alt texts (shared/content/alt-text.ts): a 400 naming each image that still lacks one. */
export function requireAltTexts(fields: Fields, input: Record<string, unknown>, write: AltTextWrite): void {
  const problems = settleAltTexts(fields, input, write);
  if (problems.length > 0) throw badRequest(ALT_TEXT_REQUIRED, problems);
}
