import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, inTransaction, openDatabase, queryRows } from "../../server/db/client";
import { categories } from "../../server/db/content-tables";
import { copyMigratedPglite, createScratchDatabase, type ScratchDatabase, testDatabaseKind } from "../support/database";

/**
 * The database handle as the server opens it: on PGlite the queries cross to its own thread (decision 020),
 * on PostgreSQL they go to the pool. Transactions, errors and change notices must behave the same on both.
 */
describe(`the database handle (${testDatabaseKind()})`, () => {
  let dataDir: string;
  let scratch: ScratchDatabase | null = null;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "pneuma-handle-"));
    scratch = testDatabaseKind() === "postgres" ? await createScratchDatabase() : null;
    if (!scratch) await copyMigratedPglite(dataDir);
    handle = await openDatabase({ dataDir, databaseUrl: scratch?.url ?? null, lockHolder: "handle test" });
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const slugs = async () =>
    (await handle.db.select({ slug: categories.slug }).from(categories).orderBy(categories.slug)).map((r) => r.slug);
  const addCategory = (db: DatabaseHandle["db"], slug: string) => db.insert(categories).values({ slug, name: slug });

  it("commits a transaction's writes together, and a failed transaction leaves none", async () => {
    await inTransaction(handle.db, async (tx) => {
      await addCategory(tx, "kept-a");
      await addCategory(tx, "kept-b");
      // Inside, the transaction sees its own writes.
      expect(await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, "kept-a"))).toHaveLength(1);
    });
    await expect(
      inTransaction(handle.db, async (tx) => {
        await addCategory(tx, "lost-a");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await slugs()).toEqual(["kept-a", "kept-b"]);
  });

  it("rolls back a failed inner transaction (a savepoint) and keeps the outer one's writes", async () => {
    await inTransaction(handle.db, async (tx) => {
      await addCategory(tx, "outer");
      await expect(
        inTransaction(tx, async (inner) => {
          await addCategory(inner, "inner");
          throw new Error("inner fails");
        }),
      ).rejects.toThrow("inner fails");
    });
    expect(await slugs()).toEqual(["kept-a", "kept-b", "outer"]);
  });

  it("hands on a database error with its PostgreSQL code, and the handle keeps working", async () => {
    const failure = await addCategory(handle.db, "kept-a").then(
      () => null,
      (err: { code?: string; cause?: { code?: string; constraint?: string } }) => err,
    );
    expect(failure?.code ?? failure?.cause?.code).toBe("23505");
    expect(failure?.cause?.constraint ?? (failure as { constraint?: string }).constraint).toBe("categories_slug_idx");
    // The same failure inside a transaction ends it, and only it.
    await expect(inTransaction(handle.db, (tx) => addCategory(tx, "kept-b").then(() => undefined))).rejects.toThrow();
    expect(await queryRows<{ n: number }>(handle.db, sql`SELECT 1 AS n`)).toEqual([{ n: 1 }]);
  });

  it("keeps an open transaction's writes from every other query until it commits", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote: (tx: DatabaseHandle["db"]) => void = () => {};
    const written = new Promise<DatabaseHandle["db"]>((resolve) => {
      wrote = resolve;
    });
    const transaction = inTransaction(handle.db, async (tx) => {
      await addCategory(tx, "pending");
      wrote(tx);
      await held;
    });
    const tx = await written;
    // PGlite runs this after the transaction (one session); PostgreSQL runs it now, without the row.
    const outside = slugs();
    let answeredEarly = false;
    void outside.then(() => {
      answeredEarly = true;
    });
    if (handle.kind === "postgres") {
      expect(await outside).not.toContain("pending");
    } else {
      // Queries in the transaction, the second surely asked after `outside` (the thread takes them in turn),
      // are answered while `outside` still waits.
      for (let i = 0; i < 2; i++) {
        expect(await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, "pending"))).toHaveLength(1);
      }
      expect(answeredEarly, "a query outside the transaction waits for it").toBe(false);
    }
    release();
    await transaction;
    expect(await slugs()).toContain("pending");
    const answered = await outside;
    if (handle.kind === "postgres") expect(answered).not.toContain("pending");
  });

  it("runs many queries at once, each answered with its own rows", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        queryRows<{ n: number; s: string }>(handle.db, sql`SELECT ${i}::int AS n, ${`x${i}`}::text AS s`),
      ),
    );
    expect(answers.map((rows) => rows[0])).toEqual(Array.from({ length: 60 }, (_, i) => ({ n: i, s: `x${i}` })));
  });

  it("answers the same query text again with other values, of every type, each time with its own rows", async () => {
    // On PGlite the thread keeps a statement it has seen (decision 020): the values are bound anew each time,
    // and PostgreSQL moves to a generic plan after five runs, so eight runs cover both plans.
    const read = (n: number | null, flag: boolean, doc: unknown, at: string, words: string) =>
      queryRows<{ n: number | null; flag: boolean; doc: unknown; at: string; words: string[] }>(
        handle.db,
        sql`SELECT ${n}::int AS n, ${flag}::boolean AS flag, ${JSON.stringify(doc)}::jsonb AS doc,
                   to_char(${at}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at,
                   string_to_array(${words}, ' ') AS words`,
      );
    for (let i = 0; i < 8; i++) {
      const doc = { i, list: [i, `x${i}`], nested: { ok: i % 2 === 0 } };
      expect(await read(i % 3 === 0 ? null : i, i % 2 === 0, doc, `2026-11-0${i + 1}T0${i}:30:00Z`, `a${i} b${i}`)).toEqual([
        { n: i % 3 === 0 ? null : i, flag: i % 2 === 0, doc, at: `2026-11-0${i + 1} 0${i}:30`, words: [`a${i}`, `b${i}`] },
      ]);
    }
    // Drizzle's own reads and writes (rows as arrays), run again with other values.
    for (const slug of ["again-a", "again-b", "again-c"]) await addCategory(handle.db, slug);
    for (const slug of ["again-a", "again-b", "again-c", "missing"]) {
      const found = await handle.db.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, slug));
      expect(found).toEqual(slug === "missing" ? [] : [{ slug }]);
    }
  });

  it("keeps answering after more query texts than it keeps, and after tables change shape", async () => {
    for (let i = 0; i < 150; i++) expect(await queryRows(handle.db, sql.raw(`SELECT ${i} AS n`))).toEqual([{ n: i }]);
    expect(await queryRows(handle.db, sql.raw("SELECT 0 AS n"))).toEqual([{ n: 0 }]);

    await queryRows(handle.db, sql`CREATE TABLE shape_check (a int)`);
    await queryRows(handle.db, sql`INSERT INTO shape_check VALUES (1)`);
    const readAll = (db: DatabaseHandle["db"]) => queryRows(db, sql`SELECT * FROM shape_check`);
    expect(await readAll(handle.db)).toEqual([{ a: 1 }]);
    await queryRows(handle.db, sql`ALTER TABLE shape_check ADD COLUMN b text DEFAULT 'x'`);
    expect(await readAll(handle.db)).toEqual([{ a: 1, b: "x" }]);
    // In a transaction too, where a failed statement would end the transaction (a restore runs migrations so).
    await inTransaction(handle.db, async (tx) => {
      expect(await readAll(tx)).toEqual([{ a: 1, b: "x" }]);
      await queryRows(tx, sql`ALTER TABLE shape_check DROP COLUMN a`);
      expect(await readAll(tx)).toEqual([{ b: "x" }]);
    });
    expect(await readAll(handle.db)).toEqual([{ b: "x" }]);
    await queryRows(handle.db, sql`DROP TABLE shape_check`);
    await expect(readAll(handle.db)).rejects.toThrow();
    expect(await queryRows(handle.db, sql`SELECT 2 AS n`)).toEqual([{ n: 2 }]);
  });

  it("tells the content cache of a committed change before the write returns", async () => {
    const changes = handle.contentChanges;
    if (changes.kind === "notified") {
      let heard = 0;
      await changes.listen(() => {
        heard += 1;
      });
      await addCategory(handle.db, "noticed");
      expect(heard).toBeGreaterThan(0);
      const before = heard;
      await inTransaction(handle.db, async (tx) => {
        await tx.update(categories).set({ name: "Noticed" }).where(eq(categories.slug, "noticed"));
      });
      expect(heard).toBeGreaterThan(before);
    } else {
      const before = await changes.readVersion();
      await addCategory(handle.db, "noticed");
      expect(await changes.readVersion()).toBeGreaterThan(before);
    }
  });
});
