import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { runHistoryRetention } from "../../server/content/history";
import { parseUploadUrl } from "../../shared/lib/image-url";
import { imageFile, pngBytes } from "./images";
import type { TestResponse, TestServer } from "./server";

/** Assertions and helpers shared by the content API tests. */

export const ID = /^[a-f0-9]{24}$/;
export const UPLOAD_URL = /^\/uploads\/[a-f0-9]{32}\.\d+x\d+\.webp$/;
export const UNKNOWN_ID = "0123456789abcdef01234567";
/** Ids that can never match, as they appear in a URL path (percent-encoded where needed), with a label. */
export const BAD_IDS: [string, string][] = [
  ["unknown", UNKNOWN_ID],
  ["upper-case", UNKNOWN_ID.toUpperCase()],
  ['"abc"', "abc"],
  ['"../etc"', "..%2Fetc"],
  ['"%00"', "%00"],
  ["500-character", "x".repeat(500)],
];

export function expectError(res: TestResponse, status: number): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  expect(typeof res.body.message).toBe("string");
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(res.body.error).toBe(res.body.message);
}

export function expectValidation(res: TestResponse, paths: string[]): void {
  expectError(res, 400);
  expect(Array.isArray(res.body.issues)).toBe(true);
  for (const issue of res.body.issues) {
    expect(typeof issue.path).toBe("string");
    expect(typeof issue.message).toBe("string");
  }
  const got = res.body.issues.map((i: { path: string }) => i.path);
  for (const p of paths) expect(got, res.text).toContain(p);
}

export async function png(width = 64, height = 48): Promise<File> {
  return imageFile(await pngBytes(width, height), "photo.png", "image/png");
}

/** Helpers bound to the file's server and token (read lazily: they are set in beforeAll). */
export function serverHelpers(current: () => { s: TestServer; token: string }) {
  const uploads = (): string[] =>
    readdirSync(current().s.ctx.config.uploadDir)
      .filter((f) => !f.endsWith(".tmp"))
      .sort();

  /** Every file on disk that belongs to an uploaded image URL (the largest copy and its narrower ones). */
  const filesOf = (url: string): string[] => {
    const info = parseUploadUrl(url);
    if (!info) throw new Error(`not an upload URL: ${url}`);
    return info.variants.map((v) => path.join(current().s.ctx.config.uploadDir, path.basename(v.url)));
  };

  const expectFilesExist = (url: string, exist: boolean): void => {
    for (const f of filesOf(url)) expect(existsSync(f), f).toBe(exist);
  };

  /** GET, PUT and DELETE of a URL that names no record: all three 404 with the error shape. */
  const expectNotFoundEverywhere = async (url: string, putBody: unknown): Promise<void> => {
    const { s, token } = current();
    const answers = {
      GET: await s.request("GET", url),
      PUT: await s.request("PUT", url, { json: putBody, token }),
      DELETE: await s.request("DELETE", url, { token }),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([m, r]) => [m, r.status]));
    expect(statuses, JSON.stringify(answers.GET.body)).toEqual({ GET: 404, PUT: 404, DELETE: 404 });
    for (const r of Object.values(answers)) expectError(r, 404);
  };

  /**
   * Lets the history go: every version but each record's newest, and the whole trash (what the hourly
   * retention job does after REVISIONS_KEEP versions and TRASH_DAYS days), with the images only they used.
   */
  const forgetHistory = () => runHistoryRetention(current().s.ctx, { keep: 1, trashDays: 0 });

  return { uploads, filesOf, expectFilesExist, expectNotFoundEverywhere, forgetHistory };
}
