import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../server/db/client";
import { MIGRATIONS_DIR } from "../../server/paths";
import { ALT_TEXT_REQUIRED, imageFields, nameOf } from "../../shared/content/alt-text";
import { LIST_CONTENT } from "../../shared/content/registry";
import { expectValidation, png } from "../support/content-api";
import { copyFreshPglite, createScratchDatabase, testDatabaseKind } from "../support/database";
import { formOf } from "../support/images";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Every image has an alt text (issue 31): every declared image field answers `<name>Alt` and
 * `<name>Decorative`; the alt text may be empty only when the image is marked decorative; an image sent
 * without one gets its record's name; a product's additional images keep their texts in step; a database of
 * the previous migration gets its images' alt texts from their records' names or titles.
 */

let s: TestServer;
let token: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
});

afterAll(async () => {
  await s?.close();
  for (const c of cleanups) await c();
});

const WITH_IMAGES = LIST_CONTENT.filter((c) => imageFields(c.fields).length > 0);

describe.each(WITH_IMAGES.map((c) => [c.name, c] as const))("%s: its image's alt text", (_name, c) => {
  const api = `/api${c.path}`;
  const [image] = imageFields(c.fields);
  const { alt, decorative } = image!;
  // The example with an image (a story's has none).
  const example = { ...c.example, [image!.name]: c.example[image!.name] || "https://example.com/x.jpg" };
  const create = (extra: Record<string, unknown>) => s.request("POST", api, { json: { ...example, ...extra }, token });

  it("is required unless the image is marked decorative (400, nothing saved)", async () => {
    const before = (await s.request("GET", api)).body.length;
    const res = await create({ [alt]: "  " });
    expectValidation(res, [alt]);
    expect(res.body.message).toBe(ALT_TEXT_REQUIRED);
    expect((await s.request("GET", api)).body).toHaveLength(before);
    const plain = await create({ [alt]: "", [decorative]: true });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.body).toMatchObject({ [alt]: "", [decorative]: true });
  });

  it("is answered, and kept by a change of another field; an image sent without one gets the record's name", async () => {
    const res = await create({ [alt]: "Two blue compressors in a plant room" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ [alt]: "Two blue compressors in a plant room", [decorative]: false });
    const id = res.body._id;
    expect((await s.request("GET", `${api}/${id}`)).body).toMatchObject({ [alt]: "Two blue compressors in a plant room" });
    const other = c.form.find((f) => f.kind === "longText" || f.kind === "text")!.name;
    const put = await s.request("PUT", `${api}/${id}`, { json: { [other]: "Changed text" }, token });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ [alt]: "Two blue compressors in a plant room", [decorative]: false });
    const emptied = await s.request("PUT", `${api}/${id}`, { json: { [alt]: "" }, token });
    expectValidation(emptied, [alt]);
    expect((await s.request("GET", `${api}/${id}`)).body[alt]).toBe("Two blue compressors in a plant room");

    const named = await create({});
    expect(named.status, named.text).toBe(201);
    expect(named.body[alt]).toBe(nameOf(c.fields, example));
    expect(named.body[alt]).not.toBe("");
  });

  it("comes with an uploaded image in a multipart form, the mark as text", async () => {
    const form = formOf(
      { ...c.example, image: undefined, [alt]: "", [decorative]: "true" },
      { [c.image!.uploadFields[0]!]: await png() },
    );
    const res = await s.request("POST", api, { form, token });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ [alt]: "", [decorative]: true });
  });
});

