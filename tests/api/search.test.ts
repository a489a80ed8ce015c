import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFinder, readSearch } from "../../server/content/public-reads";
import { searchSite } from "../../server/content/search";
import { queryRows } from "../../server/db/client";
import { NO_FINDER_FILTERS } from "../../shared/content/product-finder";
import { HIGHLIGHT_END, HIGHLIGHT_START, plainText } from "../../shared/lib/highlight";
import { expectError, png } from "../support/content-api";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The site search (issue 14) on the database it runs on (PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set): full-text matching with English stems and word prefixes, ranked by where the words stand (name,
 * then short description, key figures and specifications, then full description), model codes typed run
 * together, matches marked, and the suggestions under the search box (GET /api/search/suggestions).
 */

let s: TestServer;
let token: string;
const mark = (word: string) => `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}`;

async function create(path: string, json: Record<string, unknown>) {
  const res = await s.request("POST", path, { json, token });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body.data;
}

function withFields(form: FormData, fields: Record<string, string>): FormData {
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
  const category = await create("/api/category", {
    name: "Desiccant Dryers",
    description: "Heatless and heated desiccant dryers for instrument air.",
  });
  // Products need a picture: one upload, used by all of them.
  const upload = new FormData();
  upload.append("image", await png());
  const image = await s.request("POST", "/api/banner", { form: withFields(upload, { title: "Picture" }), token });
  if (image.status !== 201) throw new Error(`banner: ${image.status} ${image.text}`);
  const product = (fields: Record<string, unknown>) =>
    create("/api/product", {
      categoryId: category._id,
      shortDescription: "A machine for the plant.",
      fullDescription: "Built in Salem and tested before dispatch.",
      mainImage: image.body.image,
      ...fields,
    });
  // Staff order puts the weaker matches first, so the ranking, not the order, must decide.
  await product({ name: "Plain Unit C", fullDescription: "Its zeolite beds regenerate without heat.", position: 0 });
  await product({ name: "Plain Unit B", shortDescription: "Zeolite beds for the driest air.", position: 1 });
  await product({ name: "Zeolite Dryer A", position: 2 });
  await product({
    name: "PN-ZQ 15 Test Compressor",
    specifications: [{ specName: "Controller", specValue: "Siemens LOGO with remote start" }],
    lubrication: "oil-free",
    drive: "variable-speed",
  });
  await product({ name: "PN-BX 7.5 Booster", shortDescription: "Raises 7 bar to 40 bar for PET blowing." });
  await product({ name: "Refrigerated Air Dryer R9", shortDescription: "Chills compressed air to a +3 °C dew point." });
  // "drier" only in a full description (the catalogue's words are its names and short descriptions).
  await product({ name: "Aftercooled Piston Unit K", fullDescription: "Its aftercooler delivers drier air to the line." });

  const form = withFields(new FormData(), {
    title: "Thermographic Survey",
    description: "We find hot spots before they stop your plant.",
    details: "An infrared camera survey of motors, starters and panels, with a written report.",
  });
  form.append("mainImage", await png());
  const service = await s.request("POST", "/api/service", { form, token });
  if (service.status !== 201) throw new Error(`service: ${service.status} ${service.text}`);
  const faq = await s.request("POST", "/api/faq", {
    json: {
      question: "Can you regenerate desiccant on site?",
      answer: "Yes. Our engineers replace or regenerate the desiccant in your dryer during a planned stop.",
    },
    token,
  });
  if (faq.status !== 201) throw new Error(`faq: ${faq.status} ${faq.text}`);
});

afterAll(async () => {
  await s?.close();
});

const productNames = async (q: string) => (await searchSite(s.ctx.db, q)).products.map((p) => plainText(p.name));

