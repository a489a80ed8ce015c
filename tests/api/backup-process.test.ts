import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupName, MANIFEST } from "../../server/backup/format";
import { copyMigratedPglite, createScratchDatabase, type ScratchDatabase, testDatabaseKind } from "../support/database";
import { formOf, imageFile, pngBytes } from "../support/images";
import { run, type ServerProcess, startServerProcess } from "../support/process";

/**
 * `npm run backup` and `npm run restore` as an operator runs them, against the production server: with
 * the embedded database the running server writes the backup (SIGUSR2); with PostgreSQL the CLI connects.
 */

const kind = testDatabaseKind();
const ADMIN = { username: "admin", password: "backup-admin-password" };
const dirs: string[] = [];
const scratches: ScratchDatabase[] = [];
const running: ServerProcess[] = [];
let source: Record<string, string>;
let target: Record<string, string>;

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "pneuma-backup-process-"));
  dirs.push(dir);
  return dir;
}

/** A data directory (and on PostgreSQL a database): `migrated` a copy of the run's, else empty. */
async function env(migrated: boolean): Promise<Record<string, string>> {
  const dir = await tempDir();
  let url: string | null = null;
  if (kind === "postgres") {
    const scratch = await createScratchDatabase({ migrated });
    scratches.push(scratch);
    url = scratch.url;
  } else if (migrated) {
    await copyMigratedPglite(dir);
  }
  return { DATA_DIR: dir, LOG_LEVEL: "info", SEED_DEMO: "false", ...(url ? { DATABASE_URL: url } : {}) };
}

beforeAll(async () => {
  source = await env(true);
  target = await env(false); // restored into as on a new machine
});

