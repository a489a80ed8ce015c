import type { Request, RequestHandler } from "express";
import multer from "multer";
import { isImageReferenced } from "../content/image-references";
import type { AppContext } from "../context";
import { badRequest } from "../http/errors";
import { errorFields, log } from "../log";

/**
 * Reading create/update requests. Staff screens send multipart forms (SPEC §7); API clients may send
 * JSON instead. Either way the handler gets plain fields, list fields decoded from JSON text, and files.
 */

export type UploadedFiles = Record<string, Express.Multer.File[]>;

export interface FileField {
  name: string;
  maxCount: number;
}

/** Parses multipart bodies (files held in memory, bounded by MAX_UPLOAD_MB); other bodies pass through. */
export function multipartBody(ctx: AppContext, fileFields: FileField[]): RequestHandler {
  return multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: ctx.config.maxUploadBytes,
      files: fileFields.reduce((n, f) => n + f.maxCount, 0),
      fields: 60,
      fieldSize: 1024 * 1024,
      parts: 100,
      headerPairs: 200,
    },
  }).fields(fileFields);
}

export function filesOf(req: Request, name: string): Express.Multer.File[] {
  return (req.files as UploadedFiles | undefined)?.[name] ?? [];
}

const NUL_MESSAGE = "Text must not contain NUL characters.";

/** PostgreSQL cannot store U+0000 in text or jsonb; such input is refused up front. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 50 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || containsNul(v, depth + 1));
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

/** True when the request carries a new image for a field, either as a file or as a URL text. */
export function hasImage(req: Request, fieldNames: readonly string[], text: string | undefined): boolean {
  return fieldNames.some((n) => filesOf(req, n).length > 0) || (text !== undefined && text !== "");
}
