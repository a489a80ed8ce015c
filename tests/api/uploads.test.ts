import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUploadUrl } from "../../shared/lib/image-url";
import { formOf, imageFile, jpegBytes, pngBytes } from "../support/images";
import { startTestServer, type TestServer } from "../support/server";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer({ MAX_UPLOAD_MB: "1" });
  token = await s.login();
});
afterAll(async () => {
  await s.close();
});

const uploadFiles = () => readdirSync(s.ctx.config.uploadDir).sort();

async function uploadBanner(file: File) {
  return s.request("POST", "/api/banner", { token, form: formOf({ title: "Upload test" }, { image: file }) });
}

/** A PNG whose header claims `width`×`height` pixels: a decompression bomb's calling card. */
function pixelFloodPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("accepted images", () => {
  it.each([
    ["PNG", () => pngBytes(), "image/png"],
    ["JPEG", () => jpegBytes(), "image/jpeg"],
    [
      "WebP",
      () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: "#888" } })
          .webp()
          .toBuffer(),
      "image/webp",
    ],
    [
      "GIF",
      () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: "#888" } })
          .gif()
          .toBuffer(),
      "image/gif",
    ],
    [
      "AVIF",
      () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: "#888" } })
          .avif()
          .toBuffer(),
      "image/avif",
    ],
  ])("stores a %s as WebP under a generated name with its size in it", async (_kind, make, type) => {
    const res = await uploadBanner(imageFile(await make(), "../../etc/passwd.png", type));
    expect(res.status).toBe(201);
    const info = parseUploadUrl(res.body.image);
    expect(info, res.body.image).not.toBeNull();
    const served = await s.request("GET", res.body.image);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("judges by content, not by name: a PNG named .exe is accepted", async () => {
    const res = await uploadBanner(imageFile(await pngBytes(), "setup.exe", "application/octet-stream"));
    expect(res.status).toBe(201);
  });

  it("auto-rotates, strips metadata and makes narrower copies for srcset", async () => {
    const big = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#345" } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret-owner", Artist: "someone" } } })
      .toBuffer();
    const res = await uploadBanner(imageFile(big, "camera.jpg", "image/jpeg"));
    expect(res.status).toBe(201);
    const info = parseUploadUrl(res.body.image)!;
    expect([info.width, info.height]).toEqual([700, 1000]); // rotated upright
    expect(info.variants.map((v) => v.width)).toEqual([320, 640, 700]);
    for (const v of info.variants) expect(existsSync(path.join(s.ctx.config.uploadDir, path.basename(v.url)))).toBe(true);
    const stored = await sharp(path.join(s.ctx.config.uploadDir, path.basename(res.body.image))).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation ?? 1).toBe(1);
  });

  it("serves uploads with long immutable caching, nosniff and a sandbox CSP", async () => {
    const res = await uploadBanner(imageFile(await pngBytes(), "a.png"));
    const served = await s.request("GET", res.body.image);
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(served.headers.get("cache-control")).toContain("max-age=31536000");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
  });
});

describe("rejected files", () => {
  it("rejects SVG (it can carry script) with 415 and stores nothing", async () => {
    const before = uploadFiles();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const res = await uploadBanner(imageFile(Buffer.from(svg), "logo.svg", "image/svg+xml"));
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/JPEG, PNG, WebP, AVIF or GIF/);
    expect(uploadFiles()).toEqual(before);
  });

  it("rejects a text file named .png with 415", async () => {
    const res = await uploadBanner(imageFile(Buffer.from("hello, I am text"), "photo.png", "image/png"));
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(res.body.message);
  });

  it("rejects a polyglot: PNG magic bytes followed by HTML", async () => {
    const fake = Buffer.concat([
      Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
      Buffer.from("<html><script>alert(1)</script></html>"),
    ]);
    expect((await uploadBanner(imageFile(fake, "x.png"))).status).toBe(415);
  });

  it("rejects a GIF header wrapped around JavaScript", async () => {
    const gifJs = Buffer.from("GIF89a/*\x00\x00*/=1;alert(document.domain)//", "latin1");
    expect((await uploadBanner(imageFile(gifJs, "x.gif", "image/gif"))).status).toBe(415);
  });

  it("rejects a pixel flood (a small PNG that claims 60000×60000 pixels) with 413", async () => {
    const res = await uploadBanner(imageFile(pixelFloodPng(60_000, 60_000), "bomb.png"));
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/pixels/);
  });

  it("rejects a file over MAX_UPLOAD_MB with 413", async () => {
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(1024 * 1024 + 10)]);
    const res = await uploadBanner(imageFile(big, "big.png"));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(res.body.error);
  });

  it("rejects more files than the field allows with 400", async () => {
    const form = formOf({ title: "Two" }, { image: [imageFile(await pngBytes()), imageFile(await pngBytes())] });
    const res = await s.request("POST", "/api/banner", { token, form });
    expect(res.status).toBe(400);
  });

  it("rejects an unexpected file field with 400", async () => {
    const form = formOf({ title: "x" }, { photo: imageFile(await pngBytes()) });
    expect((await s.request("POST", "/api/banner", { token, form })).status).toBe(400);
  });

  it("reads no upload without a token", async () => {
    const before = uploadFiles();
    const res = await s.request("POST", "/api/banner", { form: formOf({ title: "x" }, { image: imageFile(await pngBytes()) }) });
    expect(res.status).toBe(401);
    expect(uploadFiles()).toEqual(before);
  });

  it("serves nothing but generated names from /uploads", async () => {
    for (const p of [
      "/uploads/../package.json",
      "/uploads/%2e%2e/package.json",
      "/uploads/.lock",
      "/uploads/x.svg",
      "/uploads/",
    ]) {
      const res = await s.request("GET", p);
      expect(res.status, p).toBe(404);
    }
  });
});
