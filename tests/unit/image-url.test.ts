import { describe, expect, it } from "vitest";
import { sniffImage } from "../../server/uploads/images";
import { parseUploadUrl, uploadFileName } from "../../shared/lib/image-url";

const id = "0123456789abcdef0123456789abcdef";

describe("parseUploadUrl", () => {
  it("reads the size and lists the narrower copies below the full width", () => {
    expect(parseUploadUrl(`/uploads/${id}.1000x750.webp`)).toEqual({
      id,
      width: 1000,
      height: 750,
      variants: [
        { width: 320, url: `/uploads/${id}.1000x750.w320.webp` },
        { width: 640, url: `/uploads/${id}.1000x750.w640.webp` },
        { width: 960, url: `/uploads/${id}.1000x750.w960.webp` },
        { width: 1000, url: `/uploads/${id}.1000x750.webp` },
      ],
    });
  });

  it("has no narrower copies for a small image", () => {
    expect(parseUploadUrl(`/uploads/${id}.300x200.webp`)?.variants).toEqual([{ width: 300, url: `/uploads/${id}.300x200.webp` }]);
  });

  it.each([
    "https://example.com/a.webp",
    "/uploads/../etc/passwd",
    `/uploads/${id}.webp`,
    `/uploads/${id}.10x10.png`,
    `/uploads/${id.toUpperCase()}.10x10.webp`,
  ])("does not treat %s as one of ours", (url) => {
    expect(parseUploadUrl(url)).toBeNull();
  });

  it("round-trips with uploadFileName", () => {
    expect(parseUploadUrl(`/uploads/${uploadFileName(id, 640, 480)}`)?.width).toBe(640);
  });
});

describe("sniffImage", () => {
  const bytes = (s: string) => Uint8Array.from(Buffer.from(s, "latin1"));
  it.each([
    ["\xff\xd8\xff\xe0rest", "jpeg"],
    ["\x89PNG\r\n\x1a\nrest", "png"],
    ["GIF89a....", "gif"],
    ["GIF87a....", "gif"],
    ["RIFF\x00\x00\x00\x00WEBPVP8 ", "webp"],
    ["\x00\x00\x00\x1cftypavif\x00\x00\x00\x00mif1miaf", "avif"],
    ["\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1avif", "avif"],
    ["\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic", null],
    ["<svg xmlns='http://www.w3.org/2000/svg'/>", null],
    ["hello", null],
    ["", null],
  ])("%j → %s", (input, expected) => {
    expect(sniffImage(bytes(input))).toBe(expected);
  });
});
