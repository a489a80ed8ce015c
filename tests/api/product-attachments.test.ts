import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "../../server/backup/dump";
import { type RestoreTarget, restoreBackup } from "../../server/backup/restore";
import { isImageReferenced, referencedImages } from "../../server/content/image-references";
import { queryRows } from "../../server/db/client";
import { attachmentDisposition } from "../../server/uploads/attachments";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT } from "../../shared/content/product-attachments";
import { expectError, expectValidation, png, serverHelpers } from "../support/content-api";
import { createScratchDatabase, testDatabaseKind } from "../support/database";
import { formOf, imageFile } from "../support/images";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff } from "../support/staff";

/**
 * Product attachments (issue 14, docs/decisions/018): PDF files staff attach to a product with a title,
 * checked by their bytes, size-limited, stored under server names, served as downloads; kept on disk and in
 * backups while a product, a kept version or a trashed product uses them.
 */

let s: TestServer;
let token: string;
let categoryId: string;
const { forgetHistory } = serverHelpers(() => ({ s, token }));
const cleanups: (() => Promise<unknown>)[] = [];

const ATTACHMENT_URL = /^\/uploads\/[a-f0-9]{32}\.pdf$/;

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" }, { ownDatabase: true }); // backed up: its data directory is read
  token = await s.login();
  const cat = await s.request("POST", "/api/category", { json: { name: "Screw Compressors" }, token });
  if (cat.status !== 201) throw new Error(cat.text);
  categoryId = cat.body.data._id;
});

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  await s?.close();
});

// ---------------------------------------------------------------------------------------------------
// helpers

/** A real PDF (PDFKit) with one line of text. */
function pdfBytes(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", info: { Title: text } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.text(text);
    doc.end();
  });
}

async function pdf(text = "Brochure", name = "brochure.pdf"): Promise<File> {
  return imageFile(await pdfBytes(text), name, "application/pdf");
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Every file in the upload directory, temporary ones included. */
const allUploads = () => readdirSync(s.ctx.config.uploadDir).sort();
const fileOf = (url: string) => path.join(s.ctx.config.uploadDir, path.basename(url));

let counter = 0;
function productFields(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    categoryId,
    name: `Attached ${++counter}`,
    shortDescription: "A screw compressor.",
    fullDescription: "A screw compressor with brochures.",
    ...extra,
  };
}

async function create(titles: string[], files: File[], extra: Record<string, unknown> = {}) {
  const form = formOf(productFields({ attachmentTitles: titles, ...extra }), { mainImage: await png(), attachments: files });
  return s.request("POST", "/api/product", { form, token });
}