describe("a product's images", () => {
  let category: string;
  let n = 0;
  const product = (extra: Record<string, unknown>) => ({
    categoryId: category,
    name: `Alt product ${++n}`,
    shortDescription: "Short.",
    fullDescription: "Long.",
    mainImage: "https://example.com/main.jpg",
    ...extra,
  });
  const post = (fields: Record<string, unknown>) => s.request("POST", "/api/product", { json: product(fields), token });
  const put = (id: string, fields: Record<string, unknown>) => s.request("PUT", `/api/product/${id}`, { json: fields, token });

  beforeAll(async () => {
    const res = await s.request("POST", "/api/category", { json: { name: "Alt text category" }, token });
    category = res.body.data._id;
  });

  it("main image: required unless decorative, else the product's name", async () => {
    expectValidation(await post({ mainImageAlt: "" }), ["mainImageAlt"]);
    const named = await post({});
    expect(named.status, named.text).toBe(201);
    expect(named.body.data).toMatchObject({ mainImageAlt: named.body.data.name, mainImageDecorative: false });
    const given = await post({ mainImageAlt: "A screw compressor, front view" });
    expect(given.body.data.mainImageAlt).toBe("A screw compressor, front view");
    const kept = await put(given.body.data._id, { price: 1000 });
    expect(kept.body.data.mainImageAlt).toBe("A screw compressor, front view");
  });

  it("additional images: one alt text and mark each, in step when the images are reordered, removed or added", async () => {
    const a = "https://example.com/a.jpg";
    const b = "https://example.com/b.jpg";
    const created = await post({ additionalImages: [a, b], additionalImagesAlt: ["Side A", "Side B"] });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data._id;
    expect(created.body.data).toMatchObject({
      additionalImages: [a, b],
      additionalImagesAlt: ["Side A", "Side B"],
      additionalImagesDecorative: [false, false],
    });
    // An older client reorders the images without their texts: the texts follow their images.
    const swapped = await put(id, { additionalImages: [b, a] });
    expect(swapped.body.data).toMatchObject({ additionalImages: [b, a], additionalImagesAlt: ["Side B", "Side A"] });
    const removed = await put(id, { additionalImages: [a] });
    expect(removed.body.data).toMatchObject({ additionalImages: [a], additionalImagesAlt: ["Side A"] });
    // Uploaded files come after the kept images, with their texts in the same order.
    const form = formOf(
      { additionalImages: JSON.stringify([a]), additionalImagesAlt: JSON.stringify(["Side A", ""]) },
      { additionalImages: await png() },
    );
    expectValidation(await s.request("PUT", `/api/product/${id}`, { form, token }), ["additionalImagesAlt.1"]);
    const form2 = formOf(
      {
        additionalImages: JSON.stringify([a]),
        additionalImagesAlt: JSON.stringify(["Side A", ""]),
        additionalImagesDecorative: JSON.stringify([false, true]),
      },
      { additionalImages: await png() },
    );
    const added = await s.request("PUT", `/api/product/${id}`, { form: form2, token });
    expect(added.status, added.text).toBe(200);
    expect(added.body.data.additionalImages).toHaveLength(2);
    expect(added.body.data).toMatchObject({ additionalImagesAlt: ["Side A", ""], additionalImagesDecorative: [false, true] });
    // Added without texts: the product's name.
    const more = await put(id, { additionalImages: [a, "https://example.com/c.jpg"] });
    expect(more.body.data.additionalImagesAlt).toEqual(["Side A", created.body.data.name]);
  });

  it("category image: the same rule, the category's name when none is sent", async () => {
    const bad = await s.request("POST", "/api/category", {
      json: { name: "Receivers alt", image: "https://example.com/c.jpg", imageAlt: "" },
      token,
    });
    expectValidation(bad, ["imageAlt"]);
    const named = await s.request("POST", "/api/category", {
      json: { name: "Receivers alt", image: "https://example.com/c.jpg" },
      token,
    });
    expect(named.status, named.text).toBe(201);
    expect(named.body.data).toMatchObject({ imageAlt: "Receivers alt", imageDecorative: false });
    const marked = await s.request("PUT", `/api/category/${named.body.data._id}`, {
      json: { imageAlt: "", imageDecorative: true },
      token,
    });
    expect(marked.body.data).toMatchObject({ imageAlt: "", imageDecorative: true });
  });
});

/** The migration before the alt texts (0021): a database made by it is opened by this code. */
const PREVIOUS = "0020_redirects";

