import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../server/auth/users";
import { createBackup } from "../../server/backup/dump";
import { BackupError, type Manifest } from "../../server/backup/format";
import { type RestoreTarget, restoreBackup, verifyBackup } from "../../server/backup/restore";
import { openDatabase, queryRows } from "../../server/db/client";
import { setCrmKey } from "../../server/sales/indiamart";
import { linkKey } from "../../server/sales/quotation-mail";
import { parseUploadUrl } from "../../shared/lib/image-url";
import { png } from "../support/content-api";
import { createScratchDatabase, type ScratchDatabase, testDatabaseKind } from "../support/database";
import { CONTENT_TABLES } from "../support/declarations";
import { formOf } from "../support/images";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Backup and restore (docs/decisions/007-backups.md): a backup of a server with every kind of record and
 * uploaded images, restored into an empty target, must answer every API request exactly as the original.
 */

const EDITOR = { username: "editor", password: "editor-password-1" };
const kind = testDatabaseKind();

let s: TestServer;
let token: string;
let backupsDir: string;
let backup: { path: string; manifest: Manifest };
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" }, { ownDatabase: true }); // backed up: its data directory is read
  token = await s.login();
  backupsDir = await tempDir();
  await createContent();
});

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  await s?.close();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "pneuma-backup-test-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty restore target of the given kind: a new data directory, and for PostgreSQL a new database. */
async function newTarget(targetKind: "pglite" | "postgres" = kind) {
  const dir = await tempDir();
  let scratch: ScratchDatabase | null = null;
  if (targetKind === "postgres") {
    scratch = await createScratchDatabase();
    cleanups.push(() => scratch!.drop());
  }
  const target: RestoreTarget = { dataDir: dir, databaseUrl: scratch?.url ?? null, uploadDir: path.join(dir, "uploads") };
  const env: Record<string, string> = { DATA_DIR: dir, ...(scratch ? { DATABASE_URL: scratch.url } : { DATABASE_URL: "" }) };
  return { target, env };
}

async function startOn(env: Record<string, string>): Promise<TestServer> {
  const t = await startTestServer({ RATE_LIMITS: "off", ...env });
  cleanups.push(() => t.close());
  return t;
}