afterAll(async () => {
  for (const s of running) s.proc.kill("SIGKILL");
  for (const s of scratches) await s.drop();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function start(e: Record<string, string>) {
  const s = await startServerProcess({ ...e, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  running.push(s);
  return s;
}

const npm = (args: string[], e: Record<string, string>) => run(["npm", "run", "--silent", ...args], e);

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** What the test compares between the original and the restored server. */
async function answers(url: string) {
  const token = await login(url);
  const get = async (p: string) => (await fetch(url + p, { headers: { "x-auth-token": token } })).json();
  const banners = (await get("/api/banner")) as { image: string }[];
  const image = Buffer.from(await (await fetch(url + banners[0]!.image)).arrayBuffer()).toString("base64");
  return {
    banners,
    stories: await get("/api/story"),
    settings: await get("/api/settings"),
    contacts: await get("/api/contacts"),
    image,
  };
}

describe("npm run backup / npm run restore with the production server", () => {
  it("backs up a running server, restores into an empty target, and the restored server answers the same", async () => {
    const original = await start(source);
    const token = await login(original.url);
    const post = (p: string, body: FormData | string, json = false) =>
      fetch(original.url + p, {
        method: "POST",
        headers: { "x-auth-token": token, ...(json ? { "content-type": "application/json" } : {}) },
        body,
      });
    const banner = formOf({ title: "Kept by the backup" }, { image: imageFile(await pngBytes(700, 400)) });
    expect((await post("/api/banner", banner)).status).toBe(201);
    expect((await post("/api/story", JSON.stringify({ title: "Our story", content: "Since 1987." }), true)).status).toBe(201);
    const contact = { name: "Ravi", email: "ravi@example.com", subject: "Quote", message: "Please call." };
    expect((await post("/api/contacts", JSON.stringify(contact), true)).status).toBe(201);

    const out = path.join(await tempDir(), "backups");
    const backup = await npm(["backup", "--", "--out", out], source);
    expect(backup.output).toMatch(/^Backup written: /m);
    expect(backup.code, backup.output).toBe(0);
    const written = /^Backup written: (\S+)$/m.exec(backup.output)![1]!;
    expect(path.dirname(written)).toBe(out);
    if (kind === "pglite") {
      expect(backup.output).toContain(`by the running server (pid ${original.proc.pid})`);
      expect(original.output()).toContain('"msg":"backup written"');
    } else {
      expect(backup.output).toContain("by this process");
    }
    expect(backup.output).toMatch(/banners 1, .*stories 1/);
    // The server carried on.
    expect((await fetch(`${original.url}/api/health`)).status).toBe(200);

    const check = await npm(["restore", "--", "--check", written], {});
    expect(check.output).toContain("complete and intact");
    expect(check.code).toBe(0);

    const restore = await npm(["restore", "--", written], target);
    expect(restore.output, restore.output).toContain("Restored ");
    expect(restore.code).toBe(0);
    const again = await npm(["restore", "--", written], target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(kind === "pglite" ? /already has a database/ : /is not empty/);

    const restored = await start(target);
    expect(restored.output()).not.toContain("First admin account created");
    expect(await answers(restored.url)).toEqual(await answers(original.url));

    if (kind === "pglite") {
      // With the server stopped, the CLI opens the database itself.
      original.proc.kill("SIGTERM");
      expect(await original.exited).toBe(0);
      expect(existsSync(path.join(source.DATA_DIR!, "backup-requests", "listener.json"))).toBe(false);
      const offline = await npm(["backup", "--", "--out", out, "--keep", "1"], source);
      expect(offline.output).toContain("by this process (no server was running)");
      expect(offline.output).toContain(`removed older backups: ${path.basename(written)}`);
      expect(offline.code).toBe(0);
    }
  }, 120_000);

  it("deletes backups older than BACKUP_KEEP_DAYS (default 35) after writing one, so erased data ages out", async () => {
    const e = await env(true);
    const out = path.join(await tempDir(), "backups");
    await mkdir(out, { recursive: true });
    const earlier = async (days: number) => {
      const name = backupName(new Date(Date.now() - days * 24 * 60 * 60_000));
      await mkdir(path.join(out, name));
      writeFileSync(path.join(out, name, MANIFEST), "{}");
      return name;
    };
    const fortyDays = await earlier(40);
    const tenDays = await earlier(10);
    const first = await npm(["backup", "--", "--out", out], e);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`removed older backups: ${fortyDays}`);
    expect(existsSync(path.join(out, fortyDays))).toBe(false);
    expect(existsSync(path.join(out, tenDays))).toBe(true);
    const written = /^Backup written: (\S+)$/m.exec(first.output)![1]!;

    const second = await npm(["backup", "--", "--out", out], { ...e, BACKUP_KEEP_DAYS: "5" });
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain(`removed older backups: ${tenDays}`);
    expect(existsSync(path.join(out, tenDays))).toBe(false);
    expect(existsSync(written)).toBe(true); // today's stay

    const refused = await npm(["backup", "--", "--out", out], { ...e, BACKUP_KEEP_DAYS: "0" });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("BACKUP_KEEP_DAYS must be a whole number from 1 to 36500");
  }, 120_000);

  it.runIf(kind === "pglite")("never signals a process that does not take backup requests", async () => {
    const dataDir = await tempDir();
    await mkdir(path.join(dataDir, "db"));
    // A process holding the lock as "server" without announcing backup requests (an older version):
    // SIGUSR2 would end it, so the CLI must not send it.
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    await new Promise((r) => holder.once("spawn", r));
    try {
      writeFileSync(
        path.join(dataDir, "db.lock"),
        JSON.stringify({ pid: holder.pid, host: hostname(), startedAt: new Date().toISOString(), command: "server" }),
      );
      const res = await npm(["backup"], { DATA_DIR: dataDir });
      expect(res.code).toBe(1);
      expect(res.output).toContain("does not take backup requests");
      expect(holder.exitCode).toBe(null);
      expect(holder.signalCode).toBe(null);
    } finally {
      holder.kill("SIGKILL");
    }
  });
});
