import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_MAX_BYTES,
  attachmentLabel,
  formatFileSize,
  keptAttachmentsInput,
  startsLikePdf,
} from "../../shared/content/product-attachments";

/** The attachment helpers the API, the product dialog and the product page share (issue 14). */

describe("formatFileSize", () => {
  it("writes bytes, KB and MB (1024-based, as the limit is counted)", () => {
    expect(formatFileSize(0)).toBe("0 bytes");
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(900)).toBe("900 bytes");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1025)).toBe("1 KB");
    expect(formatFileSize(350 * 1024)).toBe("350 KB");
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1 MB");
    expect(formatFileSize(1024 * 1024)).toBe("1 MB");
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe("1.3 MB");
    expect(formatFileSize(9.96 * 1024 * 1024)).toBe("10 MB");
    expect(formatFileSize(ATTACHMENT_MAX_BYTES)).toBe("20 MB");
    expect(attachmentLabel({ size: 1.2 * 1024 * 1024 })).toBe("PDF, 1.2 MB");
  });
});

describe("startsLikePdf", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("is true only for bytes starting with %PDF-", () => {
    expect(startsLikePdf(bytes("%PDF-1.7\n"))).toBe(true);
    expect(startsLikePdf(bytes("%PDF-"))).toBe(true);
    expect(startsLikePdf(bytes("%PDF"))).toBe(false);
    expect(startsLikePdf(bytes(" %PDF-1.7"))).toBe(false);
    expect(startsLikePdf(bytes("%pdf-1.7"))).toBe(false);
    expect(startsLikePdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});

describe("keptAttachmentsInput", () => {
  const url = `/uploads/${"a".repeat(32)}.pdf`;
  it("takes titles and stored PDF URLs, and drops anything else the client sends", () => {
    expect(keptAttachmentsInput.parse([{ title: "  Brochure ", url, size: 1 }])).toEqual([{ title: "Brochure", url }]);
  });
  it("refuses other URLs, blank or multi-line titles and duplicates", () => {
    for (const bad of [
      [{ title: "x", url: "/uploads/x.64x48.webp" }],
      [{ title: "x", url: "https://example.com/a.pdf" }],
      [{ title: "x", url: `${url}/../secret` }],
      [{ title: " ", url }],
      [{ title: "a\nb", url }],
      [
        { title: "a", url },
        { title: "b", url },
      ],
    ]) {
      expect(keptAttachmentsInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