describe(`a database of the previous migration (${PREVIOUS}), opened by this code`, { timeout: 90_000 }, () => {
  const id = () => randomBytes(12).toString("hex");
  const ids = { banner: id(), member: id(), category: id(), product: id(), story: id() };
  let old: TestServer;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "pneuma-alt-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const migrationsFolder = path.join(dir, "migrations");
    await cp(MIGRATIONS_DIR, migrationsFolder, { recursive: true });
    const journalFile = path.join(migrationsFolder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === PREVIOUS) + 1);
    await writeFile(journalFile, JSON.stringify(journal));
    const scratch = testDatabaseKind() === "postgres" ? await createScratchDatabase() : null;
    if (scratch) cleanups.push(() => scratch.drop());
    const dataDir = path.join(dir, "data");
    if (!scratch) await copyFreshPglite(dataDir);
    const handle = await openDatabase({ dataDir, databaseUrl: scratch?.url ?? null, lockHolder: "alt test", migrate: false });
    try {
      if (handle.kind === "pglite") await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
      else await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder });
      const run = (q: ReturnType<typeof sql>) => queryRows(handle.db, q);
      await run(
        sql`INSERT INTO banners (id, title, description, image) VALUES (${ids.banner}, 'Old banner', '', 'https://example.com/b.jpg')`,
      );
      await run(sql`INSERT INTO team_members (id, name, position, description, image)
                    VALUES (${ids.member}, 'S. Priya', 'Manager', '', 'https://example.com/p.jpg')`);
      await run(sql`INSERT INTO stories (id, title, content) VALUES (${ids.story}, 'No image', 'Text')`);
      await run(
        sql`INSERT INTO categories (id, slug, name, image) VALUES (${ids.category}, 'screw', 'Screw', 'https://example.com/c.jpg')`,
      );
      await run(sql`INSERT INTO products (id, slug, category_id, name, short_description, full_description, main_image, additional_images)
                    VALUES (${ids.product}, 'old', ${ids.category}, 'Old machine', 'S', 'F', 'https://example.com/m.jpg',
                            '["https://example.com/1.jpg","https://example.com/2.jpg"]'::jsonb)`);
    } finally {
      await handle.close();
    }
    old = await startTestServer({ DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
  });

  afterAll(async () => {
    await old?.close();
  });

  it("gives existing images the name or title of their record", async () => {
    expect((await old.request("GET", `/api/banner/${ids.banner}`)).body).toMatchObject({
      imageAlt: "Old banner",
      imageDecorative: false,
    });
    expect((await old.request("GET", "/api/our-team")).body[0]).toMatchObject({ _id: ids.member, imageAlt: "S. Priya" });
    expect((await old.request("GET", `/api/category/${ids.category}`)).body.data).toMatchObject({ imageAlt: "Screw" });
    expect((await old.request("GET", `/api/product/${ids.product}`)).body).toMatchObject({
      mainImageAlt: "Old machine",
      mainImageDecorative: false,
      additionalImagesAlt: ["Old machine", "Old machine"],
      additionalImagesDecorative: [false, false],
    });
    // A record without an image keeps an empty alt text.
    expect((await old.request("GET", "/api/story")).body.find((x: { _id: string }) => x._id === ids.story)).toMatchObject({
      imageAlt: "",
    });
  });
});

describe("the demo content", { timeout: 120_000 }, () => {
  let demo: TestServer;

  beforeAll(async () => {
    demo = await startTestServer({}, { seeded: true });
  });

  afterAll(async () => {
    await demo?.close();
  });

  it("describes every picture in an alt text of its own", async () => {
    const described = (alt: unknown) => expect(typeof alt === "string" && alt.length > 10, String(alt)).toBe(true);
    for (const c of WITH_IMAGES) {
      for (const item of (await demo.request("GET", `/api${c.path}`)).body) {
        if (item.image) described(item.imageAlt);
      }
    }
    for (const category of (await demo.request("GET", "/api/category")).body.data) described(category.imageAlt);
    const products = (await demo.request("GET", "/api/product?limit=100")).body.data;
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      described(p.mainImageAlt);
      expect(p.additionalImagesAlt).toHaveLength(p.additionalImages.length);
      for (const alt of p.additionalImagesAlt) described(alt);
    }
  });
});
