import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "../../server/db/lock";

const tempDirs: string[] = [];
const tempLock = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "pneuma-lock-"));
  tempDirs.push(dir);
  return path.join(dir, "db.lock");
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("holds the lock until released", () => {
    const file = tempLock();
    const release = acquireDataDirLock(file, "test");
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid, command: "test" });
    release();
    expect(existsSync(file)).toBe(false);
  });

  it("refuses while a live process holds it, naming that process", async () => {
    const file = tempLock();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(file, JSON.stringify({ pid: other.pid, host: hostname(), startedAt: "then", command: "server" }));
      expect(() => acquireDataDirLock(file, "admin CLI")).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(file, "admin CLI")).toThrow(`pid ${other.pid}, server`);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock whose process is gone", async () => {
    const file = tempLock();
    const other = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => other.on("exit", r));
    writeFileSync(file, JSON.stringify({ pid: other.pid, host: hostname(), startedAt: "then", command: "server" }));
    const release = acquireDataDirLock(file, "server");
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock that names its own pid (a restart that reused the pid)", () => {
    const file = tempLock();
    writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: "earlier", command: "server" }));
    const release = acquireDataDirLock(file, "server");
    expect(JSON.parse(readFileSync(file, "utf8")).startedAt).not.toBe("earlier");
    release();
  });

  it("refuses a lock held from another machine", () => {
    const file = tempLock();
    writeFileSync(file, JSON.stringify({ pid: 1, host: "elsewhere", startedAt: "then", command: "server" }));
    expect(() => acquireDataDirLock(file, "server")).toThrow(DataDirLockedError);
  });
});