describe("site search", () => {
  it("ranks a match in the name before the short description before the full description", async () => {
    expect(await productNames("zeolite")).toEqual(["Zeolite Dryer A", "Plain Unit B", "Plain Unit C"]);
  });

  it("marks the matching words, and shows the passage of the full description that matched", async () => {
    const { products } = await searchSite(s.ctx.db, "zeolite");
    expect(products[0]?.name).toBe(`${mark("Zeolite")} Dryer A`);
    expect(products[1]?.text).toBe(`${mark("Zeolite")} beds for the driest air.`);
    // Only the full description matched: its passage is shown rather than the short description.
    expect(products[2]?.text).toContain(mark("zeolite"));
    expect(plainText(products[2]?.text ?? "")).toContain("beds regenerate without heat");
  });

  it("matches English stems and the start of words", async () => {
    expect(await productNames("dryers")).toContain("Refrigerated Air Dryer R9");
    expect(await productNames("zeol")).toHaveLength(3);
    // "dry" stems to "dri", which would miss "dryer": the word as typed matches as well.
    expect(await productNames("dry")).toEqual(expect.arrayContaining(["Zeolite Dryer A", "Refrigerated Air Dryer R9"]));
    // Every word must match.
    expect(await productNames("zeolite refrigerated")).toEqual([]);
  });

  it("leaves out stop words rather than matching every word they begin", async () => {
    expect(await productNames("the zeolite")).toEqual(await productNames("zeolite"));
    expect(await searchSite(s.ctx.db, "the")).toEqual({ products: [], categories: [], services: [], faqs: [] });
  });

  it("searches specifications and key figures", async () => {
    expect(await productNames("siemens")).toEqual(["PN-ZQ 15 Test Compressor"]);
    expect(await productNames("oil free variable speed")).toEqual(["PN-ZQ 15 Test Compressor"]);
  });

  it("finds a model code typed with or without its spaces and dashes", async () => {
    for (const q of ["zq15", "pnzq15", "pn-zq15", "PN ZQ 15", "PN-ZQ 15"]) {
      expect(await productNames(q), q).toEqual(["PN-ZQ 15 Test Compressor"]);
    }
  });

  it("searches categories, services and the FAQ", async () => {
    const results = await searchSite(s.ctx.db, "desiccant");
    expect(results.categories.map((c) => plainText(c.name))).toEqual(["Desiccant Dryers"]);
    expect(results.faqs).toHaveLength(1);
    expect(results.faqs[0]?.question).toBe(`Can you regenerate ${mark("desiccant")} on site?`);
    expect(results.faqs[0]?.text).toContain(mark("desiccant"));
    const survey = await searchSite(s.ctx.db, "infrared");
    expect(survey.services.map((x) => plainText(x.title))).toEqual(["Thermographic Survey"]);
    expect(survey.services[0]?.text).toContain(mark("infrared"));
  });

  it("takes query syntax and odd characters as words, never as errors", async () => {
    for (const q of ["a:* | b & !c", "'", "\\", "(zeolite", "zeolite)", "<->", "%%%", "_", "ü", "zeolite:*B"]) {
      await expect(searchSite(s.ctx.db, q), q).resolves.toBeDefined();
    }
    expect(await productNames("(zeolite!)")).toHaveLength(3);
  });

  it("reads the query with the parser that read the documents: decimals, markup, stop words", async () => {
    expect(await productNames("booster 7.5")).toEqual(["PN-BX 7.5 Booster"]);
    // Markup is no word, in the documents or in the query.
    expect(await productNames("<b>zeolite</b>")).toHaveLength(3);
    expect(await productNames("<script>zeolite</script>")).toEqual([]);
    expect(await productNames("the of and")).toEqual([]);
  });

  it("sees a renamed product at once (the document is kept by the database)", async () => {
    const found = await s.request("GET", "/api/product?limit=100");
    const r9 = found.body.data.find((p: { name: string }) => p.name === "Refrigerated Air Dryer R9");
    const res = await s.request("PUT", `/api/product/${r9._id}`, { json: { name: "Cycling Chiller Dryer R9" }, token });
    expect(res.status).toBe(200);
    expect(await productNames("cycling")).toEqual(["Cycling Chiller Dryer R9"]);
    expect(await productNames("refrigerated")).toEqual([]);
  });
});

