import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLoad, totalKb } from "../../scripts/first-load.js";
import { PROJECT_ROOT } from "../../server/paths";
import { type ServerProcess, type SignedInServer, startSignedInServerProcess } from "../support/process";
import { ADMIN } from "../support/server";

/**
 * The staff sign-in page's first load (issue 31, docs/decisions/027): the scripts its HTML names and what
 * they import, in the build the production server runs (BUILD_DIR, made by the global set-up), gzip -9.
 * A size budget on the build's output, not a timing.
 */
const BUDGET_KB = 100;
const clientDir = path.resolve(PROJECT_ROOT, process.env.BUILD_DIR || "build", "client");

let running: SignedInServer;
let server: ServerProcess;
beforeAll(async () => {
  running = await startSignedInServerProcess(ADMIN, { SEED_DEMO: "false" });
  server = running.server;
});
afterAll(() => running?.stop());

describe("the staff sign-in page's first load", () => {
  it(`is at most ${BUDGET_KB} KB of script (gzip), without React or React Router`, async () => {
    const res = await fetch(`${server.url}/admin/login?redirectTo=%2Fadmin%2Fbanner`);
    expect(res.status).toBe(200);
    const files = firstLoad(await res.text(), clientDir);
    const listing = files.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KB`).join(", ");
    expect(files.length, listing).toBeGreaterThan(0);
    expect(totalKb(files), listing).toBeLessThanOrEqual(BUDGET_KB);
    // The panel's screens still load React Router's client (their budget is not this one).
    const panel = firstLoad(await (await fetch(`${server.url}/admin/dashboard`)).text(), clientDir);
    expect(panel.some((f) => /entry\.client-/.test(f.file))).toBe(true);
    expect(
      files.some((f) => /entry\.client-/.test(f.file)),
      listing,
    ).toBe(false);
  });
});