async function ok(res: Promise<{ status: number; text: string; body: unknown }>, status = 201) {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.status} ${r.text}`);
  // biome-ignore lint/suspicious/noExplicitAny: test data
  return r.body as any;
}

const TRICKY = 'Line one\nLine "two" – ₹1,25,000 \\ back-slash, <b>tags</b> & emoji 🚀';

async function createContent(): Promise<void> {
  const form = (fields: Record<string, unknown>, files: Record<string, File | File[]> = {}) => ({
    form: formOf(fields, files),
    token,
  });
  await ok(
    s.request("PUT", "/api/settings", {
      token,
      json: { companyName: "Backup Air Co", phones: [{ label: "Sales", value: "+91 427 200 0001" }] },
    }),
    200,
  );
  await ok(
    s.request(
      "POST",
      "/api/banner",
      form({ title: "Banner", description: TRICKY, position: "2" }, { image: await png(700, 500) }),
    ),
  );
  await ok(s.request("POST", "/api/industrial", form({ title: "Industrial" }, { image: await png() })));
  // A deleted record with an uploaded image: the trash and its image travel with the backup.
  const trashed = (await ok(s.request("POST", "/api/industrial", form({ title: "Trashed" }, { image: await png(90, 60) })))) as {
    _id: string;
  };
  await ok(s.request("DELETE", `/api/industrial/${trashed._id}`, { token }), 200);
  await ok(s.request("POST", "/api/testimonial", form({ name: "Asha", feedback: "Great", star: "5" }, { image: await png() })));
  await ok(s.request("POST", "/api/testimonial", form({ name: "Ravi", feedback: "Unrated" }, { image: await png() })));
  await ok(s.request("POST", "/api/story", form({ title: "Story", content: TRICKY }, { image: await png() })));
  await ok(
    s.request("POST", "/api/facilities", form({ title: "Plant", features: ["CNC", "Paint shop"] }, { image: await png() })),
  );
  await ok(
    s.request("POST", "/api/our-team", form({ name: "Meera", position: "Director", sortOrder: "1" }, { image: await png() })),
  );
  await ok(s.request("POST", "/api/core-values", { json: { title: "Quality", icon: "gauge" }, token }));
  await ok(
    s.request(
      "POST",
      "/api/service",
      form({ title: "Air audits", description: "d", details: TRICKY, benefits: ["Less leakage"] }, { mainImage: await png() }),
    ),
  );
  const category = (
    await ok(
      s.request(
        "POST",
        "/api/category",
        form(
          {
            name: "Screw Compressors",
            features: [{ name: "Quiet", description: "68 dB" }],
            subcategories: [{ name: "Oil-free" }, { name: "Oil-injected" }],
          },
          { image: await png() },
        ),
      ),
    )
  ).data;
  const plain = (await ok(s.request("POST", "/api/category", form({ name: "Receivers" }, { image: await png() })))).data;
  const product = (fields: Record<string, unknown>, files: Record<string, File | File[]>) =>
    ok(
      s.request(
        "POST",
        "/api/product",
        form({ shortDescription: "Short.", fullDescription: TRICKY, categoryId: category._id, ...fields }, files),
      ),
    );
  const pn75 = await product(
    {
      name: "PN-75",
      subcategoryId: category.subcategories[0]._id,
      price: "1234567.89",
      featured: "true",
      features: [{ featureName: "Motor", featureValue: "75 kW" }],
      specifications: [{ specName: "FAD", specValue: "12 m³/min" }],
    },
    { mainImage: await png(1000, 600), additionalImages: [await png(), await png(400, 300)] },
  );
  // A review: a testimonial that names a product (its table comes after products in a backup).
  await ok(
    s.request(
      "POST",
      "/api/testimonial",
      form({ name: "Kumar", feedback: "Runs all day.", star: "4", productId: pn75.data._id }, { image: await png() }),
    ),
  );
  await product({ name: "PN-10", subcategoryId: category.subcategories[1]._id, price: "" }, { mainImage: await png() });
  await product({ name: "Tank 500", categoryId: plain._id, price: "0.5" }, { mainImage: await png() });
  await ok(
    s.request("POST", "/api/contacts", {
      json: { name: "Ravi", email: "ravi@example.com", subject: "Quote", message: TRICKY, phone: "+91 98765 43210" },
    }),
  );
  const contact = await ok(
    s.request("POST", "/api/contacts", {
      json: { name: "Anu", email: "anu@example.com", subject: "Service", message: "Visit?" },
    }),
  );
  await ok(s.request("PUT", `/api/contacts/${contact.data._id}/status`, { json: { status: "resolved" }, token }), 200);
  // The sales desk: a customer besides the two the enquiries made, and a GST rate table that is not the
  // migration's (a default deleted, a rate added): restored as it was, not as a new database starts.
  await ok(s.request("POST", "/api/customers", { token, json: { name: "Sri Murugan Mills", gstin: "33AAGCP4765J1Z5" } }));
  const defaults = (await ok(s.request("GET", "/api/gst-rates", { token }), 200)) as { _id: string; hsn: string }[];
  await ok(s.request("DELETE", `/api/gst-rates/${defaults.find((r) => r.hsn === "998717")!._id}`, { token }), 200);
  await ok(s.request("POST", "/api/gst-rates", { token, json: { hsn: "841480", rate: 12, effectiveFrom: "2027-04-01" } }));
  await createUser(s.ctx.db, {
    ...EDITOR,
    name: "Second Person",
    email: "second@example.com",
    role: "editor",
    mustChangePassword: false,
  });
  // A file no record uses (a crash after storing, before committing): backed up and restored all the same.
  const someUpload = readdirSync(s.ctx.config.uploadDir).find((f) => f.endsWith(".webp"))!;
  writeFileSync(
    path.join(s.ctx.config.uploadDir, `${"f".repeat(32)}.64x48.webp`),
    readFileSync(path.join(s.ctx.config.uploadDir, someUpload)),
  );
}

/** Every answer of the API about the data: lists, single records by id and slug, settings, contacts. */
async function apiSnapshot(server: TestServer, auth: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const get = async (p: string, withToken = false) => {
    const res = await server.request("GET", p, withToken ? { token: auth } : {});
    expect(res.status, `${p}: ${res.text}`).toBe(200);
    out[p] = res.body;
    return res.body;
  };
  for (const p of ["banner", "industrial", "testimonial", "story", "facilities", "our-team", "core-values"]) {
    for (const item of await get(`/api/${p}`)) await get(`/api/${p}/${item._id}`);
  }
  for (const item of await get("/api/service")) {
    await get(`/api/service/${item._id}`);
    await get(`/api/service/${item.slug}`);
  }
  for (const item of (await get("/api/category")).data) {
    await get(`/api/category/${item._id}`);
    await get(`/api/category/${item.slug}`);
    await get(`/api/product?categoryId=${item._id}`);
  }
  for (const item of (await get("/api/product?limit=100")).data) {
    await get(`/api/product/${item._id}`);
    await get(`/api/product/${item.slug}`);
  }
  await get("/api/product?featured=true");
  await get("/api/settings");
  for (const c of await get("/api/contacts", true)) await get(`/api/contacts/${c._id}`, true);
  for (const c of await get("/api/customers", true)) await get(`/api/customers/${c._id}`, true);
  await get("/api/gst-rates", true);
  // The trash and every record's versions travel too.
  await get("/api/trash", true);
  for (const item of (await get("/api/banner")) as { _id: string }[]) {
    for (const v of (await get(`/api/banner/${item._id}/revisions`, true)) as { _id: string }[]) {
      await get(`/api/banner/${item._id}/revisions/${v._id}`, true);
    }
  }
  // Staff accounts travel too (signing in to compare moves lastSignInAt, so that is left out).
  const users = (await get("/api/users", true)) as { lastSignInAt?: string | null }[];
  out["/api/users"] = users.map(({ lastSignInAt: _, ...u }) => u);
  return out;
}

function uploadUrlsIn(value: unknown): string[] {
  const urls = new Set<string>();
  for (const m of JSON.stringify(value).matchAll(/"(\/uploads\/[^"]+)"/g)) {
    for (const v of parseUploadUrl(m[1]!)?.variants ?? []) urls.add(v.url);
  }
  return [...urls].sort();
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function filesIn(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, sha(readFileSync(path.join(dir, f)))]),
  );
}

describe("npm run backup (createBackup)", () => {
  it("writes every table but sessions and counters, in one snapshot, with the uploads and a manifest", async () => {
    // Secrets are set, so the backup can be shown not to hold them (below).
    const key = (await linkKey(s.ctx.db)).toString("base64url");
    await setCrmKey(s.ctx.db, "crm-key-that-stays-home");
    const result = await createBackup(
      { db: s.ctx.db, dbKind: s.ctx.dbKind, uploadDir: s.ctx.config.uploadDir },
      { outputDir: backupsDir },
    );
    backup = result;
    expect(result.attempts).toBe(1);
    expect(path.basename(result.path)).toMatch(/^pneuma-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(readdirSync(backupsDir)).toEqual([path.basename(result.path)]); // no .partial left behind
    const logged = await s.request("GET", "/api/activity?action=backup", { token });
    expect(logged.body[0]).toMatchObject({ action: "backup", entityType: "backup", detail: path.basename(result.path) });
    const m = result.manifest;
    expect(m).toMatchObject({ format: "pneuma-backup", formatVersion: 1, source: { database: kind } });
    expect(m.skippedTables).toEqual(expect.arrayContaining(["sessions", "throttle_events"]));
    expect(m.migrations.map((x) => x.tag)).toContain("0000_init");
    const rows = Object.fromEntries(m.tables.map((t) => [t.name, t.rows]));
    expect(rows.activity).toBeGreaterThan(10);
    expect(rows.revisions).toBeGreaterThan(10);
    // Every table of the database but the skipped ones, each with the rows it holds (the activity entry of
    // the backup itself comes after its snapshot): derived from the database, so a new table or content type
    // needs no line here.
    const tables = await queryRows<{ name: string }>(
      s.ctx.db,
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const kept = tables.map((t) => t.name).filter((t) => !m.skippedTables.includes(t) && !t.startsWith("__drizzle"));
    expect(Object.keys(rows).sort()).toEqual(kept.sort());
    expect(Object.keys(rows)).toEqual(expect.arrayContaining(CONTENT_TABLES));
    for (const table of kept.filter((t) => t !== "activity")) {
      const [count] = await queryRows<{ n: number }>(s.ctx.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(`"${table}"`)}`);
      expect(rows[table], table).toBe(count!.n);
    }
    // What this test made: one of each list type but the FAQ (and one trashed), settings, two categories.
    expect(rows).toMatchObject({ banners: 1, faqs: 0, trash: 1, site_settings: 1, categories: 2, subcategories: 2, products: 3 });
    const order = m.tables.map((t) => t.name);
    expect(order.indexOf("products")).toBeLessThan(order.indexOf("testimonials"));
    expect(order.indexOf("categories")).toBeLessThan(order.indexOf("subcategories"));
    expect(order.indexOf("subcategories")).toBeLessThan(order.indexOf("products"));
    // Every upload file, used or not, with its checksum.
    const onDisk = filesIn(s.ctx.config.uploadDir);
    expect(Object.fromEntries(m.uploads.map((u) => [u.name, u.sha256]))).toEqual(onDisk);
    expect(Object.keys(onDisk)).toContain(`${"f".repeat(32)}.64x48.webp`);
    expect(Object.keys(onDisk).some((f) => f.includes(".w640."))).toBe(true);
    expect(filesIn(path.join(result.path, "uploads"))).toEqual(onDisk);
    await expect(verifyBackup(result.path)).resolves.toEqual(m);
    // Neither the key that signs buyer and keep links nor the IndiaMART CRM key is in the backup.
    const desk = gunzipSync(readFileSync(path.join(result.path, "tables", "sales_desk.jsonl.gz"))).toString("utf8");
    expect(desk).toContain('"link_key":null');
    expect(desk).toContain('"indiamart_crm_key":""');
    const everything = m.tables.map((t) => gunzipSync(readFileSync(path.join(result.path, t.file))).toString("utf8")).join("");
    expect(everything).not.toContain(key);
    expect(everything).not.toContain("crm-key-that-stays-home");
  });

  it("copies an upload made during the backup, and takes a new snapshot when a file it saw was replaced", async () => {
    let added: { _id: string; image: string } | null = null;
    let replacement: { image: string } | null = null;
    const result = await createBackup(
      { db: s.ctx.db, dbKind: s.ctx.dbKind, uploadDir: s.ctx.config.uploadDir },
      {
        outputDir: await tempDir(),
        onStep: async (step, attempt) => {
          if (step === "uploads-copied" && attempt === 1) {
            // Uploaded after the files were copied, committed before the snapshot: copied afterwards.
            added = await ok(
              s.request("POST", "/api/banner", { form: formOf({ title: "Late" }, { image: await png(30, 20) }), token }),
            );
          }
          if (step === "snapshot-taken" && attempt === 1) {
            // Replaced after the snapshot, and its file deleted before the backup could copy it: what the
            // retention job does once no kept version uses the old image (done here for this one record).
            replacement = await ok(
              s.request("PUT", `/api/banner/${added!._id}`, { form: formOf({}, { image: await png(31, 20) }), token }),
              200,
            );
            await s.ctx.db.execute(sql`DELETE FROM revisions WHERE record_id = ${added!._id} AND action = 'create'`);
            await s.ctx.images.remove(added!.image);
            expect(existsSync(path.join(s.ctx.config.uploadDir, path.basename(added!.image)))).toBe(false);
          }
        },
      },
    );
    expect(result.attempts).toBe(2);
    const names = result.manifest.uploads.map((u) => u.name);
    expect(names).toContain(path.basename(replacement!.image));
    const banners = result.manifest.tables.find((t) => t.name === "banners")!;
    expect(banners.rows).toBe(2);
    await verifyBackup(result.path);
    // Back to the state of the first backup, which the restore tests compare with.
    await ok(s.request("DELETE", `/api/banner/${added!._id}`, { token }), 200);
    await ok(s.request("DELETE", `/api/trash/banner/${added!._id}`, { token }), 200);
  });
});

