import { chmod, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { ImageStore } from "../../server/uploads/images";
import { copyMigratedPglite, createScratchDatabase, type ScratchDatabase, testDatabaseKind } from "../support/database";
import { pngBytes } from "../support/images";
import { startServerProcess } from "../support/process";

/**
 * Issue 29, finding 1: the data directory holds password hashes, TOTP secrets and enquiries (the embedded
 * database writes its files 0666), so it, the database folder and the backups are for the server's account only.
 */

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

let root: string;
let scratch: ScratchDatabase | null = null;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "pneuma-private-"));
  if (testDatabaseKind() === "postgres") scratch = await createScratchDatabase({ migrated: true });
});
afterAll(async () => {
  await scratch?.drop();
  await rm(root, { recursive: true, force: true });
});

describe("private folders", () => {
  it("a new embedded database is created in folders only its owner can enter, whatever the umask", async () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = path.join(root, "fresh", "data");
      // The folders are made by the first open (initdb); the migrations add nothing to them.
      const handle = await openDatabase({ dataDir, databaseUrl: null, lockHolder: "test", migrate: false });
      await handle.close();
      expect((await modeOf(dataDir)).toString(8)).toBe("700");
      expect((await modeOf(path.join(dataDir, "db"))).toString(8)).toBe("700");
    } finally {
      process.umask(previous);
    }
  }, 90_000); // a first open runs initdb (over 10 s on a busy 2-core machine)

  it("the server tightens a data directory, database and backups folder left open to others, and says so", async () => {
    const dataDir = path.join(root, "old");
    await mkdir(path.join(dataDir, "backups"), { recursive: true });
    if (!scratch) await copyMigratedPglite(dataDir);
    for (const dir of [dataDir, path.join(dataDir, "backups"), ...(scratch ? [] : [path.join(dataDir, "db")])]) {
      await chmod(dir, 0o755);
    }
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "a-long-enough-password",
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await modeOf(dataDir)).toString(8)).toBe("700");
      expect((await modeOf(path.join(dataDir, "backups"))).toString(8)).toBe("700");
      if (!scratch) expect((await modeOf(path.join(dataDir, "db"))).toString(8)).toBe("700");
      const tightened = server
        .output()
        .split("\n")
        .filter((l) => l.includes("tightened a private folder"))
        .map((l) => JSON.parse(l) as { dir: string; was: string; now: string });
      expect(tightened).toContainEqual(expect.objectContaining({ dir: dataDir, was: "0755", now: "0700" }));
      expect(tightened.map((t) => t.dir)).toContain(path.join(dataDir, "backups"));
    } finally {
      server.proc.kill("SIGTERM");
      await server.exited;
    }
  });

  it("uploaded images stay readable by others under a strict umask (nginx serves them from disk)", async () => {
    const previous = process.umask(0o077);
    try {
      const images = new ImageStore(path.join(root, "uploads"));
      await images.init();
      const url = await images.store(await pngBytes());
      expect((await modeOf(path.join(root, "uploads", path.basename(url)))).toString(8)).toBe("644");
    } finally {
      process.umask(previous);
    }
  });
});