async function createOk(titles: string[], files: File[]) {
  const res = await create(titles, files);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

function put(id: string, fields: Record<string, unknown>, files: Record<string, File | File[]> = {}) {
  return s.request("PUT", `/api/product/${id}`, { form: formOf(fields, files), token });
}

async function productCount(): Promise<number> {
  return (await s.request("GET", "/api/product")).body.total;
}

/** The request changed nothing: no product, no file (not even a temporary one). */
async function expectNothingStored(before: { files: string[]; products: number }) {
  expect(allUploads()).toEqual(before.files);
  expect(await productCount()).toBe(before.products);
}

async function state() {
  return { files: allUploads(), products: await productCount() };
}

// ---------------------------------------------------------------------------------------------------

describe("uploading attachments", () => {
  it("stores each PDF under a server-made name and answers { title, url, size }", async () => {
    const brochure = await pdfBytes("Brochure 2026");
    const manual = await pdfBytes("Operating manual");
    const p = await createOk(
      ["Brochure 2026", "Operating manual"],
      [imageFile(brochure, "../../etc/passwd.pdf", "application/pdf"), imageFile(manual, "manual.pdf", "application/pdf")],
    );
    expect(p.attachments).toHaveLength(2);
    for (const a of p.attachments) {
      expect(Object.keys(a).sort()).toEqual(["size", "title", "url"]);
      expect(a.url).toMatch(ATTACHMENT_URL);
      expect(existsSync(fileOf(a.url))).toBe(true);
    }
    expect(p.attachments.map((a: { title: string; size: number }) => [a.title, a.size])).toEqual([
      ["Brochure 2026", brochure.length],
      ["Operating manual", manual.length],
    ]);
    expect(sha(await readFile(fileOf(p.attachments[0].url)))).toBe(sha(brochure));
    // The visitor's file name is nowhere on disk, and no temporary file is left.
    expect(allUploads().some((f) => f.includes("passwd") || f.includes("manual") || f.endsWith(".tmp"))).toBe(false);
    // The public answers carry them too.
    const one = await s.request("GET", `/api/product/${p._id}`);
    expect(one.body.attachments).toEqual(p.attachments);
    const list = await s.request("GET", `/api/product?categoryId=${categoryId}`);
    expect(list.body.data.find((x: { _id: string }) => x._id === p._id).attachments).toEqual(p.attachments);
  });

  it("a product without attachments answers an empty list", async () => {
    const res = await s.request("POST", "/api/product", {
      form: formOf(productFields(), { mainImage: await png() }),
      token,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attachments).toEqual([]);
  });

  it("takes one title as plain text, or repeated title fields", async () => {
    const form = formOf(productFields(), { mainImage: await png() });
    form.append("attachments", await pdf("Certificate"));
    form.append("attachmentTitles", "ISO 8573-1 certificate");
    const one = await s.request("POST", "/api/product", { form, token });
    expect(one.status, one.text).toBe(201);
    expect(one.body.data.attachments.map((a: { title: string }) => a.title)).toEqual(["ISO 8573-1 certificate"]);

    const two = formOf(productFields(), { mainImage: await png() });
    for (const t of ["First", "Second"]) {
      two.append("attachments", await pdf(t));
      two.append("attachmentTitles", t);
    }
    const res = await s.request("POST", "/api/product", { form: two, token });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attachments.map((a: { title: string }) => a.title)).toEqual(["First", "Second"]);
  });

  it("refuses a file that is not a PDF by its bytes (400, naming the field), storing nothing", async () => {
    const before = await state();
    const fakes = [
      imageFile(new Uint8Array(await (await png()).arrayBuffer()), "brochure.pdf", "application/pdf"),
      imageFile(new TextEncoder().encode("<html><script>alert(1)</script></html>"), "page.pdf", "application/pdf"),
      imageFile(new TextEncoder().encode(" %PDF-1.7 not at the start"), "late.pdf", "application/pdf"),
      imageFile(new TextEncoder().encode("%PD"), "short.pdf", "application/pdf"),
      imageFile(new Uint8Array(0), "empty.pdf", "application/pdf"),
    ];
    for (const fake of fakes) {
      const res = await create(["Brochure"], [fake]);
      expectValidation(res, ["attachments"]);
      expect(res.body.message).toBe(`“${fake.name}” is not a PDF file. Please choose a PDF (brochure, manual, certificate).`);
      await expectNothingStored(before);
    }
    // A real PDF after a fake one in the same request: the whole request is refused, nothing kept.
    const mixed = await create(["Good", "Bad"], [await pdf("Good"), fakes[0]!]);
    expectValidation(mixed, ["attachments"]);
    await expectNothingStored(before);
  });

  it(`refuses a file over ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB with 413 and a clear message, storing nothing`, async () => {
    const before = await state();
    const big = new Uint8Array(ATTACHMENT_MAX_BYTES + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const res = await create(["Huge"], [imageFile(big, "huge.pdf", "application/pdf")]);
    expectError(res, 413);
    expect(res.body.message).toBe("“huge.pdf” is larger than 20 MB. Please choose a smaller PDF.");
    expect(res.body.issues).toEqual([{ path: "attachments", message: res.body.message }]);
    await expectNothingStored(before);
    // Exactly the limit is accepted.
    const atLimit = await createOk(
      ["At the limit"],
      [imageFile(big.subarray(0, ATTACHMENT_MAX_BYTES), "max.pdf", "application/pdf")],
    );
    expect(atLimit.attachments[0].size).toBe(ATTACHMENT_MAX_BYTES);
    await s.request("DELETE", `/api/product/${atLimit._id}`, { token });
  });

  it("needs a title for every file (400 at attachmentTitles.N), at most 200 characters, storing nothing", async () => {
    const before = await state();
    const missing = await create([], [await pdf()]);
    expectValidation(missing, ["attachmentTitles.0"]);
    expect(missing.body.message).toBe("Attachment title is required.");
    const blank = await create(["Brochure", "   "], [await pdf(), await pdf()]);
    expectValidation(blank, ["attachmentTitles.1"]);
    const long = await create(["x".repeat(201)], [await pdf()]);
    expectValidation(long, ["attachmentTitles.0"]);
    expect(long.body.message).toBe("Attachment title must be at most 200 characters.");
    const extra = await create(["One", "Two"], [await pdf()]);
    expectValidation(extra, ["attachmentTitles"]);
    const badJson = await create([], [await pdf()], { attachmentTitles: "[not json" });
    expectValidation(badJson, ["attachmentTitles"]);
    await expectNothingStored(before);
  });

  it(`allows at most ${ATTACHMENT_MAX_COUNT} attachments per product`, async () => {
    const before = await state();
    const files = await Promise.all(Array.from({ length: ATTACHMENT_MAX_COUNT + 1 }, (_, i) => pdf(`Doc ${i}`)));
    const res = await create(
      files.map((_, i) => `Doc ${i}`),
      files,
    );
    expectError(res, 400);
    await expectNothingStored(before);
    // Kept plus new count together.
    const p = await createOk(
      files.slice(0, ATTACHMENT_MAX_COUNT).map((_, i) => `Doc ${i}`),
      files.slice(0, ATTACHMENT_MAX_COUNT),
    );
    const after = await state();
    const more = await put(p._id, { attachmentTitles: ["One more"] }, { attachments: files[0]! });
    expectValidation(more, ["attachments"]);
    expect(more.body.message).toBe(`A product may have at most ${ATTACHMENT_MAX_COUNT} attachments.`);
    expect(allUploads()).toEqual(after.files);
    await s.request("DELETE", `/api/product/${p._id}`, { token });
  });

  it("writes a file to disk as it arrives; a request that goes away midway leaves nothing", async () => {
    const before = allUploads();
    const boundary = `pneuma-${Date.now()}`;
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="attachmentTitles"\r\n\r\nHalf\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="half.pdf"\r\n` +
      "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n";
    const req = http.request(`${s.url}/api/product`, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(10 * 1024 * 1024),
        "x-auth-token": token,
      },
    });
    req.on("error", () => {});
    req.write(head);
    req.write(Buffer.alloc(1024 * 1024, 0x20));
    await expect.poll(() => allUploads().some((f) => f.endsWith(".pdf.tmp")), { timeout: 10_000 }).toBe(true);
    req.destroy();
    await expect.poll(() => allUploads(), { timeout: 10_000 }).toEqual(before);
  });

  it("any other invalid field refuses the whole request and leaves no file behind", async () => {
    const before = await state();
    const res = await create(["Brochure"], [await pdf()], { name: "" });
    expectValidation(res, ["name"]);
    const badCategory = await create(["Brochure"], [await pdf()], { categoryId: "0123456789abcdef01234567" });
    expectValidation(badCategory, ["categoryId"]);
    await expectNothingStored(before);
  });

  it("needs a signed-in editor or owner: 401 without a token, 403 for sales; nothing stored", async () => {
    const before = await state();
    const anonymous = await s.request("POST", "/api/product", {
      form: formOf(productFields({ attachmentTitles: ["Brochure"] }), { mainImage: await png(), attachments: await pdf() }),
    });
    expectError(anonymous, 401);
    const sales = await addStaff(s, token, "sales");
    const refused = await s.request("POST", "/api/product", {
      form: formOf(productFields({ attachmentTitles: ["Brochure"] }), { mainImage: await png(), attachments: await pdf() }),
      token: sales.token,
    });
    expectError(refused, 403);
    await expectNothingStored(before);
    const editor = await addStaff(s, token, "editor");
    const ok = await s.request("POST", "/api/product", {
      form: formOf(productFields({ attachmentTitles: ["Brochure"] }), { mainImage: await png(), attachments: await pdf() }),
      token: editor.token,
    });
    expect(ok.status, ok.text).toBe(201);
    const unauthPut = await s.request("PUT", `/api/product/${ok.body.data._id}`, { json: { attachments: [] } });
    expectError(unauthPut, 401);
    expect((await s.request("GET", `/api/product/${ok.body.data._id}`)).body.attachments).toHaveLength(1);
  });
});

describe("downloading attachments", () => {
  it("serves the bytes as a download named after the title, with the images' hardening", async () => {
    const bytes = await pdfBytes("Brochure");
    const p = await createOk(["Brochure 2026 (English)"], [imageFile(bytes, "x.pdf", "application/pdf")]);
    const url: string = p.attachments[0].url;
    const res = await fetch(s.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Brochure 2026 (English).pdf"; filename*=UTF-8''Brochure%202026%20%28English%29.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(bytes));
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    // HEAD and ranges work as for any static file.
    expect((await fetch(s.url + url, { method: "HEAD" })).headers.get("content-disposition")).toMatch(/^attachment;/);
    const range = await fetch(s.url + url, { headers: { Range: "bytes=0-4" } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe("%PDF-");
  });

  it("names the download after the current title; non-ASCII titles get an ASCII fallback and filename*", async () => {
    const p = await createOk(["Broschüre – Schraubenkompressor"], [await pdf()]);
    const url: string = p.attachments[0].url;
    const first = await fetch(s.url + url);
    expect(first.headers.get("content-disposition")).toBe(
      `attachment; filename="Broschure _ Schraubenkompressor.pdf"; filename*=UTF-8''Brosch%C3%BCre%20%E2%80%93%20Schraubenkompressor.pdf`,
    );
    await first.arrayBuffer();
    const renamed = await put(p._id, { attachments: [{ title: 'Manual "v2" / 2026.pdf', url }] });
    expect(renamed.status, renamed.text).toBe(200);
    const second = await fetch(s.url + url);
    expect(second.headers.get("content-disposition")).toBe(
      `attachment; filename="Manual v2 2026.pdf"; filename*=UTF-8''Manual%20v2%202026.pdf`,
    );
  });

  it("takes bidirectional control characters out of titles as they are saved, and out of download names", async () => {
    // U+202E turns "Manual‮fdp.exe" into "Manualexe.pdf" on screen; each of these reorders text.
    const BIDI = [..."\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C"];
    const hostile = `Manual${BIDI.join("")}\u202Efdp.exe`;
    const p = await createOk([hostile], [await pdf()]);
    expect(p.attachments[0].title).toBe("Manualfdp.exe");
    const url: string = p.attachments[0].url;
    // Kept titles and renames too; a title of bidi controls only is no title.
    const renamed = await put(p._id, { attachments: [{ title: `\u2067Price list\u2069 ${BIDI.join("")}`, url }] });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data.attachments[0].title).toBe("Price list");
    expectValidation(await put(p._id, { attachments: [{ title: BIDI.join(""), url }] }), ["attachments.0.title"]);
    // A title saved before this rule (straight in the database) still downloads under a clean name.
    await queryRows(
      s.ctx.db,
      sql`UPDATE products SET attachments = ${JSON.stringify([{ title: hostile, url, size: p.attachments[0].size }])}::jsonb WHERE id = ${p._id}`,
    );
    const res = await fetch(s.url + url);
    await res.arrayBuffer();
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition).toBe(`attachment; filename="Manualfdp.exe.pdf"; filename*=UTF-8''Manualfdp.exe.pdf`);
    for (const c of BIDI) expect(attachmentDisposition(`a${c}b`)).toBe(`attachment; filename="ab.pdf"; filename*=UTF-8''ab.pdf`);
  });

  it("answers 404 for names it did not make and files that are not there", async () => {
    for (const url of [
      `/uploads/${"0".repeat(32)}.pdf`,
      `/uploads/${"a".repeat(32)}.PDF`,
      "/uploads/brochure.pdf",
      `/uploads/${"a".repeat(31)}.pdf`,
      `/uploads/${"a".repeat(32)}.pdf.tmp`,
      `/uploads/..%2F${"a".repeat(32)}.pdf`,
    ]) {
      const res = await fetch(s.url + url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("content-disposition"), url).toBeNull();
    }
  });

  it("the file name is safe whatever the title", () => {
    expect(attachmentDisposition("Brochure.PDF")).toBe(`attachment; filename="Brochure.pdf"; filename*=UTF-8''Brochure.pdf`);
    expect(attachmentDisposition("दस्तावेज़")).toMatch(/^attachment; filename="attachment\.pdf"; filename\*=UTF-8''%E0%A4/);
    expect(attachmentDisposition("50% off; a=b")).toBe(
      `attachment; filename="50_ off_ a=b.pdf"; filename*=UTF-8''50%25%20off%3B%20a%3Db.pdf`,
    );
    expect(attachmentDisposition("a\r\nContent-Type: text/html")).toBe(
      `attachment; filename="aContent-Type text html.pdf"; filename*=UTF-8''aContent-Type%20text%20html.pdf`,
    );
    expect(attachmentDisposition("")).toBe(`attachment; filename="attachment.pdf"; filename*=UTF-8''attachment.pdf`);
    expect(attachmentDisposition("x".repeat(300))).toHaveLength(`attachment; filename=""; filename*=UTF-8''`.length + 2 * 154);
  });
});

describe("keeping and removing attachments", () => {
  it("an update keeps the listed attachments (titles may change), adds new files, and removes the rest", async () => {
    const p = await createOk(["A", "B"], [await pdf("A"), await pdf("B")]);
    const [a, b] = p.attachments;
    // No attachments field: all kept.
    const renamed = await put(p._id, { name: `${p.name} renamed` });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data.attachments).toEqual(p.attachments);
    // Keep B (new title, and its size from the record whatever the client says), add C, drop A.
    const c = await pdfBytes("C");
    const updated = await put(
      p._id,
      { attachments: [{ title: "B, second edition", url: b.url, size: 1 }], attachmentTitles: ["C"] },
      { attachments: imageFile(c, "c.pdf", "application/pdf") },
    );
    expect(updated.status, updated.text).toBe(200);
    const now = updated.body.data.attachments;
    expect(now.map((x: { title: string }) => x.title)).toEqual(["B, second edition", "C"]);
    expect(now[0]).toEqual({ title: "B, second edition", url: b.url, size: b.size });
    expect(now[1].size).toBe(c.length);
    // A is gone from the product but a kept version still uses it: on disk until the history lets it go.
    expect(existsSync(fileOf(a.url))).toBe(true);
    expect(await isImageReferenced(s.ctx.db, a.url)).toBe(true);
    expect((await fetch(s.url + a.url)).status).toBe(200);
    await forgetHistory();
    expect(existsSync(fileOf(a.url))).toBe(false);
    expect(existsSync(fileOf(b.url))).toBe(true);
    expect(existsSync(fileOf(now[1].url))).toBe(true);
    // JSON bodies work too; an empty list removes them all.
    const cleared = await s.request("PUT", `/api/product/${p._id}`, { json: { attachments: [] }, token });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.data.attachments).toEqual([]);
    await forgetHistory();
    expect(existsSync(fileOf(b.url))).toBe(false);
    expect(existsSync(fileOf(now[1].url))).toBe(false);
  });

  it("refuses to keep what is not a stored PDF", async () => {
    const p = await createOk(["A"], [await pdf("A")]);
    const unknown = await put(p._id, { attachments: [{ title: "Ghost", url: `/uploads/${"b".repeat(32)}.pdf` }] });
    expectValidation(unknown, ["attachments.0.url"]);
    const image = await put(p._id, { attachments: [{ title: "Image", url: "/uploads/x.64x48.webp" }] });
    expectValidation(image, ["attachments.0.url"]);
    const twice = await put(p._id, { attachments: [p.attachments[0], p.attachments[0]] });
    expectValidation(twice, ["attachments"]);
    const untitled = await put(p._id, { attachments: [{ title: "", url: p.attachments[0].url }] });
    expectValidation(untitled, ["attachments.0.title"]);
    expect((await s.request("GET", `/api/product/${p._id}`)).body.attachments).toEqual(p.attachments);
  });

  it("a version that had an attachment brings it back on restore; its file was kept", async () => {
    const p = await createOk(["Manual"], [await pdf("Manual")]);
    const url = p.attachments[0].url;
    expect((await put(p._id, { attachments: [] })).status).toBe(200);
    expect(existsSync(fileOf(url))).toBe(true);
    const versions = (await s.request("GET", `/api/product/${p._id}/revisions`, { token })).body;
    const restored = await s.request("POST", `/api/product/${p._id}/revisions/${versions[1]._id}/restore`, { token });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data.attachments).toEqual(p.attachments);
    expect((await fetch(s.url + url)).headers.get("content-disposition")).toMatch(/filename="Manual\.pdf"/);
  });

  it("a trashed product keeps its files; restore brings them back; deleting it for good removes them", async () => {
    const p = await createOk(["Certificate"], [await pdf("Certificate")]);
    const url = p.attachments[0].url;
    expect((await s.request("DELETE", `/api/product/${p._id}`, { token })).status).toBe(200);
    expect(existsSync(fileOf(url))).toBe(true);
    expect(await isImageReferenced(s.ctx.db, url)).toBe(true);
    // Still downloadable (no product names it now: a generic name).
    const orphan = await fetch(s.url + url);
    expect(orphan.status).toBe(200);
    expect(orphan.headers.get("content-disposition")).toBe(
      `attachment; filename="attachment.pdf"; filename*=UTF-8''attachment.pdf`,
    );
    const back = await s.request("POST", `/api/trash/product/${p._id}/restore`, { token });
    expect(back.status, back.text).toBe(200);
    expect(back.body.data.attachments).toEqual(p.attachments);
    expect((await s.request("DELETE", `/api/product/${p._id}`, { token })).status).toBe(200);
    expect((await s.request("DELETE", `/api/trash/product/${p._id}`, { token })).status).toBe(200);
    expect(existsSync(fileOf(url))).toBe(false);
    expect((await fetch(s.url + url)).status).toBe(404);
  });

  it("a file another product also keeps stays while that one uses it", async () => {
    const first = await createOk(["Shared"], [await pdf("Shared")]);
    const url = first.attachments[0].url;
    const second = await create([], [], { attachments: [{ title: "Shared too", url }] });
    expect(second.status, second.text).toBe(201);
    expect(second.body.data.attachments).toEqual([{ title: "Shared too", url, size: first.attachments[0].size }]);
    expect((await s.request("DELETE", `/api/product/${first._id}`, { token })).status).toBe(200);
    expect((await s.request("DELETE", `/api/trash/product/${first._id}`, { token })).status).toBe(200);
    expect(existsSync(fileOf(url))).toBe(true);
    expect((await fetch(s.url + url)).headers.get("content-disposition")).toMatch(/filename="Shared too\.pdf"/);
  });
});

describe("backups", () => {
  it("carry the attachments of products, kept versions and the trash, and a restore serves them again", async () => {
    const live = await createOk(["Live brochure"], [await pdf("Live")]);
    const old = await createOk(["Old manual"], [await pdf("Old")]);
    expect((await put(old._id, { attachments: [] })).status).toBe(200); // now only in a version
    const trashed = await createOk(["Trashed certificate"], [await pdf("Trashed")]);
    expect((await s.request("DELETE", `/api/product/${trashed._id}`, { token })).status).toBe(200);
    const urls = [live.attachments[0].url, old.attachments[0].url, trashed.attachments[0].url] as string[];

    const referenced = await referencedImages(s.ctx.db);
    for (const url of urls) expect(referenced.has(url), url).toBe(true);

    const out = await mkdtemp(path.join(tmpdir(), "pneuma-attach-backup-"));
    cleanups.push(() => rm(out, { recursive: true, force: true }));
    const backup = await createBackup(
      { db: s.ctx.db, dbKind: s.ctx.dbKind, uploadDir: s.ctx.config.uploadDir },
      { outputDir: out },
    );
    const inBackup = new Map(backup.manifest.uploads.map((u) => [u.name, u.sha256]));
    for (const url of urls) {
      const name = path.basename(url);
      expect(inBackup.get(name), name).toBe(sha(await readFile(fileOf(url))));
    }
    expect([...inBackup.keys()].some((n) => n.endsWith(".tmp"))).toBe(false);

    // Restored into an empty target, the restored server serves the same bytes under the same names.
    const dir = await mkdtemp(path.join(tmpdir(), "pneuma-attach-restore-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    let databaseUrl: string | null = null;
    if (testDatabaseKind() === "postgres") {
      const scratch = await createScratchDatabase();
      cleanups.push(() => scratch.drop());
      databaseUrl = scratch.url;
    }
    const target: RestoreTarget = { dataDir: dir, databaseUrl, uploadDir: path.join(dir, "uploads") };
    await restoreBackup(backup.path, target);
    const restored = await startTestServer({ RATE_LIMITS: "off", DATA_DIR: dir, DATABASE_URL: databaseUrl ?? "" });
    cleanups.push(() => restored.close());
    const res = await fetch(restored.url + live.attachments[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename="Live brochure\.pdf"/);
    expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(await readFile(fileOf(live.attachments[0].url))));
    expect((await restored.request("GET", `/api/product/${live._id}`)).body.attachments).toEqual(live.attachments);
  });
});