describe("GET /api/search/suggestions", () => {
  it("suggests categories, then products, then services whose names start words with what was typed", async () => {
    const res = await s.request("GET", "/api/search/suggestions?q=des");
    expect(res.status).toBe(200);
    expect(res.body.q).toBe("des");
    expect(res.body.data).toEqual([
      {
        kind: "category",
        label: "Desiccant Dryers",
        url: "/products/desiccant-dryers",
        detail: "Category",
        parts: [
          { text: "Desiccant", marked: true },
          { text: " Dryers", marked: false },
        ],
      },
    ]);
    const zeo = await s.request("GET", "/api/search/suggestions?q=zeo");
    // Names only: the products that have "zeolite" in their descriptions are not suggested.
    expect(zeo.body.data.map((d: { label: string }) => d.label)).toEqual(["Zeolite Dryer A"]);
    expect(zeo.body.data[0].url).toBe("/products/desiccant-dryers/zeolite-dryer-a");
    expect(zeo.body.data[0].detail).toBe("Desiccant Dryers");
    const service = await s.request("GET", "/api/search/suggestions?q=thermo");
    expect(service.body.data).toMatchObject([
      { kind: "service", label: "Thermographic Survey", url: "/services/thermographic-survey" },
    ]);
    const code = await s.request("GET", "/api/search/suggestions?q=zq15");
    expect(code.body.data.map((d: { label: string }) => d.label)).toEqual(["PN-ZQ 15 Test Compressor"]);
  });

  it("answers an empty list for nothing to search, and 400 for a repeated q", async () => {
    for (const q of ["", "%20%20", "the", "%26%7C"]) {
      const res = await s.request("GET", `/api/search/suggestions?q=${q}`);
      expect(res.status, q).toBe(200);
      expect(res.body.data, q).toEqual([]);
    }
    expectError(await s.request("GET", "/api/search/suggestions?q=a&q=b"), 400);
  });
});

describe("forgiving search (issue 29)", () => {
  const names = (r: { products: { name: string }[]; categories: { name: string }[] }) => [
    ...r.categories.map((c) => plainText(c.name)),
    ...r.products.map((p) => plainText(p.name)),
  ];

  it("shows the correction's results when the words find only an incidental match ('drier' → 'dryer')", async () => {
    // As typed: the one product whose description says "drier air".
    expect(await productNames("drier")).toEqual(["Aftercooled Piston Unit K"]);
    const answer = await readSearch(s.ctx, "drier", { spelling: true, exact: false });
    expect(answer.spelling).toEqual({ kind: "replaced", corrected: "dryer", found: 1 });
    expect(names(answer.results)).toEqual(expect.arrayContaining(["Desiccant Dryers", "Zeolite Dryer A"]));
    expect(names(answer.results)).not.toContain("Aftercooled Piston Unit K");
  });

  it("keeps the words' own results, offering the correction, when asked for them exactly or without spelling", async () => {
    const exact = await readSearch(s.ctx, "drier", { spelling: true, exact: true });
    expect(exact.spelling).toEqual({ kind: "offered", corrected: "dryer" });
    expect(names(exact.results)).toEqual(["Aftercooled Piston Unit K"]);
    const asTyped = await readSearch(s.ctx, "drier", { spelling: false, exact: false });
    expect(asTyped.spelling).toEqual({ kind: "none" });
    expect(names(asTyped.results)).toEqual(["Aftercooled Piston Unit K"]);
  });

  it("shows the correction's results when the words find nothing, and leaves well-found words alone", async () => {
    const answer = await readSearch(s.ctx, "zeolyte", { spelling: true, exact: false });
    expect(answer.spelling).toEqual({ kind: "replaced", corrected: "zeolite", found: 0 });
    expect(answer.results.products).toHaveLength(3);
    expect((await readSearch(s.ctx, "zeolite", { spelling: true, exact: false })).spelling).toEqual({ kind: "none" });
  });
});

