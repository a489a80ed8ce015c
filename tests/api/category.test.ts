import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subcategories } from "../../server/db/content-tables";
import { BAD_IDS, expectError, expectValidation, ID, png, serverHelpers, UPLOAD_URL } from "../support/content-api";
import { formOf } from "../support/images";
import { startTestServer, type TestServer } from "../support/server";

/** SPEC §7: /api/category — categories with their subcategories, wrapped in `{ data }`. */

let s: TestServer;
let token: string;
const { uploads, filesOf, expectFilesExist, expectNotFoundEverywhere, forgetHistory } = serverHelpers(() => ({ s, token }));

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
});

afterAll(async () => {
  await s?.close();
});

// ---------------------------------------------------------------------------------------------------
// helpers

let counter = 0;
const uniqueName = (base = "Category") => `${base} ${++counter}`;

function post(fields: Record<string, unknown>, files: Record<string, File> = {}, auth: { token?: string } = { token }) {
  return s.request("POST", "/api/category", { form: formOf(fields, files), ...auth });
}

function put(id: string, fields: Record<string, unknown>, files: Record<string, File> = {}) {
  return s.request("PUT", `/api/category/${id}`, { form: formOf(fields, files), token });
}

async function createOk(fields: Record<string, unknown> = {}, files: Record<string, File> = {}) {
  const res = await post({ name: uniqueName(), ...fields }, files);
  expect(res.status, res.text).toBe(201);
  expect(Object.keys(res.body)).toEqual(["data"]);
  return res.body.data;
}

async function list() {
  const res = await s.request("GET", "/api/category");
  expect(res.status).toBe(200);
  expect(Object.keys(res.body)).toEqual(["data"]);
  expect(Array.isArray(res.body.data)).toBe(true);
  return res.body.data as Record<string, unknown>[];
}

