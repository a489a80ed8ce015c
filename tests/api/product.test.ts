import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProducts } from "../../server/content/product-finder";
import { readFinderParams } from "../../shared/content/product-finder";
import { BAD_IDS, expectError, expectValidation, ID, png, serverHelpers, UNKNOWN_ID, UPLOAD_URL } from "../support/content-api";
import { formOf, imageFile, pngBytes } from "../support/images";
import { startTestServer, type TestServer } from "../support/server";

/** SPEC §7: /api/product — lists as `{ data, total, page, limit }`, writes as `{ data }`, one product bare. */

let s: TestServer;
let token: string;
const { uploads, filesOf, expectFilesExist, expectNotFoundEverywhere, forgetHistory } = serverHelpers(() => ({ s, token }));

/** A category with two subcategories, one without any, and one kept free of products for list tests. */
let withSubs: { _id: string; name: string; slug: string; subcategories: { _id: string; name: string }[] };
let plain: { _id: string; name: string; slug: string };
let listCat: { _id: string; name: string; slug: string; subcategories: { _id: string; name: string }[] };

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
  const make = async (fields: Record<string, unknown>) => {
    const res = await s.request("POST", "/api/category", { json: fields, token });
    if (res.status !== 201) throw new Error(`category: ${res.status} ${res.text}`);
    return res.body.data;
  };
  withSubs = await make({ name: "Screw Compressors", subcategories: [{ name: "Oil-injected" }, { name: "Oil-free" }] });
  plain = await make({ name: "Air Receivers" });
  listCat = await make({ name: "Listing Category", subcategories: [{ name: "Left" }, { name: "Right" }] });
});

afterAll(async () => {
  await s?.close();
});

// ---------------------------------------------------------------------------------------------------
// helpers

async function pngs(n: number): Promise<File[]> {
  const one = await pngBytes(40, 30);
  return Array.from({ length: n }, (_, i) => imageFile(one, `extra-${i}.png`, "image/png"));
}

let counter = 0;
const uniqueName = (base = "Product") => `${base} ${++counter}`;

function baseFields(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    categoryId: plain._id,
    name: uniqueName(),
    shortDescription: "A compact receiver.",
    fullDescription: "A long description of the receiver.",
    ...extra,
  };
}

function post(fields: Record<string, unknown>, files: Record<string, File | File[]> = {}, auth: { token?: string } = { token }) {
  return s.request("POST", "/api/product", { form: formOf(fields, files), ...auth });
}

function put(id: string, fields: Record<string, unknown>, files: Record<string, File | File[]> = {}) {
  return s.request("PUT", `/api/product/${id}`, { form: formOf(fields, files), token });
}

async function createOk(extra: Record<string, unknown> = {}, files?: Record<string, File | File[]>) {
  const res = await post(baseFields(extra), files ?? { mainImage: await png() });
  expect(res.status, res.text).toBe(201);
  expect(Object.keys(res.body)).toEqual(["data"]);
  return res.body.data;
}

