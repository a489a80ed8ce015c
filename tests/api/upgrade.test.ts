import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "../../server/db/client";
import { MIGRATIONS_DIR } from "../../server/paths";
import { ID } from "../support/content-api";
import { copyFreshPglite, createScratchDatabase, testDatabaseKind } from "../support/database";
import { CONTENT_TABLES } from "../support/declarations";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Migrations carry existing data over: a database made by main before the content declarations (its
 * migrations 0000–0005), with rows as that schema held them, is opened by the current code (which
 * migrates it) and read through the API. On PGlite, or on PostgreSQL with PNEUMA_TEST_DB=postgres.
 */

/** The last migration of main before the content declarations (0006 renamed team_members' columns, 0007 added faqs). */
const OLD_LAST = "0005_contacts_order_indexes";

const tempDirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

/** The migrations folder as it was at `last`: the same files, the journal cut after it. */
async function oldMigrationsFolder(last: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "pneuma-old-migrations-"));
  tempDirs.push(dir);
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const file = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(file, "utf8")) as { entries: { idx: number; tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === last);
  expect(index).toBeGreaterThanOrEqual(0);
  if (last === OLD_LAST) expect(index).toBe(5);
  journal.entries = journal.entries.slice(0, index + 1);
  await writeFile(file, JSON.stringify(journal, null, 2));
  return dir;
}

/**
 * A database migrated only as far as `last` (OLD_LAST unless said), filled by `fill` (with SQL for that
 * schema). Returns the environment that points a test server at it.
 */
async function oldDatabase(fill: (db: Database) => Promise<void>, last = OLD_LAST): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "pneuma-upgrade-"));
  tempDirs.push(dataDir);
  const scratch = testDatabaseKind() === "postgres" ? await createScratchDatabase() : null;
  if (scratch) cleanups.push(() => scratch.drop());
  else await copyFreshPglite(dataDir);
  const handle = await openDatabase({ dataDir, databaseUrl: scratch?.url ?? null, lockHolder: "upgrade test", migrate: false });
  try {
    const migrationsFolder = await oldMigrationsFolder(last);
    // The handle's drizzle instance is the driver's own (server/db/client.ts): its migrator applies the folder.
    if (handle.kind === "pglite") await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    else await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    if (last === OLD_LAST) await expectOldSchema(handle.db);
    await fill(handle.db);
  } finally {
    await handle.close();
  }
  return { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
}