async function getOne(idOrSlug: string) {
  const res = await s.request("GET", `/api/category/${idOrSlug}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function productOk(categoryId: string, subcategoryId?: string) {
  const res = await s.request("POST", "/api/product", {
    form: formOf(
      {
        categoryId,
        subcategoryId,
        name: uniqueName("Product"),
        shortDescription: "short",
        fullDescription: "full",
      },
      { mainImage: await png() },
    ),
    token,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

function subNames(category: { subcategories: { name: string }[] }): string[] {
  return category.subcategories.map((x) => x.name);
}

// ---------------------------------------------------------------------------------------------------

describe("GET /api/category", () => {
  it("is public and answers { data: [...] }", async () => {
    const res = await s.request("GET", "/api/category");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body).toEqual({ data: expect.any(Array) });
  });

  it("each category has _id, dates, slug, subcategories [{_id, name}] and productCount", async () => {
    const created = await createOk({ subcategories: [{ name: "Alpha" }, { name: "Beta" }] });
    await productOk(created._id, created.subcategories[0]._id);
    await productOk(created._id, created.subcategories[1]._id);
    const empty = await createOk();
    const all = await list();
    for (const c of all) {
      expect(c._id).toMatch(ID);
      expect(new Date(c.createdAt as string).toISOString()).toBe(c.createdAt);
      expect(new Date(c.updatedAt as string).toISOString()).toBe(c.updatedAt);
      expect(typeof c.slug).toBe("string");
      expect(Array.isArray(c.subcategories)).toBe(true);
      for (const sub of c.subcategories as { _id: string; name: string }[]) {
        expect(Object.keys(sub).sort()).toEqual(["_id", "name"]);
        expect(sub._id).toMatch(ID);
      }
      expect(typeof c.productCount).toBe("number");
    }
    const mine = all.find((c) => c._id === created._id)!;
    expect(mine.productCount).toBe(2);
    expect(mine.subcategories).toEqual(created.subcategories);
    expect(all.find((c) => c._id === empty._id)!.productCount).toBe(0);
  });

  it("orders by position, then newest first", async () => {
    const a = await createOk({ position: "30" });
    const b = await createOk({ position: "10" });
    const c = await createOk({ position: "20" });
    const d = await createOk({ position: "20" });
    const ids = [a._id, b._id, c._id, d._id];
    const order = (await list()).map((x) => x._id).filter((id) => ids.includes(id));
    expect(order).toEqual([b._id, d._id, c._id, a._id]);
  });
});

describe("POST /api/category", () => {
  it("creates (201, { data }) from a multipart form with image, features and subcategories", async () => {
    const res = await post(
      {
        name: "Rotary Screw Compressors",
        description: "Continuous duty",
        features: [{ name: "Oil-free" }, { name: "Quiet", description: "65 dB" }],
        subcategories: [{ name: "Fixed speed" }, { name: "Variable speed" }],
        position: "5",
      },
      { image: await png() },
    );
    expect(res.status, res.text).toBe(201);
    const c = res.body.data;
    expect(c._id).toMatch(ID);
    expect(c).toMatchObject({
      name: "Rotary Screw Compressors",
      slug: "rotary-screw-compressors",
      description: "Continuous duty",
      features: [{ name: "Oil-free" }, { name: "Quiet", description: "65 dB" }],
      productCount: 0,
      position: 5,
    });
    expect(subNames(c)).toEqual(["Fixed speed", "Variable speed"]);
    for (const sub of c.subcategories) expect(sub._id).toMatch(ID);
    expect(c.image).toMatch(UPLOAD_URL);
    expectFilesExist(c.image, true);
    const file = await s.request("GET", c.image);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
  });

  it("the image is optional; features and subcategories default to empty lists", async () => {
    const c = await createOk({ name: "No Picture" });
    expect(c).toMatchObject({ image: "", features: [], subcategories: [], description: "", position: 0 });
  });

  it("accepts a JSON body", async () => {
    const res = await s.request("POST", "/api/category", {
      json: { name: "From Json", features: ["A"], subcategories: [{ name: "S1" }] },
      token,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ name: "From Json", slug: "from-json", features: [{ name: "A" }] });
    expect(subNames(res.body.data)).toEqual(["S1"]);
  });

  it("plain-string features are tolerated and turned into { name }", async () => {
    const c = await createOk({ features: ["Energy efficient", { name: "Compact", description: "" }] });
    expect(c.features).toEqual([{ name: "Energy efficient" }, { name: "Compact" }]);
  });

  it("ignores unknown fields", async () => {
    const c = await createOk({ colour: "blue", productCount: "99" });
    expect(c.colour).toBeUndefined();
    expect(c.productCount).toBe(0);
  });

  it("without a name → 400 with issues; nothing stored, no file left", async () => {
    const before = await list();
    const files = uploads();
    expectValidation(await post({ description: "nameless" }, { image: await png() }), ["name"]);
    expectValidation(await post({ name: "   " }), ["name"]);
    expect(await list()).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it("wrong types → 400, never 500", async () => {
    const before = await list();
    for (const json of [
      { name: 123 },
      { name: "X", features: "not a list" },
      { name: "X", subcategories: [{ _id: "x" }] },
      { name: "X", subcategories: [{ name: 5 }] },
      { name: "X", position: "abc" },
      { name: "X", features: [{ description: "no name" }] },
    ]) {
      const res = await s.request("POST", "/api/category", { json, token });
      expectError(res, 400);
      expect(res.body.issues?.length, JSON.stringify(json)).toBeGreaterThan(0);
    }
    expect(await list()).toEqual(before);
  });

  it.each(["features", "subcategories"])('bad JSON text in "%s" → 400 naming the field; nothing stored', async (field) => {
    const before = await list();
    const files = uploads();
    const res = await post({ name: uniqueName(), [field]: "[{oops" }, { image: await png() });
    expectError(res, 400);
    expect(res.body.message).toContain(field);
    expect(await list()).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it("duplicate subcategory names in one list → 400; nothing stored", async () => {
    const before = await list();
    expectValidation(
      await post({ name: uniqueName(), subcategories: [{ name: "Vane" }, { name: "Piston" }, { name: "vane" }] }),
      ["subcategories"],
    );
    expect(await list()).toEqual(before);
  });

  it("writes need a token: 401 without one or with a garbage one; nothing changes", async () => {
    const existing = await createOk({ subcategories: [{ name: "Keep" }] });
    const before = await list();
    const files = uploads();
    for (const auth of [{}, { token: "garbage" }]) {
      expectError(await post({ name: uniqueName() }, { image: await png() }, auth), 401);
      expectError(await s.request("PUT", `/api/category/${existing._id}`, { json: { name: "Hacked" }, ...auth }), 401);
      expectError(await s.request("DELETE", `/api/category/${existing._id}`, auth), 401);
    }
    expect(await list()).toEqual(before);
    expect(uploads()).toEqual(files);
  });
});

describe("GET /api/category/{id or slug}", () => {
  it("answers { data: {...} } by id and by slug", async () => {
    const c = await createOk({ name: "Reciprocating Compressors", subcategories: [{ name: "Single stage" }] });
    const byId = await s.request("GET", `/api/category/${c._id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ data: c });
    const bySlug = await s.request("GET", "/api/category/reciprocating-compressors");
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual({ data: c });
  });

  it.each(BAD_IDS)("%s id → 404 JSON on GET, PUT and DELETE", async (_label, id) => {
    const before = await list();
    await expectNotFoundEverywhere(`/api/category/${id}`, { name: "x" });
    expect(await list()).toEqual(before);
  });
});