async function getOne(idOrSlug: string) {
  const res = await s.request("GET", `/api/product/${idOrSlug}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function listAll(query = "") {
  const res = await s.request("GET", `/api/product${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { data: Record<string, unknown>[]; total: number; page: number; limit: number };
}

// ---------------------------------------------------------------------------------------------------

describe("GET /api/product", () => {
  it("is public and answers { data, total, page, limit }", async () => {
    const res = await s.request("GET", "/api/product");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(["data", "limit", "page", "total"]);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.page).toBe(1);
    expect(res.body.limit).toBe(100);
    expect(res.body.total).toBe(res.body.data.length);
  });

  describe("filters, paging and order", () => {
    const made: Record<string, string> = {};

    beforeAll(async () => {
      const [left, right] = listCat.subcategories;
      const create = async (key: string, subcategoryId: string, position: string) => {
        const res = await post(
          {
            categoryId: listCat._id,
            subcategoryId,
            name: `List ${key}`,
            shortDescription: "s",
            fullDescription: "f",
            position,
          },
          { mainImage: await png() },
        );
        if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`);
        made[key] = res.body.data._id;
      };
      await create("a", left!._id, "3");
      await create("b", left!._id, "1");
      await create("c", right!._id, "2");
      await create("d", left!._id, "2");
      await create("e", right!._id, "2"); // same position as c and d, newest
    });

    it("orders by position, then newest first", async () => {
      const body = await listAll(`?categoryId=${listCat._id}`);
      expect(body.data.map((p) => p._id)).toEqual([made.b, made.e, made.d, made.c, made.a]);
      expect(body.total).toBe(5);
    });

    it("filters by categoryId and by subcategoryId", async () => {
      const [left, right] = listCat.subcategories;
      const byLeft = await listAll(`?categoryId=${listCat._id}&subcategoryId=${left!._id}`);
      expect(byLeft.data.map((p) => p._id)).toEqual([made.b, made.d, made.a]);
      expect(byLeft.total).toBe(3);
      const byRight = await listAll(`?subcategoryId=${right!._id}`);
      expect(byRight.data.map((p) => p._id)).toEqual([made.e, made.c]);
      expect(byRight.total).toBe(2);
      for (const p of byRight.data) expect(p.categoryId).toEqual({ _id: listCat._id, name: listCat.name, slug: listCat.slug });
      const none = await listAll(`?categoryId=${UNKNOWN_ID}`);
      expect(none).toEqual({ data: [], total: 0, page: 1, limit: 100 });
      const malformed = await listAll("?categoryId=abc");
      expect(malformed.data).toEqual([]);
      expect(malformed.total).toBe(0);
    });

    it("pages with page and limit; total counts every match", async () => {
      const first = await listAll(`?categoryId=${listCat._id}&limit=2`);
      expect(first).toMatchObject({ total: 5, page: 1, limit: 2 });
      expect(first.data.map((p) => p._id)).toEqual([made.b, made.e]);
      const second = await listAll(`?categoryId=${listCat._id}&limit=2&page=2`);
      expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
      expect(second.data.map((p) => p._id)).toEqual([made.d, made.c]);
      const third = await listAll(`?categoryId=${listCat._id}&limit=2&page=3`);
      expect(third.data.map((p) => p._id)).toEqual([made.a]);
      const beyond = await listAll(`?categoryId=${listCat._id}&limit=2&page=9`);
      expect(beyond).toMatchObject({ data: [], total: 5, page: 9, limit: 2 });
    });

    it("a page number too large for the database → 400 or an empty page, never 500", async () => {
      for (const page of ["100000000000000000000", "92233720368547758"]) {
        const res = await s.request("GET", `/api/product?page=${page}`);
        expect([200, 400], `page=${page}: ${res.status} ${res.text}`).toContain(res.status);
        if (res.status === 200) expect(res.body.data).toEqual([]);
        else expectError(res, 400);
      }
    });

    it("a limit over 100 is capped to 100", async () => {
      const body = await listAll("?limit=500");
      expect(body.limit).toBe(100);
    });

    it.each(["limit=0", "limit=abc", "limit=-5", "limit=1.5", "page=0", "page=abc"])("?%s → 400 JSON", async (q) => {
      const res = await s.request("GET", `/api/product?${q}`);
      expectError(res, 400);
      expect(res.body.message).toContain(q.split("=")[0]);
    });
  });
});

describe("POST /api/product", () => {
  it("creates (201, { data }) with category, images, features, specifications and numbers", async () => {
    const [oilFree] = withSubs.subcategories;
    const res = await post(
      {
        categoryId: withSubs._id,
        subcategoryId: oilFree!._id,
        name: "PN-37 Oil-Free Screw",
        shortDescription: "37 kW oil-free screw compressor.",
        fullDescription: "Class 0 air for food and pharma.",
        price: "1250000",
        features: [{ featureName: "Drive", featureValue: "Direct" }],
        specifications: [
          { specName: "Power", specValue: "37 kW" },
          { specName: "", specValue: "" },
        ],
        featured: "true",
        position: "2",
      },
      { mainImage: await png(), additionalImages: await pngs(2) },
    );
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(["data"]);
    const p = res.body.data;
    expect(p._id).toMatch(ID);
    expect(new Date(p.createdAt).toISOString()).toBe(p.createdAt);
    expect(new Date(p.updatedAt).toISOString()).toBe(p.updatedAt);
    expect(p).toMatchObject({
      categoryId: { _id: withSubs._id, name: withSubs.name, slug: withSubs.slug },
      subcategoryId: oilFree!._id,
      name: "PN-37 Oil-Free Screw",
      slug: "pn-37-oil-free-screw",
      shortDescription: "37 kW oil-free screw compressor.",
      fullDescription: "Class 0 air for food and pharma.",
      price: 1250000,
      features: [{ featureName: "Drive", featureValue: "Direct" }],
      specifications: [{ specName: "Power", specValue: "37 kW" }],
      featured: true,
      position: 2,
    });
    expect(p.mainImage).toMatch(UPLOAD_URL);
    expect(p.additionalImages).toHaveLength(2);
    for (const url of [p.mainImage, ...p.additionalImages]) {
      expect(url).toMatch(UPLOAD_URL);
      expectFilesExist(url, true);
      const file = await s.request("GET", url);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
    }
  });

  it("defaults: price null (price on request), featured false, no extra images", async () => {
    const p = await createOk();
    expect(p).toMatchObject({
      categoryId: { _id: plain._id, name: plain.name, slug: plain.slug },
      subcategoryId: null,
      price: null,
      featured: false,
      additionalImages: [],
      features: [],
      specifications: [],
      position: 0,
    });
    expect((await createOk({ price: "" })).price).toBeNull();
  });

  it("keeps decimals of price", async () => {
    const p = await createOk({ price: "199.99" });
    expect(p.price).toBe(199.99);
  });

  it("keeps an HSN code's digits (quotations print it); one of another length → 400 and nothing stored", async () => {
    const made = await createOk({ hsn: "8414 80 11" });
    expect(made.hsn).toBe("84148011");
    expect((await getOne(made._id)).hsn).toBe("84148011");
    const before = (await s.request("GET", "/api/product")).body.total;
    const bad = await post(baseFields({ hsn: "84148" }), { mainImage: await png() });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("HSN code must be 4, 6 or 8 digits.");
    expect((await s.request("GET", "/api/product")).body.total).toBe(before);
  });

  it("accepts a JSON body", async () => {
    const res = await s.request("POST", "/api/product", {
      json: { ...baseFields(), price: 99.5, mainImage: "https://example.com/p.jpg", featured: false },
      token,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ price: 99.5, mainImage: "https://example.com/p.jpg", featured: false });
  });

  it("the main image may also come in the field `image`", async () => {
    const res = await post(baseFields(), { image: await png() });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.mainImage).toMatch(UPLOAD_URL);
  });

  it("ignores unknown fields", async () => {
    const p = await createOk({ colour: "red", subcategoryName: "x" });
    expect(p.colour).toBeUndefined();
    expect(p.subcategoryName).toBeNull();
  });

  it("without categoryId, name, shortDescription and fullDescription → 400 naming each; nothing stored", async () => {
    const before = await listAll();
    const files = uploads();
    expectValidation(await post({}, { mainImage: await png() }), ["categoryId", "name", "shortDescription", "fullDescription"]);
    expectValidation(await post(baseFields({ name: "  " }), { mainImage: await png() }), ["name"]);
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it.each([
    ["price", "abc"],
    ["price", "-1"],
    ["featured", "maybe"],
    ["position", "-3"],
  ])("%s %j → 400; nothing stored", async (field, value) => {
    const before = await listAll();
    const files = uploads();
    expectValidation(await post(baseFields({ [field]: value }), { mainImage: await png() }), [field]);
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it("wrong types in a JSON body → 400, never 500", async () => {
    const before = await listAll();
    for (const extra of [
      { name: 123 },
      { categoryId: 5 },
      { features: "x" },
      { features: [{ featureName: 1 }] },
      { specifications: [{ specName: "", specValue: "orphan value" }] },
      { additionalImages: ["javascript:alert(1)"] },
      { mainImage: 7 },
    ]) {
      const res = await s.request("POST", "/api/product", {
        json: { ...baseFields(), mainImage: "https://example.com/p.jpg", ...extra },
        token,
      });
      expectError(res, 400);
      expect(res.body.issues?.length, JSON.stringify(extra)).toBeGreaterThan(0);
    }
    expect(await listAll()).toEqual(before);
  });

  it.each(["features", "specifications"])('bad JSON text in "%s" → 400 naming the field; nothing stored', async (field) => {
    const before = await listAll();
    const files = uploads();
    const res = await post(baseFields({ [field]: "[{bad" }), { mainImage: await png() });
    expectError(res, 400);
    expect(res.body.message).toContain(field);
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it('without a main image → 400 "Please upload a main image"; nothing stored', async () => {
    const before = await listAll();
    const files = uploads();
    const res = await post(baseFields(), { additionalImages: await pngs(1) });
    expectValidation(res, ["mainImage"]);
    expect(res.body.message).toBe("Please upload a main image");
    const empty = await post(baseFields({ mainImage: "" }));
    expectError(empty, 400);
    expect(empty.body.message).toBe("Please upload a main image");
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it("an unknown category (with a valid image file) → 400 and no file is left behind", async () => {
    const before = await listAll();
    const files = uploads();
    const res = await post(baseFields({ categoryId: UNKNOWN_ID }), { mainImage: await png(), additionalImages: await pngs(2) });
    expectValidation(res, ["categoryId"]);
    expectValidation(await post(baseFields({ categoryId: "nope" }), { mainImage: await png() }), ["categoryId"]);
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it("a category with subcategories requires one, and it must belong to that category", async () => {
    const before = await listAll();
    const files = uploads();
    // missing
    expectValidation(await post(baseFields({ categoryId: withSubs._id }), { mainImage: await png() }), ["subcategoryId"]);
    expectValidation(await post(baseFields({ categoryId: withSubs._id, subcategoryId: "" }), { mainImage: await png() }), [
      "subcategoryId",
    ]);
    // from another category
    expectValidation(
      await post(baseFields({ categoryId: withSubs._id, subcategoryId: listCat.subcategories[0]!._id }), {
        mainImage: await png(),
      }),
      ["subcategoryId"],
    );
    // a category without subcategories takes none
    expectValidation(
      await post(baseFields({ categoryId: plain._id, subcategoryId: withSubs.subcategories[0]!._id }), {
        mainImage: await png(),
      }),
      ["subcategoryId"],
    );
    expectValidation(
      await post(baseFields({ categoryId: withSubs._id, subcategoryId: UNKNOWN_ID }), { mainImage: await png() }),
      ["subcategoryId"],
    );
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
    // and the right one works
    const ok = await createOk({ categoryId: withSubs._id, subcategoryId: withSubs.subcategories[1]!._id });
    expect(ok.subcategoryId).toBe(withSubs.subcategories[1]!._id);
  });

  it("at most 10 additional images: 10 are fine, 11 → 400 and nothing stored", async () => {
    const ten = await createOk({}, { mainImage: await png(), additionalImages: await pngs(10) });
    expect(ten.additionalImages).toHaveLength(10);
    const before = await listAll();
    const files = uploads();
    expectError(await post(baseFields(), { mainImage: await png(), additionalImages: await pngs(11) }), 400);
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it("writes need a token: 401 without one or with a garbage one; nothing changes", async () => {
    const existing = await createOk();
    const before = await listAll();
    const files = uploads();
    for (const auth of [{}, { token: "garbage" }]) {
      expectError(await post(baseFields(), { mainImage: await png() }, auth), 401);
      expectError(await s.request("PUT", `/api/product/${existing._id}`, { json: { name: "Hacked" }, ...auth }), 401);
      expectError(await s.request("DELETE", `/api/product/${existing._id}`, auth), 401);
    }
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
  });
});

describe("GET /api/product/{id or slug}", () => {
  it("answers the bare product by id and by slug, with categoryId as {_id, name, slug}", async () => {
    const created = await createOk({ name: "Vertical Receiver 500 L" });
    const byId = await s.request("GET", `/api/product/${created._id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(created);
    expect(byId.body.categoryId).toEqual({ _id: plain._id, name: plain.name, slug: plain.slug });
    expect(byId.body.subcategoryId).toBeNull();
    const bySlug = await s.request("GET", "/api/product/vertical-receiver-500-l");
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(created);
  });

  it.each(BAD_IDS)("%s id → 404 JSON on GET, PUT and DELETE", async (_label, id) => {
    const before = await listAll();
    await expectNotFoundEverywhere(`/api/product/${id}`, baseFields());
    expect(await listAll()).toEqual(before);
  });
});

describe("slugs", () => {
  it('a second product with the same name gets "-2"', async () => {
    const a = await createOk({ name: "Twin Tower Dryer" });
    const b = await createOk({ name: "Twin Tower Dryer" });
    expect(a.slug).toBe("twin-tower-dryer");
    expect(b.slug).toBe("twin-tower-dryer-2");
    expect((await getOne("twin-tower-dryer-2"))._id).toBe(b._id);
  });

  it("the slug is editable; renaming keeps the old slug unless a new one is given", async () => {
    const p = await createOk({ name: "Old Name" });
    const renamed = await put(p._id, { name: "New Name" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "New Name", slug: "old-name" });
    const reslugged = await put(p._id, { slug: "new-name" });
    expect(reslugged.body.data.slug).toBe("new-name");
    expect((await getOne("new-name"))._id).toBe(p._id);
    expectError(await s.request("GET", "/api/product/old-name"), 404);
    expect((await createOk({ slug: "hand-picked" })).slug).toBe("hand-picked");
  });

  it("a slug used by another product → 409 on create and update; nothing changes, no file left", async () => {
    const taken = await createOk({ slug: "taken-product" });
    const other = await createOk();
    const before = await listAll();
    const files = uploads();
    expectError(
      await post(baseFields({ slug: "taken-product" }), { mainImage: await png(), additionalImages: await pngs(2) }),
      409,
    );
    expectError(await put(other._id, { slug: "taken-product", name: "Not saved" }, { mainImage: await png() }), 409);
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
    expect((await getOne("taken-product"))._id).toBe(taken._id);
  });

  it("GET /{slug} works even when the slug looks like an id (24 hex characters)", async () => {
    const p = await createOk({ name: "ABCDEF0123456789ABCDEF01" });
    expect(p.slug).toBe("abcdef0123456789abcdef01");
    const res = await s.request("GET", `/api/product/${p.slug}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body._id).toBe(p._id);
  });

  it('an invalid slug ("Bad Slug!") → 400', async () => {
    const before = await listAll();
    expectValidation(await post(baseFields({ slug: "Bad Slug!" }), { mainImage: await png() }), ["slug"]);
    expect(await listAll()).toEqual(before);
    const p = await createOk();
    expectValidation(await put(p._id, { slug: "Bad Slug!" }), ["slug"]);
    expect((await getOne(p._id)).slug).toBe(p.slug);
  });
});

describe("PUT /api/product/{id}", () => {
  it("updates only the fields sent (200, { data }) and keeps the rest, including images", async () => {
    const p = await createOk(
      {
        price: "500",
        features: [{ featureName: "Tank", featureValue: "500 L" }],
        specifications: [{ specName: "Pressure", specValue: "10 bar" }],
        featured: "true",
      },
      { mainImage: await png(), additionalImages: await pngs(1) },
    );
    const res = await put(p._id, { shortDescription: "Changed" });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    const u = res.body.data;
    expect(u.shortDescription).toBe("Changed");
    for (const [k, v] of Object.entries(p)) {
      if (k === "shortDescription" || k === "updatedAt") continue;
      expect(u[k], k).toEqual(v);
    }
    expect(Date.parse(u.updatedAt)).toBeGreaterThanOrEqual(Date.parse(p.updatedAt));
    expect(await getOne(p._id)).toEqual(u);
  });

  it("an empty price clears it (price on request)", async () => {
    const p = await createOk({ price: "100" });
    const res = await put(p._id, { price: "" });
    expect(res.status).toBe(200);
    expect(res.body.data.price).toBeNull();
  });

  it("an empty mainImage keeps the current main image", async () => {
    const p = await createOk();
    const res = await put(p._id, { mainImage: "", name: "Still pictured" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.mainImage).toBe(p.mainImage);
    expectFilesExist(p.mainImage, true);
  });

  it("a new main image replaces the old one, whose files (and narrower copies) go once no version uses them", async () => {
    const p = await createOk({}, { mainImage: await png(700, 70) });
    expect(filesOf(p.mainImage)).toHaveLength(3);
    expectFilesExist(p.mainImage, true);
    const res = await put(p._id, {}, { mainImage: await png() });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.mainImage).toMatch(UPLOAD_URL);
    expect(res.body.data.mainImage).not.toBe(p.mainImage);
    expectFilesExist(p.mainImage, true); // the first version uses it
    await forgetHistory();
    expectFilesExist(p.mainImage, false);
    expectFilesExist(res.body.data.mainImage, true);
  });

  it("additional images uploaded on update are appended to the existing ones", async () => {
    const p = await createOk({}, { mainImage: await png(), additionalImages: await pngs(2) });
    const res = await put(p._id, {}, { additionalImages: await pngs(1) });
    expect(res.status, res.text).toBe(200);
    const extra = res.body.data.additionalImages as string[];
    expect(extra).toHaveLength(3);
    expect(extra.slice(0, 2)).toEqual(p.additionalImages);
    for (const url of extra) expectFilesExist(url, true);
  });

  it("additionalImages as JSON text of URLs keeps only those; the others' files go once no version uses them", async () => {
    const p = await createOk({}, { mainImage: await png(), additionalImages: await pngs(3) });
    const [a, b, c] = p.additionalImages as string[];
    const res = await put(p._id, { additionalImages: [c, a] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.additionalImages).toEqual([c, a]);
    expectFilesExist(a!, true);
    expectFilesExist(c!, true);
    await forgetHistory();
    expectFilesExist(b!, false);
    // kept ones plus new uploads
    const more = await put(p._id, { additionalImages: [a] }, { additionalImages: await pngs(1) });
    expect(more.status).toBe(200);
    expect(more.body.data.additionalImages).toHaveLength(2);
    expect(more.body.data.additionalImages[0]).toBe(a);
    await forgetHistory();
    expectFilesExist(c!, false);
    // an empty list removes them all
    const none = await put(p._id, { additionalImages: [] });
    expect(none.body.data.additionalImages).toEqual([]);
    await forgetHistory();
    for (const url of more.body.data.additionalImages) expectFilesExist(url, false);
    expectFilesExist(p.mainImage, true);
  });

  it("more than 10 additional images in total on update → 400; nothing changes, no file left", async () => {
    const p = await createOk({}, { mainImage: await png(), additionalImages: await pngs(8) });
    const files = uploads();
    expectError(await put(p._id, { name: "Not saved" }, { mainImage: await png(), additionalImages: await pngs(3) }), 400);
    expect(uploads()).toEqual(files);
    expect(await getOne(p._id)).toEqual(p);
  });

  it("bad JSON text in additionalImages → 400 naming the field", async () => {
    const p = await createOk();
    const res = await put(p._id, { additionalImages: "[nope" });
    expectError(res, 400);
    expect(res.body.message).toContain("additionalImages");
    expect(await getOne(p._id)).toEqual(p);
  });

  it("validation errors on update → 400 and nothing changes (no uploaded file kept)", async () => {
    const p = await createOk();
    const files = uploads();
    expectValidation(await put(p._id, { price: "abc" }, { mainImage: await png() }), ["price"]);
    expectValidation(await put(p._id, { name: "" }), ["name"]);
    expectValidation(await put(p._id, { categoryId: UNKNOWN_ID }, { mainImage: await png() }), ["categoryId"]);
    expect(uploads()).toEqual(files);
    expect(await getOne(p._id)).toEqual(p);
  });

  it("moving to a category checks the subcategory", async () => {
    const p = await createOk();
    // the new category has subcategories: one is required
    expectValidation(await put(p._id, { categoryId: withSubs._id }), ["subcategoryId"]);
    expect(await getOne(p._id)).toEqual(p);
    const moved = await put(p._id, { categoryId: withSubs._id, subcategoryId: withSubs.subcategories[0]!._id });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.categoryId).toEqual({ _id: withSubs._id, name: withSubs.name, slug: withSubs.slug });
    expect(moved.body.data.subcategoryId).toBe(withSubs.subcategories[0]!._id);
    // back to a category without subcategories: the old subcategory does not belong there
    expectValidation(await put(p._id, { categoryId: plain._id }), ["subcategoryId"]);
    const back = await put(p._id, { categoryId: plain._id, subcategoryId: "" });
    expect(back.status, back.text).toBe(200);
    expect(back.body.data.subcategoryId).toBeNull();
  });
});

describe("DELETE /api/product/{id}", () => {
  it("answers 200 {message}; then GET is 404, and the image files go with the trash", async () => {
    const p = await createOk({}, { mainImage: await png(400, 40), additionalImages: await pngs(2) });
    const urls = [p.mainImage, ...p.additionalImages] as string[];
    for (const url of urls) expectFilesExist(url, true);
    const res = await s.request("DELETE", `/api/product/${p._id}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(typeof res.body.message).toBe("string");
    expectError(await s.request("GET", `/api/product/${p._id}`), 404);
    expectError(await s.request("GET", `/api/product/${p.slug}`), 404);
    for (const url of urls) expectFilesExist(url, true); // in the trash, restorable with its images
    await forgetHistory();
    for (const url of urls) expectFilesExist(url, false);
    expect((await listAll()).data.map((x) => x._id)).not.toContain(p._id);
    expectError(await s.request("DELETE", `/api/product/${p._id}`, { token }), 404);
  });

  it("an image that another record also uses is kept", async () => {
    const a = await createOk();
    const b = await createOk({ mainImage: a.mainImage }, {});
    expect(b.mainImage).toBe(a.mainImage);
    expect((await s.request("DELETE", `/api/product/${a._id}`, { token })).status).toBe(200);
    expectFilesExist(b.mainImage, true);
  });
});

describe("key figures (issue 14)", () => {
  it("are typed in any common unit and stored and answered in canonical units", async () => {
    const p = await createOk({
      freeAirDelivery: "35 - 128 CFM",
      maxPressure: "101.5 psi",
      motorPower: "30 HP",
      noiseLevel: "66",
      weight: "1,150 kg",
      tankVolume: "0.5 m³",
      compressorType: "rotary-screw",
      lubrication: "oil-free",
      drive: "variable-speed",
      cooling: "water",
    });
    const expected = {
      freeAirDelivery: { min: 0.99109, max: 3.62456 },
      maxPressure: 6.99818,
      motorPower: 22.371,
      noiseLevel: 66,
      weight: 1150,
      tankVolume: 500,
      compressorType: "rotary-screw",
      lubrication: "oil-free",
      drive: "variable-speed",
      cooling: "water",
    };
    expect(p).toMatchObject(expected);
    expect(await getOne(p.slug)).toMatchObject(expected);
    const listed = (await listAll(`?categoryId=${plain._id}&limit=100`)).data.find((x) => x._id === p._id);
    expect(listed).toMatchObject(expected);
  });

  it("are all null when not given; a bare number is in the canonical unit; a JSON body may send numbers", async () => {
    const none = await createOk();
    for (const key of ["freeAirDelivery", "maxPressure", "motorPower", "noiseLevel", "weight", "tankVolume"]) {
      expect(none[key], key).toBeNull();
    }
    for (const key of ["compressorType", "lubrication", "drive", "cooling"]) expect(none[key], key).toBeNull();
    expect(await createOk({ freeAirDelivery: "7.08", maxPressure: "7" })).toMatchObject({
      freeAirDelivery: { min: 7.08, max: 7.08 },
      maxPressure: 7,
    });
    const res = await s.request("POST", "/api/product", {
      json: {
        ...baseFields(),
        mainImage: "https://example.com/p.jpg",
        freeAirDelivery: 2.5,
        maxPressure: 10,
        lubrication: "Lubricated",
      },
      token,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ freeAirDelivery: { min: 2.5, max: 2.5 }, maxPressure: 10, lubrication: "lubricated" });
  });

  it.each([
    ["freeAirDelivery", "lots"],
    ["freeAirDelivery", "7-5"],
    ["freeAirDelivery", "7 furlongs"],
    ["maxPressure", "0"],
    ["maxPressure", "5-7"],
    ["motorPower", "-3"],
    ["noiseLevel", "400"],
    ["weight", "9999999 kg"],
    ["compressorType", "diesel"],
    ["lubrication", "yes"],
    ["drive", "fast"],
    ["cooling", "oil"],
  ])("%s %j → 400 naming it; nothing stored", async (field, value) => {
    const before = await listAll();
    const files = uploads();
    const res = await post(baseFields({ [field]: value }), { mainImage: await png() });
    expectValidation(res, [field]);
    expect(await listAll()).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it("PUT changes the figures sent and keeps the others; an empty text clears one; the answer can be sent back", async () => {
    const p = await createOk({ freeAirDelivery: "60 CFM", maxPressure: "7.5", motorPower: "11", compressorType: "rotary-screw" });
    const res = await put(p._id, { maxPressure: "8 bar", motorPower: "" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      freeAirDelivery: p.freeAirDelivery,
      maxPressure: 8,
      motorPower: null,
      compressorType: "rotary-screw",
    });
    const again = await s.request("PUT", `/api/product/${p._id}`, {
      json: { freeAirDelivery: res.body.data.freeAirDelivery, maxPressure: res.body.data.maxPressure },
      token,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.freeAirDelivery).toEqual(p.freeAirDelivery);
  });
});

describe("GET /api/product with the finder's filters (issue 14)", () => {
  let category: { _id: string; slug: string };
  const names = { A: "", B: "", C: "", D: "" };
  beforeAll(async () => {
    const res = await s.request("POST", "/api/category", { json: { name: `Finder category ${Date.now()}` }, token });
    category = res.body.data;
    const make = async (key: keyof typeof names, figures: Record<string, string>) => {
      names[key] = uniqueName(`Finder ${key}`);
      await createOk({ ...figures, categoryId: category._id, name: names[key] });
    };
    await make("A", {
      compressorType: "reciprocating",
      lubrication: "lubricated",
      drive: "fixed-speed",
      cooling: "air",
      freeAirDelivery: "17.5 cfm",
      maxPressure: "12",
      motorPower: "3.7",
      price: "85000",
    });
    await make("B", {
      compressorType: "rotary-screw",
      lubrication: "lubricated",
      drive: "variable-speed",
      cooling: "air",
      freeAirDelivery: "35-128 cfm",
      maxPressure: "7",
      motorPower: "22",
      price: "780000",
    });
    await make("C", {
      compressorType: "rotary-screw",
      lubrication: "oil-free",
      drive: "fixed-speed",
      cooling: "water",
      freeAirDelivery: "300 cfm",
      maxPressure: "8",
      motorPower: "55",
    });
    await make("D", {
      compressorType: "scroll",
      lubrication: "oil-free",
      drive: "fixed-speed",
      cooling: "air",
      freeAirDelivery: "14 cfm",
      maxPressure: "8",
      motorPower: "3.7",
      price: "150000",
    });
  });

  const found = async (query: string) => {
    const list = await listAll(`?category=${category.slug}&${query}`);
    const byName = Object.fromEntries(Object.entries(names).map(([k, v]) => [v, k]));
    expect(list.total).toBe(list.data.length);
    return list.data.map((p) => byName[p.name as string]);
  };

  it("filter by type, lubrication, drive and cooling; sort by a figure or price (missing ones last)", async () => {
    expect(await found("sort=flow")).toEqual(["D", "A", "B", "C"]);
    expect(await found("type=rotary-screw&sort=flow")).toEqual(["B", "C"]);
    expect(await found("type=scroll&type=reciprocating&sort=-flow")).toEqual(["A", "D"]);
    expect(await found("type=scroll,reciprocating&sort=-flow")).toEqual(["A", "D"]);
    expect(await found("lubrication=oil-free&sort=power")).toEqual(["D", "C"]);
    expect(await found("drive=variable-speed")).toEqual(["B"]);
    expect(await found("cooling=water")).toEqual(["C"]);
    expect(await found("sort=-price")).toEqual(["B", "D", "A", "C"]);
    expect(await found("sort=pressure")).toEqual(["B", expect.any(String), expect.any(String), "A"]);
  });

  it("filter by flow (a range meeting the wanted one), pressure at least and power within, in the URL's units", async () => {
    expect(await found("flowMin=250&flowUnit=cfm")).toEqual(["C"]);
    expect(await found("flowMin=100&flowMax=130&flowUnit=cfm")).toEqual(["B"]);
    expect(await found("flowMin=6&flowMax=7&flowUnit=m3/min")).toEqual([]);
    expect(await found("flowMin=1&flowMax=2&flowUnit=m3/min")).toEqual(["B"]);
    expect(await found("pressureMin=116&pressureUnit=psi&sort=flow")).toEqual(["D", "A", "C"]);
    expect(await found("pressureMin=10&pressureUnit=kg/cm2")).toEqual(["A"]);
    expect(await found("powerMin=5&powerMax=30&powerUnit=hp")).toEqual(["B"]);
    expect(await found("powerMin=3.7&powerMax=22&sort=power")).toEqual(["D", "A", "B"]);
  });

  it("the finder counts beside each choice what choosing it would give, the other filters as they are", async () => {
    const read = async (query: string) => {
      const { filters } = readFinderParams(new URLSearchParams(`category=${category.slug}&${query}`));
      const r = await findProducts(s.ctx.db, filters, 1, 24);
      const counts = (list: { value: string; count: number }[]) => Object.fromEntries(list.map((c) => [c.value, c.count]));
      return {
        total: r.total,
        types: counts(r.facets.types),
        lubrication: counts(r.facets.lubrication),
        drive: counts(r.facets.drive),
        cooling: counts(r.facets.cooling),
        inCategory: counts(r.facets.category)[category.slug],
      };
    };
    expect(await read("lubrication=oil-free")).toEqual({
      total: 2,
      types: { "rotary-screw": 1, scroll: 1 },
      lubrication: { lubricated: 2, "oil-free": 2 }, // its own filter left out: what choosing each gives
      drive: { "fixed-speed": 2 },
      cooling: { air: 1, water: 1 },
      inCategory: 2,
    });
    expect(await read("flowMin=100&flowUnit=cfm&type=rotary-screw")).toEqual({
      total: 2,
      types: { "rotary-screw": 2 },
      lubrication: { lubricated: 1, "oil-free": 1 },
      drive: { "fixed-speed": 1, "variable-speed": 1 },
      cooling: { air: 1, water: 1 },
      inCategory: 2,
    });
    expect(await read("type=scroll&type=reciprocating&cooling=air&drive=fixed-speed")).toEqual({
      total: 2,
      types: { reciprocating: 1, scroll: 1 },
      lubrication: { lubricated: 1, "oil-free": 1 },
      drive: { "fixed-speed": 2 },
      cooling: { air: 2 },
      inCategory: 2,
    });
  });

  it("the finder's matches and order, found in memory, agree with the database's (GET /api/product)", async () => {
    const queries = [
      "flowMin=17.5&flowUnit=cfm",
      "flowMax=14&flowUnit=cfm",
      "flowMin=35&flowMax=35&flowUnit=cfm",
      "pressureMin=8",
      "pressureMin=12.0001",
      "powerMin=3.7&powerMax=3.7",
      "powerMin=22&pressureMin=7&sort=-power",
      "flowMin=128&flowUnit=cfm&type=rotary-screw",
      "flowMin=0.1&flowUnit=m3/min&cooling=air",
      "sort=price",
      "sort=-price",
      "sort=-flow&lubrication=oil-free",
      "flowMax=200&flowUnit=cfm",
      "",
    ];
    for (const query of queries) {
      const { filters } = readFinderParams(new URLSearchParams(`category=${category.slug}&${query}`));
      const page = await findProducts(s.ctx.db, filters, 1, 24);
      const listed = await listAll(`?category=${category.slug}&${query}`);
      expect({ query, total: page.total, names: page.data.map((p) => p.name) }).toEqual({
        query,
        total: listed.total,
        names: listed.data.map((p) => p.name),
      });
    }
  });

  it.each([
    ["flowUnit=gallons", "flowUnit"],
    ["type=diesel", "type"],
    ["pressureMin=abc", "pressureMin"],
    ["powerMax=-5", "powerMax"],
    ["sort=colour", "sort"],
    ["lubrication=yes", "lubrication"],
  ])("%s → 400 naming it", async (query, path) => {
    expectValidation(await s.request("GET", `/api/product?${query}`), [path]);
  });
});

describe("GET /api/product: any unit, best fit first, compressors for a flow (issue 30)", () => {
  let category: { _id: string; slug: string };
  const names = { P100: "", P128: "", P215: "", P99: "", Dryer: "" };
  beforeAll(async () => {
    const res = await s.request("POST", "/api/category", { json: { name: `Best fit category ${Date.now()}` }, token });
    category = res.body.data;
    const make = async (key: keyof typeof names, figures: Record<string, string>) => {
      names[key] = uniqueName(`Fit ${key}`);
      await createOk({ ...figures, categoryId: category._id, name: names[key] });
    };
    // Made smallest first, so the catalogue's order (newest first) is not the best fit's.
    await make("P100", { compressorType: "rotary-screw", freeAirDelivery: "100 CFM", maxPressure: "7 bar" });
    await make("P128", { compressorType: "rotary-screw", freeAirDelivery: "35-128 CFM", maxPressure: "7 bar" });
    await make("P215", { compressorType: "rotary-screw", freeAirDelivery: "215 CFM", maxPressure: "7.5 bar" });
    await make("P99", { compressorType: "rotary-screw", freeAirDelivery: "99 CFM", maxPressure: "7 bar" });
    await make("Dryer", { freeAirDelivery: "100 CFM", maxPressure: "16 bar" });
  });

  /** Ours among the matches, in the answer's order. */
  const found = async (query: string) => {
    const byName = Object.fromEntries(Object.entries(names).map(([k, v]) => [v, k]));
    const list = await listAll(`?limit=100&${query}`);
    return list.data.map((p) => byName[p.name as string]).filter(Boolean);
  };

  it("a bound matches the same machines in any unit, those rated exactly at it included", async () => {
    const inCfm = await found(`category=${category.slug}&flowUnit=cfm&flowMin=100&pressureMin=7`);
    expect(inCfm).toEqual(["P100", "Dryer", "P128", "P215"]);
    // 100 CFM as the finder's unit select shows it in m³/min and l/s, and 7 bar in psi.
    expect(await found(`category=${category.slug}&flowMin=2.832&pressureMin=7`)).toEqual(inCfm);
    expect(await found(`category=${category.slug}&flowUnit=l/s&flowMin=47.19&pressureUnit=psi&pressureMin=101.5`)).toEqual(inCfm);
    // An upper bound too: up to 100 CFM, in CFM or converted.
    const upTo = await found(`category=${category.slug}&flowUnit=cfm&flowMax=100`);
    // Largest first (a range meeting the bound counts by its top); equal ones in the catalogue's order, newest first.
    expect(upTo).toEqual(["P128", "Dryer", "P100", "P99"]);
    expect(await found(`category=${category.slug}&flowMax=2.832`)).toEqual(upTo);
  });

  it("a flow asked lists compressors, smallest adequate first; dryers when their category is chosen", async () => {
    expect(await found("flowUnit=cfm&flowMin=100&pressureMin=7")).toEqual(["P100", "P128", "P215"]);
    expect(await found("flowUnit=cfm&flowMin=100&pressureMin=7&type=rotary-screw")).toEqual(["P100", "P128", "P215"]);
    expect(await found(`flowUnit=cfm&flowMin=100&category=${category.slug}`)).toContain("Dryer");
    // A sort chosen is kept (equal ones newest first); no flow asked, no narrowing to compressors.
    expect(await found(`category=${category.slug}&flowUnit=cfm&flowMin=100&sort=-flow`)).toEqual([
      "P215",
      "P128",
      "Dryer",
      "P100",
    ]);
    expect(await found("pressureUnit=bar&pressureMin=16")).toEqual(["Dryer"]);
  });
});
