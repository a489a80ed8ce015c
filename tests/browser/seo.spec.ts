import { expect, test } from "@playwright/test";
import type { Category } from "../../shared/content/category";
import type { Product } from "../../shared/content/product";
import type { Service } from "../../shared/content/service";
import { jsonLd, parseXml, readPage } from "./html";
import { EMPTY_URL } from "./support";

type LdObject = Record<string, unknown>;

interface PageHead {
  title: string;
  description: string | null;
  canonical: string | null;
  og: Record<string, string | null>;
  twitterCard: string | null;
  jsonLd: LdObject[];
}

function readHead(document: Document): PageHead {
  const content = (selector: string) => document.head.querySelector(selector)?.getAttribute("content") ?? null;
  return {
    title: document.title,
    description: content('meta[name="description"]'),
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    og: Object.fromEntries(
      ["og:title", "og:description", "og:image", "og:url"].map((p) => [p, content(`meta[property="${p}"]`)]),
    ),
    twitterCard: content('meta[name="twitter:card"]'),
    jsonLd: jsonLd(document),
  };
}

const typesOf = (ld: LdObject[]) => ld.map((d) => d["@type"]);

interface PublicPage {
  path: string;
  kind: "home" | "about" | "products" | "category" | "product" | "services" | "service" | "contact";
}

test.describe("search and social metadata", { tag: "@html" }, () => {
  test("every public page has a unique title, description, absolute canonical, Open Graph, Twitter card and LocalBusiness JSON-LD", async ({
    request,
    baseURL,
  }) => {
    const categories: Category[] = (await (await request.get("/api/category")).json()).data;
    const products: Product[] = (await (await request.get("/api/product?limit=100")).json()).data;
    const services: Service[] = await (await request.get("/api/service")).json();
    const category = categories[0]!;
    const product = products.find((p) => p.categoryId._id === category._id) ?? products[0]!;
    const pages: PublicPage[] = [
      { path: "/", kind: "home" },
      { path: "/about", kind: "about" },
      { path: "/products", kind: "products" },
      { path: `/products/${category.slug}`, kind: "category" },
      { path: `/products/${product.categoryId.slug}/${product.slug}`, kind: "product" },
      { path: "/services", kind: "services" },
      { path: `/services/${services[0]!.slug}`, kind: "service" },
      { path: "/contact", kind: "contact" },
    ];

    const titles = new Map<string, string>();
    const failures: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) failures.push(what);
    };
    for (const p of pages) {
      const { status, document } = await readPage(request, p.path);
      check(status === 200, `${p.path}: status ${status}`);
      const head = readHead(document);
      check(head.title.trim() !== "", `${p.path}: empty <title>`);
      const sameTitle = titles.get(head.title);
      check(sameTitle === undefined, `${p.path}: same <title> as ${sameTitle}: "${head.title}"`);
      titles.set(head.title, p.path);
      check(Boolean(head.description?.trim()), `${p.path}: no meta description`);
      check(head.canonical === `${baseURL}${p.path === "/" ? "/" : p.path}`, `${p.path}: canonical is ${head.canonical}`);
      for (const [prop, value] of Object.entries(head.og)) check(Boolean(value?.trim()), `${p.path}: no ${prop}`);
      check(/^https?:\/\//.test(head.og["og:image"] ?? ""), `${p.path}: og:image is not absolute`);
      check(head.og["og:url"] === head.canonical, `${p.path}: og:url differs from the canonical link`);
      check(Boolean(head.twitterCard), `${p.path}: no twitter:card`);
      const types = typesOf(head.jsonLd);
      check(types.includes("LocalBusiness"), `${p.path}: no LocalBusiness JSON-LD (has ${types.join(", ")})`);
      if (p.kind === "product") check(types.includes("Product"), `${p.path}: no Product JSON-LD`);
      if (p.kind === "service") check(types.includes("Service"), `${p.path}: no Service JSON-LD`);
      if (p.kind === "category" || p.kind === "product" || p.kind === "service") {
        check(types.includes("BreadcrumbList"), `${p.path}: no BreadcrumbList JSON-LD`);
      }
    }
    expect(failures).toEqual([]);
  });

  test("the Service JSON-LD names the organisation as provider", async ({ request, baseURL }) => {
    const [service] = (await (await request.get("/api/service")).json()) as Service[];
    const { jsonLd } = readHead((await readPage(request, `/services/${service!.slug}`)).document);
    const org = jsonLd.find((d) => d["@type"] === "LocalBusiness");
    const ld = jsonLd.find((d) => d["@type"] === "Service");
    expect(org?.["@id"]).toBe(`${baseURL}/#organization`);
    expect(ld).toMatchObject({ provider: { "@id": `${baseURL}/#organization` }, url: `${baseURL}/services/${service!.slug}` });
    const crumbs = jsonLd.find((d) => d["@type"] === "BreadcrumbList") as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(["Home", "Services", service!.title]);
    expect(crumbs.itemListElement.map((c) => c.item)).toEqual([
      `${baseURL}/`,
      `${baseURL}/services`,
      `${baseURL}/services/${service!.slug}`,
    ]);
  });
});

