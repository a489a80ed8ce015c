import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { listStore } from "../../server/content/list-content";
import { queryRows } from "../../server/db/client";
import { declaredListTable } from "../../server/db/content-tables";
import { defineList } from "../../shared/content/define";
import {
  answered,
  attachments,
  choice,
  date,
  image,
  images,
  longText,
  money,
  number,
  part,
  relation,
  rows,
  slug,
  stars,
  strings,
  text,
  yesNo,
} from "../../shared/content/fields";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Every field kind (shared/content/fields.ts), once, through a list type declared here: its table is built
 * from the fields exactly as the registry's are, created in the test database (PGlite or PostgreSQL), and
 * written and read through the same store the API uses. What each kind stores, checks and answers.
 */

const sink = defineList("kitchen-sink", {
  label: "Sink",
  plural: "sinks",
  path: "/kitchen-sink",
  table: "kitchen_sinks",
  fields: {
    title: text("Title", { required: true }),
    body: longText("Body"),
    slug: slug("title"),
    count: number("Count", { integer: true, min: 0, max: 100, unit: "pieces" }),
    ratio: number("Ratio"),
    price: money("Price"),
    active: yesNo("Active"),
    colour: choice("Colour", [
      { value: "red", label: "Red" },
      { value: "blue", label: "Blue" },
    ]),
    day: date("Day"),
    picture: image("Picture"),
    gallery: images("Gallery", { max: 3 }),
    tags: strings("Tags"),
    specs: rows("Specs", { specName: "Spec name", specValue: "Spec value" }),
    productId: relation("Product", { content: "product", onDelete: "set null" }),
    files: attachments("Files"),
    rating: answered(stars("Rating"), (n) => (n === null ? null : `${n} of 5`)),
    hours: part(
      "Hours",
      z
        .object({
          open: z.string({ error: "Hours must be text." }).trim().default(""),
          close: z.string({ error: "Hours must be text." }).trim().default(""),
        })
        .default({ open: "", close: "" }),
    ),
  },
  admin: {
    path: "kitchen-sink",
    nav: { label: "Sink" },
    title: "Sinks",
    description: "Every field kind.",
    entity: "Sink",
    noun: "sink",
    texts: { fetchFailed: "", empty: "", saveFallback: "", deleteFailed: "" },
    card: (s) => ({ title: s.title }),
  },
  example: {},
});

const table = declaredListTable(sink);
const store = listStore(sink);
let s: TestServer;

/**
 * drizzle-kit's API adds methods to Array.prototype and String.prototype when it loads (Array's `random`
 * breaks pdfjs, which datasheet.test.ts reads PDFs with). API test files share a worker's module graph
 * (vitest.config.ts), so it is loaded here only, and what it added is taken away again when this file ends.
 */
const prototypes = [Array.prototype, String.prototype] as const;
const ownBefore = prototypes.map((p) => new Set(Object.getOwnPropertyNames(p)));

beforeAll(async () => {
  s = await startTestServer({}, { ownDatabase: true }); // adds a table: not on the worker's shared database
  const { generateDrizzleJson, generateMigration } = await import("drizzle-kit/api");
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ table }));
  for (const statement of statements) await s.ctx.db.execute(sql.raw(statement));
});
afterAll(async () => {
  prototypes.forEach((p, i) => {
    for (const name of Object.getOwnPropertyNames(p)) {
      if (!ownBefore[i]!.has(name)) delete (p as unknown as Record<string, unknown>)[name];
    }
  });
  await s?.close();
});

const parse = (input: Record<string, unknown>) => sink.input.safeParse(input);