describe("slugs", () => {
  it('a second category with the same name gets "-2"', async () => {
    const a = await createOk({ name: "Air Dryers" });
    const b = await createOk({ name: "Air Dryers" });
    expect(a.slug).toBe("air-dryers");
    expect(b.slug).toBe("air-dryers-2");
    expect((await getOne("air-dryers-2"))._id).toBe(b._id);
  });

  it("the slug is editable; renaming keeps the old slug unless a new one is given", async () => {
    const c = await createOk({ name: "Filters" });
    const renamed = await put(c._id, { name: "Line Filters" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "Line Filters", slug: "filters" });
    const reslugged = await put(c._id, { slug: "line-filters" });
    expect(reslugged.status).toBe(200);
    expect(reslugged.body.data).toMatchObject({ name: "Line Filters", slug: "line-filters" });
    expect((await getOne("line-filters"))._id).toBe(c._id);
    expectError(await s.request("GET", "/api/category/filters"), 404);
    const own = await createOk({ name: "Whatever", slug: "chosen-slug" });
    expect(own.slug).toBe("chosen-slug");
  });

  it("a slug used by another category → 409 on create and update; nothing changes, no file left", async () => {
    const taken = await createOk({ slug: "taken-category" });
    const other = await createOk();
    const before = await list();
    const files = uploads();
    expectError(await post({ name: uniqueName(), slug: "taken-category" }, { image: await png() }), 409);
    expectError(await put(other._id, { slug: "taken-category", name: "Not Saved" }, { image: await png() }), 409);
    expect(await list()).toEqual(before);
    expect(uploads()).toEqual(files);
    expect((await getOne("taken-category"))._id).toBe(taken._id);
  });

  it("GET /{slug} works even when the slug looks like an id (24 hex characters)", async () => {
    const c = await createOk({ name: "Deadbeefdeadbeefdeadbeef" });
    expect(c.slug).toBe("deadbeefdeadbeefdeadbeef");
    const res = await s.request("GET", `/api/category/${c.slug}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data._id).toBe(c._id);
  });

  it('an invalid slug ("Bad Slug!") → 400', async () => {
    const before = await list();
    expectValidation(await post({ name: uniqueName(), slug: "Bad Slug!" }), ["slug"]);
    expect(await list()).toEqual(before);
    const c = await createOk();
    expectValidation(await put(c._id, { slug: "Bad Slug!" }), ["slug"]);
    expect((await getOne(c._id)).slug).toBe(c.slug);
  });
});

describe("PUT /api/category/{id}", () => {
  it("updates only the fields sent (200, { data }) and keeps the rest, including the image", async () => {
    const c = await createOk(
      { description: "Original", features: ["F1"], subcategories: [{ name: "S1" }], position: "4" },
      { image: await png() },
    );
    const res = await put(c._id, { description: "Changed" });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    const u = res.body.data;
    expect(u.description).toBe("Changed");
    for (const k of ["_id", "name", "slug", "image", "features", "subcategories", "position", "productCount", "createdAt"]) {
      expect(u[k], k).toEqual(c[k]);
    }
    expect(Date.parse(u.updatedAt)).toBeGreaterThanOrEqual(Date.parse(c.updatedAt));
    expect(await getOne(c._id)).toEqual(u);
  });

  it("an empty image field keeps the current image", async () => {
    const c = await createOk({}, { image: await png() });
    const res = await put(c._id, { image: "", name: "Still pictured" });
    expect(res.status).toBe(200);
    expect(res.body.data.image).toBe(c.image);
    expectFilesExist(c.image, true);
  });

  it("replacing the image keeps the old file while a version uses it, then deletes it and its narrower copies", async () => {
    const c = await createOk({}, { image: await png(700, 60) });
    expect(filesOf(c.image).length).toBe(3);
    expectFilesExist(c.image, true);
    const res = await put(c._id, {}, { image: await png() });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.image).toMatch(UPLOAD_URL);
    expect(res.body.data.image).not.toBe(c.image);
    expectFilesExist(c.image, true);
    await forgetHistory();
    expectFilesExist(c.image, false);
    expectFilesExist(res.body.data.image, true);
    expect(res.body.data.name).toBe(c.name);
  });

  it("a validation error on update → 400; nothing changes and the uploaded file is not kept", async () => {
    const c = await createOk({}, { image: await png() });
    const files = uploads();
    expectValidation(await put(c._id, { name: "" }, { image: await png() }), ["name"]);
    expectValidation(await s.request("PUT", `/api/category/${c._id}`, { json: { name: 42 }, token }), ["name"]);
    expect(uploads()).toEqual(files);
    expect(await getOne(c._id)).toEqual(c);
  });

  it("features sent replace the old ones", async () => {
    const c = await createOk({ features: ["Old"] });
    const res = await put(c._id, { features: [{ name: "New", description: "Shiny" }, "Plain"] });
    expect(res.status).toBe(200);
    expect(res.body.data.features).toEqual([{ name: "New", description: "Shiny" }, { name: "Plain" }]);
  });
});

describe("subcategories", () => {
  it("are managed by the list sent: rows with _id renamed, rows without added, missing rows removed", async () => {
    const c = await createOk({ subcategories: [{ name: "One" }, { name: "Two" }, { name: "Three" }] });
    const [one, two, three] = c.subcategories;
    const res = await put(c._id, {
      subcategories: [{ _id: two._id, name: "Two renamed" }, { _id: one._id, name: "One" }, { name: "Four" }],
    });
    expect(res.status, res.text).toBe(200);
    const subs = res.body.data.subcategories as { _id: string; name: string }[];
    expect(subs.map((x) => x.name)).toEqual(["Two renamed", "One", "Four"]);
    expect(subs[0]!._id).toBe(two._id);
    expect(subs[1]!._id).toBe(one._id);
    expect(subs[2]!._id).toMatch(ID);
    expect(subs.map((x) => x._id)).not.toContain(three._id);
    expect((await getOne(c._id)).subcategories).toEqual(subs);
  });

  it("an update that does not send subcategories keeps them", async () => {
    const c = await createOk({ subcategories: [{ name: "Stay" }] });
    const res = await put(c._id, { name: uniqueName("Renamed") });
    expect(res.body.data.subcategories).toEqual(c.subcategories);
  });

  it("two subcategories can swap names", async () => {
    const c = await createOk({ subcategories: [{ name: "Left" }, { name: "Right" }] });
    const [l, r] = c.subcategories;
    const res = await put(c._id, {
      subcategories: [
        { _id: l._id, name: "Right" },
        { _id: r._id, name: "Left" },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.subcategories).toEqual([
      { _id: l._id, name: "Right" },
      { _id: r._id, name: "Left" },
    ]);
  });

  it("duplicate names on update → 400 and nothing changes", async () => {
    const c = await createOk({ subcategories: [{ name: "A" }, { name: "B" }] });
    expectValidation(await put(c._id, { subcategories: [{ name: "A" }, { name: "a" }] }), ["subcategories"]);
    expect(await getOne(c._id)).toEqual(c);
  });

  it("an _id from another category → 400 and nothing changes", async () => {
    const a = await createOk({ subcategories: [{ name: "Mine" }] });
    const b = await createOk({ subcategories: [{ name: "Theirs" }] });
    const res = await put(a._id, { subcategories: [{ _id: b.subcategories[0]._id, name: "Stolen" }] });
    expectError(res, 400);
    expect(await getOne(a._id)).toEqual(a);
    expect(await getOne(b._id)).toEqual(b);
  });

  it("removing a subcategory that products use → 409 with the count; nothing changes", async () => {
    const c = await createOk({ subcategories: [{ name: "Used" }, { name: "Unused" }] }, { image: await png() });
    const [used] = c.subcategories;
    await productOk(c._id, used._id);
    const before = await getOne(c._id);
    const files = uploads();
    const res = await put(c._id, { name: "Should Not Stick", subcategories: [{ name: "Brand new" }] }, { image: await png() });
    expectError(res, 409);
    expect(res.body.message).toContain("1 product");
    expect(res.body.message).toContain("Used");
    expect(await getOne(c._id)).toEqual(before);
    expect(uploads()).toEqual(files);
    expectFilesExist(c.image, true);

    await productOk(c._id, used._id);
    const two = await put(c._id, { subcategories: [{ _id: c.subcategories[1]._id, name: "Unused" }] });
    expectError(two, 409);
    expect(two.body.message).toContain("2 products");
    expect((await getOne(c._id)).subcategories).toEqual(c.subcategories);
  });

  it("removing an unused subcategory while keeping the used one works", async () => {
    const c = await createOk({ subcategories: [{ name: "Used" }, { name: "Unused" }] });
    const [used] = c.subcategories;
    await productOk(c._id, used._id);
    const ok = await put(c._id, { subcategories: [{ _id: used._id, name: "Used" }] });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.subcategories).toEqual([{ _id: used._id, name: "Used" }]);
    expect(ok.body.data.productCount).toBe(1);
  });
});

describe("DELETE /api/category/{id}", () => {
  it("a category that still has products → 409 naming the count; the category stays", async () => {
    const c = await createOk();
    await productOk(c._id);
    const one = await s.request("DELETE", `/api/category/${c._id}`, { token });
    expectError(one, 409);
    expect(one.body.message).toContain("1 product");
    expect(one.body.message).not.toContain("1 products");
    await productOk(c._id);
    const two = await s.request("DELETE", `/api/category/${c._id}`, { token });
    expectError(two, 409);
    expect(two.body.message).toContain("2 products");
    const still = await getOne(c._id);
    expect(still.productCount).toBe(2);
  });

  it("an empty category → 200 {message}; it and its subcategories are gone, its image goes with the trash", async () => {
    const c = await createOk({ subcategories: [{ name: "X" }, { name: "Y" }] }, { image: await png(500, 40) });
    expectFilesExist(c.image, true);
    const res = await s.request("DELETE", `/api/category/${c._id}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(typeof res.body.message).toBe("string");
    expectError(await s.request("GET", `/api/category/${c._id}`), 404);
    expectError(await s.request("GET", `/api/category/${c.slug}`), 404);
    expect((await list()).map((x) => x._id)).not.toContain(c._id);
    const rows = await s.ctx.db.select().from(subcategories).where(eq(subcategories.categoryId, c._id));
    expect(rows).toEqual([]);
    expectFilesExist(c.image, true);
    await forgetHistory();
    expectFilesExist(c.image, false);
    expectError(await s.request("DELETE", `/api/category/${c._id}`, { token }), 404);
  });

  it("DELETE by slug works too", async () => {
    const c = await createOk({ name: "Temporary Category" });
    const res = await s.request("DELETE", "/api/category/temporary-category", { token });
    expect(res.status).toBe(200);
    expectError(await s.request("GET", `/api/category/${c._id}`), 404);
  });
});
