import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyHashed } from "../../server/backup/dump";

/** The file copy behind backups and restores (server/backup/dump.ts). */
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "pneuma-copy-"));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("copyHashed", () => {
  it("copies a file larger than its buffer byte for byte, with its size, SHA-256 and mode", async () => {
    const dir = tempDir();
    const content = randomBytes(600 * 1024 + 7);
    writeFileSync(path.join(dir, "source"), content);
    const got = await copyHashed(path.join(dir, "source"), path.join(dir, "copy"), 0o640);
    expect(got).toEqual({ bytes: content.length, sha256: createHash("sha256").update(content).digest("hex") });
    expect(readFileSync(path.join(dir, "copy")).equals(content)).toBe(true);
    expect(statSync(path.join(dir, "copy")).mode & 0o777).toBe(0o640);
  });

  it("copies an empty file", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "source"), "");
    expect(await copyHashed(path.join(dir, "source"), path.join(dir, "copy"))).toMatchObject({ bytes: 0 });
    expect(readFileSync(path.join(dir, "copy")).length).toBe(0);
  });

  // A backup copies the images a snapshot refers to; one replaced meanwhile is gone. A copy left behind
  // for it would be a file the manifest does not list, and restore would refuse the whole backup.
  it("answers null for a source that is gone, and leaves nothing behind, even many at once", async () => {
    const dir = tempDir();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => copyHashed(path.join(dir, `gone-${i}`), path.join(dir, `copy-${i}`))),
    );
    expect(answers.every((a) => a === null)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses to overwrite an existing file, and leaves that file as it was", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "source"), "new");
    writeFileSync(path.join(dir, "copy"), "someone else's");
    await expect(copyHashed(path.join(dir, "source"), path.join(dir, "copy"))).rejects.toMatchObject({ code: "EEXIST" });
    expect(readFileSync(path.join(dir, "copy"), "utf8")).toBe("someone else's");
  });

  it("passes on other errors without leaving a copy (a directory where a file should be)", async () => {
    const dir = tempDir();
    await expect(copyHashed(dir, path.join(dir, "copy"))).rejects.toMatchObject({ code: "EISDIR" });
    expect(existsSync(path.join(dir, "copy"))).toBe(false);
  });
});