describe("search, suggestion and finder answers kept in the content cache (issue 29)", () => {
  const options = { spelling: true, exact: false };

  it("answers a repeated search from memory, computes a distinct one, and forgets both when content changes", async () => {
    const first = await readSearch(s.ctx, "booster", options);
    const misses = s.ctx.cache.misses;
    const hits = s.ctx.cache.hits;
    // The very same answer, from memory: the database was not asked.
    expect(await readSearch(s.ctx, "booster", options)).toBe(first);
    expect(s.ctx.cache.misses).toBe(misses);
    expect(s.ctx.cache.hits).toBe(hits + 1);
    expect(s.ctx.cache.shelf("query").size).toBeGreaterThan(0);
    await readSearch(s.ctx, "siemens", options);
    expect(s.ctx.cache.misses).toBeGreaterThan(misses);

    const booster = first.results.products[0]!;
    const res = await s.request("PUT", `/api/product/${booster.id}`, { json: { name: "PN-BX 7.5 Booster Mk II" }, token });
    expect(res.status, res.text).toBe(200);
    await s.ctx.cache.checkFreshness(); // what every request does first (PostgreSQL: the change count)
    expect(s.ctx.cache.shelf("query").size).toBe(0);
    const after = await readSearch(s.ctx, "booster", options);
    expect(after).not.toBe(first);
    expect(plainText(after.results.products[0]?.name ?? "")).toBe("PN-BX 7.5 Booster Mk II");
  });

  it("sends repeated suggestions from the cache as bytes, the same for the same words, and fresh after a change", async () => {
    const ask = (q: string) => s.request("GET", `/api/search/suggestions?q=${q}`);
    const first = await ask("zeo");
    expect(first.status).toBe(200);
    await s.ctx.answers.idle();
    const hits = s.ctx.answers.hits;
    const misses = s.ctx.cache.misses;
    for (const q of ["zeo", "%20zeo%20", "zeo%20%20"]) {
      const again = await ask(q);
      expect(again.status, q).toBe(200);
      expect(again.text, q).toBe(first.text);
      expect(again.headers.get("cache-control"), q).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=10");
    }
    expect(s.ctx.answers.hits - hits).toBe(3);
    expect(s.ctx.cache.misses).toBe(misses);
    // Distinct words are computed.
    expect((await ask("thermo")).body.data).toHaveLength(1);
    expect(s.ctx.cache.misses).toBe(misses + 1);

    await create("/api/category", { name: "Zeolite Cartridges", description: "Spare beds." });
    expect((await ask("zeo")).body.data.map((d: { label: string }) => d.label)).toContain("Zeolite Cartridges");
  });

  it("keeps finder answers with typed figures, page and API alike, until content changes", async () => {
    const typed = { ...NO_FINDER_FILTERS, flowMin: 2, pressureMin: 7 };
    const first = await readFinder(s.ctx, typed, 1, 24);
    expect(first.total).toBe(0);
    expect(await readFinder(s.ctx, typed, 1, 24)).toBe(first);
    expect(await readFinder(s.ctx, { ...typed, flowMin: 3 }, 1, 24)).not.toBe(first);

    const path = "/api/product?flowMin=2&pressureMin=7&limit=24";
    expect((await s.request("GET", path)).body.total).toBe(0);
    await s.ctx.answers.idle();
    const hits = s.ctx.answers.hits;
    expect((await s.request("GET", path)).body.total).toBe(0);
    expect(s.ctx.answers.hits).toBe(hits + 1);
    expect(s.ctx.answers.shelf("query").size).toBeGreaterThan(0);

    const found = await s.request("GET", "/api/product?limit=100");
    const zq = found.body.data.find((p: { name: string }) => p.name === "PN-ZQ 15 Test Compressor");
    const res = await s.request("PUT", `/api/product/${zq._id}`, {
      // A compressor type too: for a flow asked the finder lists compressors (issue 30).
      json: { freeAirDelivery: "3", maxPressure: "8", compressorType: "rotary-screw" },
      token,
    });
    expect(res.status, res.text).toBe(200);
    await s.ctx.cache.checkFreshness();
    expect((await readFinder(s.ctx, typed, 1, 24)).total).toBe(1);
    expect((await s.request("GET", path)).body.data.map((p: { name: string }) => p.name)).toEqual(["PN-ZQ 15 Test Compressor"]);
  });
});

describe("search indexes (issue 29)", () => {
  it("every GIN index writes in place: no pending list for each search to read (the embedded database never vacuums)", async () => {
    const indexes = await queryRows<{ name: string; options: string[] | null }>(
      s.ctx.db,
      sql`SELECT c.relname AS name, c.reloptions AS options FROM pg_class c JOIN pg_am a ON a.oid = c.relam
        WHERE a.amname = 'gin' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace ORDER BY c.relname`,
    );
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        "categories_search_idx",
        "faqs_search_idx",
        "products_name_search_idx",
        "products_search_idx",
        "services_search_idx",
      ]),
    );
    for (const index of indexes) expect(index.options ?? [], index.name).toContain("fastupdate=off");
  });
});
