import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { isAttachmentUrl } from "../../shared/content/product-attachments";
import { MAX_IMAGE_WIDTH, parseUploadUrl, uploadFileName, VARIANT_WIDTHS } from "../../shared/lib/image-url";
import { HttpError } from "../http/errors";
import { errorFields, log } from "../log";
import { AttachmentStore } from "./attachments";

/** Decompression bombs: refuse anything larger than this many pixels before decoding it. */
const MAX_INPUT_PIXELS = 50_000_000;

// Uploads are processed one or two at a time; sharp's own thread pool would otherwise take every core.
// libvips' operation cache would keep decoded images in memory long after the upload: nothing reuses them.
sharp.concurrency(1);
sharp.cache(false);

type ImageKind = "jpeg" | "png" | "gif" | "webp" | "avif";

/** What the bytes say the file is. The name and the client's Content-Type are never trusted. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(4, 8) === "ftyp") {
    const boxSize = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
    for (let i = 8; i + 4 <= boxSize; i += 4) {
      const brand = ascii(i, i + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return null;
}

const SHARP_FORMAT: Record<ImageKind, string> = { jpeg: "jpeg", png: "png", gif: "gif", webp: "webp", avif: "heif" };

const NOT_AN_IMAGE = "The file is not a supported image. Please upload a JPEG, PNG, WebP, AVIF or GIF image.";

/** The upload directory: images (re-encoded here) and product attachments (PDF files, `attachments`). */
export class ImageStore {
  readonly attachments: AttachmentStore;

  constructor(readonly uploadDir: string) {
    this.attachments = new AttachmentStore(uploadDir);
  }

  async init(): Promise<void> {
    await mkdir(this.uploadDir, { recursive: true });
  }

  /**
   * Re-encodes an uploaded image: auto-rotated, metadata stripped, WebP, at most MAX_IMAGE_WIDTH wide, plus
   * narrower copies for srcset. Returns the URL of the largest copy. Throws 415 for anything not an image.
   * `effort`: the WebP encoder's (0–6; sharp's default 4 for uploads), see DEMO_PICTURE_EFFORT.
   */
  async store(bytes: Uint8Array, { effort = 4 }: { effort?: number } = {}): Promise<string> {
    const kind = sniffImage(bytes);
    if (!kind) throw new HttpError(415, NOT_AN_IMAGE);
    let pipeline: Sharp;
    let meta: Metadata;
    try {
      pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
      meta = await pipeline.metadata();
    } catch (err) {
      throw this.decodeError(err);
    }
    // A polyglot can start like one format and be another: the decoder must agree with the sniffing.
    if (meta.format !== SHARP_FORMAT[kind] || (kind === "avif" && meta.compression !== "av1")) {
      throw new HttpError(415, NOT_AN_IMAGE);
    }
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
      throw new HttpError(413, "The image has too many pixels. Please upload an image of at most 50 megapixels.");
    }
    let largest: { data: Buffer; info: OutputInfo };
    try {
      largest = await pipeline
        .rotate()
        .resize({ width: MAX_IMAGE_WIDTH, height: MAX_IMAGE_WIDTH * 2, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80, effort })
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw this.decodeError(err);
    }
    const { width, height } = largest.info;
    const id = randomBytes(16).toString("hex");
    const outputs: { name: string; data: Buffer }[] = [{ name: uploadFileName(id, width, height), data: largest.data }];
    for (const vw of VARIANT_WIDTHS.filter((w) => w < width)) {
      const data = await sharp(largest.data).resize({ width: vw }).webp({ quality: 78, effort }).toBuffer();
      outputs.push({ name: uploadFileName(id, width, height, vw), data });
    }
    const written: string[] = [];
    try {
      for (const out of outputs) {
        const final = path.join(this.uploadDir, out.name);
        const temp = `${final}.tmp`;
        await writeFile(temp, out.data);
        // Readable by all even under a strict umask (systemd's UMask=0077): nginx serves images from disk.
        await chmod(temp, 0o644);
        await rename(temp, final);
        written.push(final);
      }
    } catch (err) {
      await Promise.all(written.map((f) => unlink(f).catch(() => {})));
      throw err;
    }
    return `/uploads/${uploadFileName(id, width, height)}`;
  }

  private decodeError(err: unknown): HttpError {
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) {
      return new HttpError(413, "The image has too many pixels. Please upload an image of at most 50 megapixels.");
    }
    return new HttpError(415, "The image could not be read; it may be damaged. Please upload another file.");
  }

  /**
   * Deletes a stored image and its narrower copies, or a stored attachment (every upload a record can stop
   * using goes through here). Other URLs (absolute, unknown) are left alone.
   */
  async remove(url: string): Promise<void> {
    if (isAttachmentUrl(url)) return this.attachments.remove(url);
    const info = parseUploadUrl(url);
    if (!info) return;
    await Promise.all(
      info.variants.map(async (v) => {
        try {
          await unlink(path.join(this.uploadDir, path.basename(v.url)));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "ENOENT") log.warn("could not delete upload", errorFields(err));
        }
      }),
    );
  }
}