describe("npm run restore (restoreBackup)", () => {
  let restored: TestServer;
  let restoredTarget: Awaited<ReturnType<typeof newTarget>>;

  it("restores into an empty target; the restored server answers exactly as the original", async () => {
    restoredTarget = await newTarget();
    const result = await restoreBackup(backup.path, restoredTarget.target);
    expect(result.uploadsCopied).toBe(backup.manifest.uploads.length);
    restored = await startOn(restoredTarget.env);
    expect(restored.ctx.dbKind).toBe(kind);

    const oldToken = token;
    // Sessions are not backed up: the original's token means nothing to the restored server.
    expect((await restored.request("GET", "/api/auth/verify", { token: oldToken })).status).toBe(401);
    const newToken = await restored.login(); // the admin's original password
    expect(await apiSnapshot(restored, newToken)).toEqual(await apiSnapshot(s, token));
    const editor = await restored.request("POST", "/api/auth/login", { json: EDITOR });
    expect(editor.status).toBe(200);
    // The activity log up to the backup, entry for entry.
    const logged = async (server: TestServer, auth: string) =>
      ((await server.request("GET", "/api/activity?limit=200", { token: auth })).body as { createdAt: string }[]).filter(
        (e) => e.createdAt <= backup.manifest.createdAt,
      );
    const before = await logged(s, token);
    expect(before.length).toBeGreaterThan(10);
    expect(await logged(restored, newToken)).toEqual(before);

    // The uploaded images: identical bytes, served the same.
    const urls = uploadUrlsIn(await apiSnapshot(s, token));
    expect(urls.length).toBeGreaterThan(15);
    for (const url of urls) {
      const [a, b] = await Promise.all([fetch(s.url + url), fetch(restored.url + url)]);
      expect(b.status, url).toBe(200);
      expect(sha(new Uint8Array(await b.arrayBuffer()))).toBe(sha(new Uint8Array(await a.arrayBuffer())));
    }
    expect(filesIn(restoredTarget.target.uploadDir)).toEqual(
      Object.fromEntries(backup.manifest.uploads.map((u) => [u.name, u.sha256])),
    );

    // And it keeps working: new records get fresh ids, slugs stay unique.
    const story = await ok(
      restored.request("POST", "/api/story", { json: { title: "After restore", content: "x" }, token: newToken }),
    );
    expect(story.title).toBe("After restore");
    const [service] = (await restored.request("GET", "/api/service")).body;
    const dup = await ok(
      restored.request("POST", "/api/service", {
        json: { title: service.title, description: "d", details: "d", image: service.image },
        token: newToken,
      }),
    );
    expect(dup.slug).not.toBe(service.slug);
    await ok(restored.request("DELETE", `/api/story/${story._id}`, { token: newToken }), 200);
    await ok(restored.request("DELETE", `/api/service/${dup._id}`, { token: newToken }), 200);
  }, 120_000); // a new embedded database runs every migration first

  it("refuses a target that already has data, and changes nothing there", async () => {
    const auth = await restored.login();
    const before = { api: await apiSnapshot(restored, auth), files: filesIn(restoredTarget.target.uploadDir) };
    const err = await restoreBackup(backup.path, restoredTarget.target).catch((e) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect(err.message).toMatch(
      kind === "pglite" ? /already has a database/ : /is not empty \(access_log, activity, admins, banners/,
    );
    expect({ api: await apiSnapshot(restored, auth), files: filesIn(restoredTarget.target.uploadDir) }).toEqual(before);
  });

  it.runIf(kind === "pglite")("refuses a data directory another process holds", async () => {
    const { target } = await newTarget();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    cleanups.push(async () => holder.kill("SIGKILL"));
    await new Promise((r) => holder.once("spawn", r));
    writeFileSync(
      path.join(target.dataDir, "db.lock"),
      JSON.stringify({ pid: holder.pid, host: hostname(), startedAt: new Date().toISOString(), command: "server" }),
    );
    await expect(restoreBackup(backup.path, target)).rejects.toThrow(/in use by pid \d+ \(server\)/);
    expect(existsSync(path.join(target.dataDir, "db"))).toBe(false);
    holder.kill("SIGKILL");
  });

  it.runIf(kind === "postgres")("accepts a PostgreSQL database that is migrated but empty", async () => {
    const { target, env } = await newTarget();
    const migrated = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, lockHolder: "test" });
    await migrated.close();
    await restoreBackup(backup.path, target);
    const t = await startOn(env);
    expect((await t.request("GET", "/api/story")).body).toEqual((await s.request("GET", "/api/story")).body);
  });

  it("refuses a damaged or incomplete backup, before touching the target", async () => {
    const { target } = await newTarget();
    const damaged = async (name: string, damage: (dir: string) => Promise<void>, message: RegExp) => {
      const dir = path.join(await tempDir(), name);
      await cp(backup.path, dir, { recursive: true });
      await damage(dir);
      const err = await restoreBackup(dir, target).catch((e) => e);
      expect(err, name).toBeInstanceOf(BackupError);
      expect(err.message, name).toMatch(message);
      expect(existsSync(path.join(target.dataDir, "db")), name).toBe(false);
      expect(filesIn(target.uploadDir), name).toEqual({});
    };
    const anUpload = backup.manifest.uploads[3]!.name;
    await damaged(
      "tampered-upload",
      async (dir) => {
        const file = path.join(dir, "uploads", anUpload);
        const bytes = await readFile(file);
        bytes[bytes.length - 10] = (bytes[bytes.length - 10]! + 1) % 256;
        await writeFile(file, bytes);
      },
      new RegExp(`uploads/${anUpload.replace(/\./g, "\\.")} does not match its checksum`),
    );
    await damaged(
      "truncated-table",
      async (dir) => {
        const file = path.join(dir, "tables", "products.jsonl.gz");
        await truncate(file, Math.floor((await readFile(file)).length / 2));
      },
      /tables\/products\.jsonl\.gz does not match its checksum/,
    );
    await damaged("missing-upload", (dir) => rm(path.join(dir, "uploads", anUpload)), /is missing/);
    await damaged(
      "extra-upload",
      (dir) => writeFile(path.join(dir, "uploads", "evil.webp"), "x"),
      /files the manifest does not list \(evil\.webp\)/,
    );
    await damaged("no-manifest", (dir) => rm(path.join(dir, "manifest.json")), /not a complete Pneuma backup/);
    const editManifest = (edit: (m: Record<string, unknown>) => void) => async (dir: string) => {
      const file = path.join(dir, "manifest.json");
      const m = JSON.parse(await readFile(file, "utf8"));
      edit(m);
      await writeFile(file, JSON.stringify(m));
    };
    await damaged(
      "newer-format",
      editManifest((m) => {
        m.formatVersion = 2;
      }),
      /format version 2/,
    );
    await damaged(
      "newer-schema",
      editManifest((m) => {
        (m.migrations as unknown[]).push({ tag: "9999_future", hash: "a".repeat(64), when: 4_000_000_000_000 });
      }),
      /comes from a newer version of Pneuma/,
    );
    await damaged(
      "path-in-upload-name",
      editManifest((m) => {
        (m.uploads as { name: string }[])[0]!.name = "../../etc/passwd";
      }),
      /manifest\.json is not as expected/,
    );
  });

  const otherKind = kind === "postgres" ? "pglite" : process.env.TEST_DATABASE_URL ? "postgres" : null;
  it.runIf(otherKind)(
    `moves to the other database (${kind} → ${otherKind ?? "none configured"}) with the same answers`,
    async () => {
      const { target, env } = await newTarget(otherKind!);
      await restoreBackup(backup.path, target);
      const t = await startOn(env);
      expect(t.ctx.dbKind).toBe(otherKind);
      expect(await apiSnapshot(t, await t.login())).toEqual(await apiSnapshot(s, token));
    },
    // A new embedded database runs every migration before the restore: 15 s alone, more on a busy CI machine.
    120_000,
  );
});

describe("a backup that cannot be consistent", () => {
  it("fails loudly, and leaves no backup, when the database refers to an upload that is gone", async () => {
    const banner = (await s.request("GET", "/api/banner")).body[0];
    const info = parseUploadUrl(banner.image)!;
    const lost = path.basename(info.variants[0]!.url);
    await rm(path.join(s.ctx.config.uploadDir, lost));
    const outputDir = await tempDir();
    const err = await createBackup(
      { db: s.ctx.db, dbKind: s.ctx.dbKind, uploadDir: s.ctx.config.uploadDir },
      { outputDir },
    ).catch((e) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect(err.message).toContain(`refers to uploaded files that are not in ${s.ctx.config.uploadDir}: ${lost}`);
    expect(readdirSync(outputDir)).toEqual([]);
  });
});