/** The calculators (issue 14), fixed pages of the sitemap. */
const TOOL_PATHS = ["/tools", "/tools/air-leak-cost", "/tools/fixed-vs-variable-speed", "/tools/sizing"];

test.describe("sitemap.xml and robots.txt", { tag: "@html" }, () => {
  test("the sitemap is valid XML listing the home page and every category, product and service URL", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await response.text();

    const doc = await parseXml(xml);
    const ns = "http://www.sitemaps.org/schemas/sitemap/0.9";
    const parsed = {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      urls: [...doc.getElementsByTagNameNS(ns, "url")].map((u) => ({
        loc: u.getElementsByTagNameNS(ns, "loc")[0]?.textContent ?? "",
        lastmod: u.getElementsByTagNameNS(ns, "lastmod")[0]?.textContent ?? null,
      })),
    };
    expect(parsed.error).toBeNull();
    // happy-dom's XML parser lets a bare & through (Chromium's does not): an unescaped one in a URL's query.
    expect(xml).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i);
    expect(parsed.root).toBe("urlset");
    expect(parsed.namespace).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");

    const locs = parsed.urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${baseURL}/`)).toBe(true);
    for (const u of parsed.urls) if (u.lastmod !== null) expect(Number.isNaN(Date.parse(u.lastmod))).toBe(false);

    const categories: Category[] = (await (await request.get("/api/category")).json()).data;
    const productPage = await (await request.get("/api/product?limit=100")).json();
    const products: Product[] = productPage.data;
    expect(products.length).toBe(productPage.total);
    const services: Service[] = await (await request.get("/api/service")).json();
    const expected = [
      `${baseURL}/`,
      `${baseURL}/about`,
      `${baseURL}/products`,
      `${baseURL}/services`,
      `${baseURL}/contact`,
      ...TOOL_PATHS.map((p) => `${baseURL}${p}`),
      ...categories.map((c) => `${baseURL}/products/${c.slug}`),
      ...products.map((p) => `${baseURL}/products/${p.categoryId.slug}/${p.slug}`),
      ...services.map((s) => `${baseURL}/services/${s.slug}`),
    ];
    expect([...locs].sort()).toEqual([...expected].sort());
    // Records carry their last change.
    const serviceEntry = parsed.urls.find((u) => u.loc === `${baseURL}/services/${services[0]!.slug}`);
    expect(serviceEntry?.lastmod).toBe(services[0]!.updatedAt);
  });

  test("every sitemap URL answers 200", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const loc of locs) {
      const res = await request.get(loc, { maxRedirects: 0 });
      expect(res.status(), loc).toBe(200);
    }
  });

  test("robots.txt disallows /admin and /api/ and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n").map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("the sitemap of an empty site lists only the fixed pages", async ({ request }) => {
    const xml = await (await request.get(`${EMPTY_URL}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(["/", "/about", "/products", "/services", "/contact", ...TOOL_PATHS].map((p) => `${EMPTY_URL}${p}`));
  });
});