describe("every field kind", () => {
  it("is stored in the column its declaration says", async () => {
    const columns = await queryRows<{
      column_name: string;
      data_type: string;
      is_nullable: string;
      numeric_scale: number | null;
    }>(
      s.ctx.db,
      sql`SELECT column_name, data_type, is_nullable, numeric_scale FROM information_schema.columns WHERE table_name = 'kitchen_sinks'`,
    );
    const of = (name: string) => columns.find((c) => c.column_name === name);
    expect(of("title")).toMatchObject({ data_type: "text", is_nullable: "NO" });
    expect(of("count")).toMatchObject({ data_type: "integer", is_nullable: "YES" });
    expect(of("ratio")).toMatchObject({ data_type: "numeric" });
    expect(of("price")).toMatchObject({ data_type: "numeric", numeric_scale: 2 }); // money is never a float
    expect(of("active")).toMatchObject({ data_type: "boolean", is_nullable: "NO" });
    expect(of("day")).toMatchObject({ data_type: "date" });
    expect(of("rating")).toMatchObject({ data_type: "smallint" });
    for (const json of ["gallery", "tags", "specs", "files", "hours"]) expect(of(json)?.data_type).toBe("jsonb");
    expect(of("product_id")).toMatchObject({ data_type: "text", is_nullable: "YES" });
    expect(of("position")).toMatchObject({ data_type: "integer", is_nullable: "NO" });
  });

  it("round-trips each value, as the API takes it from a form (text) and answers it", async () => {
    const input = parse({
      title: "  Sink one ",
      body: "Two\n\nparagraphs",
      count: "12",
      ratio: "0.75",
      price: "125000.50",
      active: "true",
      colour: "blue",
      day: "2026-11-27",
      picture: "/uploads/abc.png",
      gallery: ["/uploads/a.png", "https://example.com/b.jpg"],
      tags: [" one ", "two", "one", ""],
      specs: [
        { specName: "Pressure", specValue: "8 bar" },
        { specName: "", specValue: "" },
      ],
      productId: "",
      rating: "4",
      hours: { open: " 9:00 ", close: "18:00" },
    });
    expect(input.success, JSON.stringify(input.error?.issues)).toBe(true);
    const saved = await store.insert(s.ctx.db, input.data as Record<string, unknown>);
    expect(saved).toMatchObject({
      title: "Sink one",
      body: "Two\n\nparagraphs",
      slug: "sink-one",
      count: 12,
      ratio: 0.75,
      price: 125000.5,
      active: true,
      colour: "blue",
      day: "2026-11-27",
      picture: "/uploads/abc.png",
      gallery: ["/uploads/a.png", "https://example.com/b.jpg"],
      tags: ["one", "two"],
      specs: [{ specName: "Pressure", specValue: "8 bar" }],
      productId: null,
      files: [],
      rating: "4 of 5",
      hours: { open: "9:00", close: "18:00" },
      position: 0,
    });
    expect(await store.get(s.ctx.db, "sink-one")).toEqual(saved);
  });

  it("left out, optional fields store their empty value", async () => {
    const input = parse({ title: "Bare" });
    expect(input.success).toBe(true);
    const saved = await store.insert(s.ctx.db, input.data as Record<string, unknown>);
    expect(saved).toMatchObject({
      body: "",
      count: null,
      price: null,
      active: false,
      colour: "",
      day: null,
      picture: "",
      gallery: [],
      tags: [],
      specs: [],
      productId: null,
      files: [],
      rating: null,
      hours: { open: "", close: "" },
    });
  });

  it("refuses what a field does not take, with a message naming it by its label", () => {
    const issues = (input: Record<string, unknown>) => parse({ title: "x", ...input }).error?.issues.map((i) => i.message) ?? [];
    expect(parse({}).error?.issues.map((i) => i.message)).toEqual(["Title is required."]);
    expect(issues({ count: "2.5" })).toEqual(["Count must be a whole number from 0 to 100."]);
    expect(issues({ count: "101" })).toEqual(["Count must be from 0 to 100."]);
    expect(issues({ ratio: "many" })).toEqual(["Ratio must be a number."]);
    expect(issues({ price: "-1" })).toEqual(["Price must be 0 or more."]);
    expect(issues({ active: "maybe" })).toEqual(["Must be true or false."]);
    expect(issues({ colour: "green" })).toEqual(["Colour must be one of: red, blue."]);
    expect(issues({ day: "2026-02-31" })[0]).toMatch(/^Day must be a real date/);
    expect(issues({ picture: "javascript:alert(1)" })).toEqual(["Image must be an uploaded file or an http(s) URL."]);
    expect(issues({ gallery: ["/uploads/a.png", "/uploads/b.png", "/uploads/c.png", "/uploads/d.png"] })).toEqual([
      "Gallery may have at most 3 images.",
    ]);
    expect(issues({ specs: [{ specName: "", specValue: "8 bar" }] })).toEqual(["Every row of Specs needs a name."]);
    expect(issues({ productId: "nope" })).toEqual(["Product must be chosen from the list."]);
    expect(issues({ rating: "6" })).toEqual(["Rating must be from 1 to 5."]);
    expect(issues({ slug: "Not A Slug!" })).toEqual(["Slug may use only letters, digits and single hyphens."]);
    expect(issues({ hours: { open: 9 } })).toEqual(["Hours must be text."]);
  });

  it("a relation must point at a record that exists (the store's check, not the database's error)", async () => {
    const input = parse({ title: "Orphan", productId: "0123456789abcdef01234567" });
    await expect(store.insert(s.ctx.db, input.data as Record<string, unknown>)).rejects.toMatchObject({ status: 400 });
  });

  it("the admin form shows every field but the slug, each with its control", () => {
    expect(sink.form.map((f) => [f.name, f.control])).toEqual([
      ["title", "text"],
      ["body", "textarea"],
      ["count", "number"],
      ["ratio", "number"],
      ["price", "money"],
      ["active", "checkbox"],
      ["colour", "select"],
      ["day", "date"],
      ["picture", "image"],
      ["gallery", "images"],
      ["tags", "strings"],
      ["specs", "rows"],
      ["productId", "record"],
      ["files", "attachments"],
      ["rating", "stars"],
      ["hours", "part"],
    ]);
    expect(sink.jsonFields).toEqual(expect.arrayContaining(["gallery", "tags", "specs", "files"]));
  });
});