/** Main's schema before the declarations: team members' job title in job_title, the order in position, no faqs table. */
async function expectOldSchema(db: Database): Promise<void> {
  const columns = await queryRows<{ column_name: string }>(
    db,
    sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'team_members'`,
  );
  expect(columns.map((c) => c.column_name)).toEqual(expect.arrayContaining(["job_title", "position"]));
  const [faqs] = await queryRows<{ t: string | null }>(db, sql`SELECT to_regclass('public.faqs')::text AS t`);
  expect(faqs?.t).toBeNull();
}

const run = (db: Database, query: SQL) => queryRows(db, query);
const qa = (list: { question: string; answer: string }[]) => list.map(({ question, answer }) => ({ question, answer }));
/** The questions the upgrade added, to compare with the demo content's. */
let migrated: { question: string; answer: string }[] = [];
const newId = () => randomBytes(12).toString("hex");

afterAll(async () => {
  for (const c of cleanups) await c();
  for (const d of tempDirs) await rm(d, { recursive: true, force: true });
});

describe(`a database of main before the content declarations (migrations up to ${OLD_LAST}), opened by this code`, () => {
  const member = { id: newId(), created: "2024-05-01T10:00:00.000Z" };
  const banner = newId();
  const service = newId();
  const category = newId();
  const product = newId();
  let s: TestServer;

  beforeAll(async () => {
    const env = await oldDatabase(async (db) => {
      await run(
        db,
        sql`INSERT INTO team_members (id, name, job_title, description, image, position, created_at, updated_at)
            VALUES (${member.id}, 'S. Priya', 'Service Manager', 'Twenty years in the field', 'https://example.com/p.jpg', 3,
                    ${member.created}, ${member.created})`,
      );
      await run(
        db,
        sql`INSERT INTO banners (id, title, description, image, position)
            VALUES (${banner}, 'Old banner', 'From before the upgrade', 'https://example.com/b.jpg', 1)`,
      );
      await run(
        db,
        sql`INSERT INTO services (id, slug, title, description, details, benefits, image, position)
            VALUES (${service}, 'old-service', 'Old service', 'Short', 'Long details.', '["Less downtime"]'::jsonb,
                    'https://example.com/s.jpg', 2)`,
      );
      // A machine with a main image and two views more, as the demo content had them.
      await run(db, sql`INSERT INTO categories (id, slug, name, image) VALUES (${category}, 'screw', 'Screw', '')`);
      await run(
        db,
        sql`INSERT INTO products (id, slug, category_id, name, short_description, full_description, main_image, additional_images)
            VALUES (${product}, 'pa-15', ${category}, 'PA-15 Screw Compressor', 'Short', 'Full', 'https://example.com/m.jpg',
                    '["https://example.com/gauge.jpg","https://example.com/panel.jpg"]'::jsonb)`,
      );
      const settings = { companyName: "Old Company Ltd", tagline: "Air since 1998", address: "Salem" };
      await run(db, sql`INSERT INTO site_settings (id, data) VALUES ('site', ${JSON.stringify(settings)}::jsonb)`);
    });
    s = await startTestServer(env);
  });

  afterAll(async () => {
    await s?.close();
  });

  it("GET /api/our-team: the job title is `position`, the old order `sortOrder`, same _id and dates", async () => {
    const res = await s.request("GET", "/api/our-team");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        _id: member.id,
        name: "S. Priya",
        position: "Service Manager",
        description: "Twenty years in the field",
        image: "https://example.com/p.jpg",
        // Migration 0021 gave the photo its member's name as its alt text.
        imageAlt: "S. Priya",
        imageDecorative: false,
        sortOrder: 3,
        createdAt: member.created,
        updatedAt: member.created,
      },
    ]);
    expect((await s.request("GET", `/api/our-team/${member.id}`)).body).toEqual(res.body[0]);
    // …and it is still edited as before: a new order keeps the job title.
    const token = await s.login();
    const put = await s.request("PUT", `/api/our-team/${member.id}`, { json: { sortOrder: 1 }, token });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ _id: member.id, position: "Service Manager", sortOrder: 1 });
  });

  it("the banner, the service and the settings are carried over", async () => {
    expect((await s.request("GET", "/api/banner")).body).toEqual([
      expect.objectContaining({ _id: banner, title: "Old banner", description: "From before the upgrade", position: 1 }),
    ]);
    expect((await s.request("GET", "/api/service/old-service")).body).toMatchObject({
      _id: service,
      title: "Old service",
      details: "Long details.",
      benefits: ["Less downtime"],
      position: 2,
    });
    expect((await s.request("GET", "/api/settings")).body).toMatchObject({
      companyName: "Old Company Ltd",
      tagline: "Air since 1998",
      address: "Salem",
    });
  });

  it("a product's main and additional images get its name as their alt text", async () => {
    expect((await s.request("GET", `/api/product/${product}`)).body).toMatchObject({
      mainImageAlt: "PA-15 Screw Compressor",
      mainImageDecorative: false,
      additionalImages: ["https://example.com/gauge.jpg", "https://example.com/panel.jpg"],
      additionalImagesAlt: ["PA-15 Screw Compressor", "PA-15 Screw Compressor"],
      additionalImagesDecorative: [false, false],
    });
  });

  it("GET /api/faq: the five questions the contact page showed, in their order, editable", async () => {
    const res = await s.request("GET", "/api/faq");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(res.body.map((q: { position: number }) => q.position)).toEqual([0, 1, 2, 3, 4]);
    expect(res.body[0]).toMatchObject({ question: "How do I get a quote?" });
    migrated = qa(res.body);
    for (const q of res.body) {
      expect(q._id).toMatch(ID);
      expect(q.answer.length).toBeGreaterThan(50);
    }
    const token = await s.login();
    const first = res.body[0];
    const put = await s.request("PUT", `/api/faq/${first._id}`, { json: { answer: "Call us." }, token });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ _id: first._id, question: first.question, answer: "Call us.", position: 0 });
    expect((await s.request("PUT", `/api/faq/${first._id}`, { json: { answer: first.answer }, token })).status).toBe(200);
  });

  it("has the cache trigger of every content table, and the team's order index on the renamed column", async () => {
    const triggers = await queryRows<{ name: string }>(
      s.ctx.db,
      sql`SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE '%_content_changed'`,
    );
    const names = triggers.map((t) => t.name);
    for (const table of CONTENT_TABLES) expect(names, table).toContain(`${table}_content_changed`);
    const [index] = await queryRows<{ def: string }>(
      s.ctx.db,
      sql`SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'public' AND indexname = 'team_members_order_idx'`,
    );
    expect(index?.def).toContain("sort_order");
  });
});

describe("the five questions", { timeout: 90_000 }, () => {
  it("are not added to an old database without content", async () => {
    const env = await oldDatabase(async () => {});
    const s = await startTestServer(env);
    try {
      expect((await s.request("GET", "/api/faq")).body).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it("are not in a fresh database migrated to the latest, until the demo content is seeded", async () => {
    const fresh = await startTestServer();
    try {
      expect((await fresh.request("GET", "/api/faq")).body).toEqual([]);
    } finally {
      await fresh.close();
    }
    // The demo content as the run's seeding made it (a copy of the seeded database, made by the first file that asks).
    const demo = await startTestServer({}, { seeded: true });
    try {
      const questions = (await demo.request("GET", "/api/faq")).body as { question: string; answer: string; position: number }[];
      expect(questions).toHaveLength(5);
      expect(questions.map((q) => q.position)).toEqual([0, 1, 2, 3, 4]);
      expect(questions[0]?.question).toBe("How do I get a quote?");
      // The same five as an upgraded site gets (when that test ran in this file).
      if (migrated.length > 0) expect(qa(questions)).toEqual(migrated);
    } finally {
      await demo.close();
    }
  }, 120_000); // the first file to ask for the seeded copy draws its pictures
});

describe("a database that ran migration 0021 before additional images had alt texts of their own", { timeout: 90_000 }, () => {
  const category = newId();
  const ids = { bare: newId(), partly: newId(), described: newId() };
  const described = { updatedAt: "2025-02-01T10:00:00.000Z" };
  const url = (name: string) => `https://example.com/${name}.jpg`;
  let s: TestServer;

  beforeAll(async () => {
    // The migration just before the one that fills them in (issue 46).
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    const fill = journal.entries.findIndex((e) => e.tag.endsWith("_additional_image_alt"));
    expect(fill).toBeGreaterThan(21);
    const env = await oldDatabase(
      async (db) => {
        await run(db, sql`INSERT INTO categories (id, slug, name) VALUES (${category}, 'piston', 'Piston')`);
        const product = (id: string, name: string, images: string[], alt: string[], decorative: boolean[]) =>
          run(
            db,
            sql`INSERT INTO products (id, slug, category_id, name, short_description, full_description, main_image, main_image_alt,
                                    additional_images, additional_images_alt, additional_images_decorative, created_at, updated_at)
              VALUES (${id}, ${id}, ${category}, ${name}, 'Short', 'Full', ${url("main")}, ${name},
                      ${JSON.stringify(images)}::jsonb, ${JSON.stringify(alt)}::jsonb, ${JSON.stringify(decorative)}::jsonb,
                      ${described.updatedAt}, ${described.updatedAt})`,
          );
        // As the 12 demo images were found: images, and no alt texts or marks at all.
        await product(ids.bare, "PT-5 Piston Compressor", [url("gauge"), url("mirror")], [], []);
        // One described, one decorative, one with an empty text.
        await product(
          ids.partly,
          "PT-7 Piston Compressor",
          [url("a"), url("b"), url("c")],
          ["Gauge close-up", "", ""],
          [false, true],
        );
        await product(ids.described, "PT-9 Piston Compressor", [url("side")], ["Side view"], [false]);
      },
      journal.entries[fill - 1]!.tag,
    );
    s = await startTestServer(env);
  });

  afterAll(async () => {
    await s?.close();
  });

  const productOf = async (id: string) => (await s.request("GET", `/api/product/${id}`)).body;

  it("gives each additional image without an alt text its product's name, one text and mark per image", async () => {
    expect(await productOf(ids.bare)).toMatchObject({
      additionalImagesAlt: ["PT-5 Piston Compressor", "PT-5 Piston Compressor"],
      additionalImagesDecorative: [false, false],
    });
    expect(await productOf(ids.partly)).toMatchObject({
      additionalImagesAlt: ["Gauge close-up", "", "PT-7 Piston Compressor"],
      additionalImagesDecorative: [false, true, false],
    });
  });

  it("leaves described images alone", async () => {
    expect(await productOf(ids.described)).toMatchObject({
      mainImageAlt: "PT-9 Piston Compressor",
      additionalImagesAlt: ["Side view"],
      additionalImagesDecorative: [false],
      updatedAt: described.updatedAt,
    });
  });
});
