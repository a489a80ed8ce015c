import http from "node:http";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOf } from "../support/pdf";
import { type ServerProcess, type SignedInServer, startSignedInServerProcess } from "../support/process";
import { ADMIN } from "../support/server";

/**
 * Product datasheets (issue 14): /products/{category}/{product}/datasheet.pdf on the production server with
 * the demo catalogue, opened with pdf.js (pdfjs-dist's legacy build, the one meant for Node) and its text
 * read back.
 */

const RV_22 = "/products/rotary-screw-compressors/pn-rv-22-variable-speed-drive-screw-compressor";

let server: ServerProcess;
let token: string;
let running: SignedInServer;
/** Links we send are built from SITE_URL, never from the address a request reached (one server: each start seeds). */
const SITE_URL = "https://www.pneuma-air.example";
beforeAll(async () => {
  running = await startSignedInServerProcess(ADMIN, { SITE_URL });
  ({ server, token } = running);
});
afterAll(() => running?.stop());

async function datasheet(productPath: string) {
  const res = await fetch(`${server.url}${productPath}/datasheet.pdf`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes };
}

const put = (url: string, json: unknown) =>
  fetch(`${server.url}${url}`, {
    method: "PUT",
    headers: { "content-type": "application/json", "x-auth-token": token },
    body: JSON.stringify(json),
  });

describe("GET /products/{category}/{product}/datasheet.pdf", () => {
  it("is a PDF whose text has the letterhead, name, price, key figures in both units, specifications, features, link and date", async () => {
    const { res, bytes } = await datasheet(RV_22);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'inline; filename="pn-rv-22-variable-speed-drive-screw-compressor-datasheet.pdf"',
    );
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { pages, text } = await textOf(bytes);
    expect(pages).toBeGreaterThanOrEqual(1);
    for (const expected of [
      "Pneuma Air Systems",
      "+91 427 200 1480",
      "PRODUCT DATASHEET",
      "PN-RV 22 Variable Speed Drive Screw Compressor",
      "₹7,80,000",
      "Ex-works Salem. GST 18% extra.",
      "Key figures",
      "Free air delivery 0.991–3.62 m³/min 35–128 CFM",
      "Maximum working pressure 7 bar 102 psi",
      "Motor power 22 kW 29.5 HP",
      "Drive Variable speed (VSD)",
      "Specifications",
      "Motor 22 kW / 30 HP, IE3, inverter duty",
      "Features",
      "Pressure band Set point ± 0.1 bar",
      `www.pneuma-air.example${RV_22}`,
      new Date().toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }),
      `Page 1 of ${pages}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("prints the rupee sign and the other signs of the content, not stand-ins (issue 30)", async () => {
    const { text } = await textOf((await datasheet(RV_22)).bytes);
    expect(text).toMatch(/₹\d/);
    expect(text).not.toContain("Rs.");
    expect(text).toContain("±");
    expect(text).not.toContain("?");
  });

  it("fits every demo product on one A4 page (issue 30)", async () => {
    const list = (await (await fetch(`${server.url}/api/product?limit=100`)).json()) as {
      data: { slug: string; categoryId: { slug: string } }[];
    };
    expect(list.data.length).toBeGreaterThan(10);
    const pages: Record<string, number> = {};
    for (const p of list.data) {
      const { bytes } = await datasheet(`/products/${p.categoryId.slug}/${p.slug}`);
      const pdf = await getDocument({ data: bytes, useSystemFonts: true, disableFontFace: true }).promise;
      const page = await pdf.getPage(1);
      // A4 portrait: 595 × 842 points.
      expect(page.view.map(Math.round)).toEqual([0, 0, 595, 842]);
      pages[p.slug] = pdf.numPages;
      await pdf.destroy();
    }
    expect(Object.entries(pages).filter(([, n]) => n !== 1)).toEqual([]);
  });

  it("says Price on request without a price note, and leaves out what a product does not have", async () => {
    const { text } = await textOf((await datasheet("/products/oil-free-compressors/pn-of-55-oil-free-screw-compressor")).bytes);
    expect(text).toContain("Price on request");
    expect(text).not.toContain("GST");
    expect(text).not.toContain("Receiver volume");
  });

  it("is made again when the product or the settings change", async () => {
    const product = (await (await fetch(`${server.url}/api/product/pn-rv-22-variable-speed-drive-screw-compressor`)).json()) as {
      _id: string;
    };
    expect((await put(`/api/product/${product._id}`, { maxPressure: "145 psi" })).status).toBe(200);
    expect(
      (
        await put("/api/settings", {
          companyName: "Datasheet Air Works",
          priceNote: "Ex-works Salem. GST 18% extra. Freight at cost.",
        })
      ).status,
    ).toBe(200);
    const { text } = await textOf((await datasheet(RV_22)).bytes);
    expect(text).toContain("Datasheet Air Works");
    expect(text).toContain("Ex-works Salem. GST 18% extra. Freight at cost.");
    expect(text).toContain("Maximum working pressure 10 bar 145 psi");
  });

  it("sends exactly one Cache-Control and one X-Content-Type-Options", async () => {
    // Raw header lines: fetch() would join two into one value.
    const rawHeaders = await new Promise<string[]>((resolve, reject) => {
      http
        .get(`${server.url}${RV_22}/datasheet.pdf`, (res) => {
          res.resume();
          res.on("end", () => resolve(res.rawHeaders));
        })
        .on("error", reject);
    });
    const values = (name: string) => rawHeaders.filter((_, i) => i % 2 === 1 && rawHeaders[i - 1]!.toLowerCase() === name);
    expect(values("cache-control")).toEqual(["public, max-age=300"]);
    expect(values("x-content-type-options")).toEqual(["nosniff"]);
    expect(values("content-type")).toEqual(["application/pdf"]);
  });

  it("answers 404 for a product that does not exist, or under another category", async () => {
    expect((await datasheet("/products/rotary-screw-compressors/no-such-machine")).res.status).toBe(404);
    expect((await datasheet("/products/air-dryers/pn-rv-22-variable-speed-drive-screw-compressor")).res.status).toBe(404);
  });
  it("links the footer (and the QR code, drawn from the same address) to SITE_URL, not the address the request reached", async () => {
    const { res, bytes } = await datasheet(RV_22);
    expect(res.status).toBe(200);
    const { text } = await textOf(bytes);
    expect(text).toContain(`www.pneuma-air.example${RV_22}`);
    expect(text).not.toContain("127.0.0.1");
  });
});
