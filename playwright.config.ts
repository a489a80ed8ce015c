import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * The browser tests run against the production build, on servers of their own: each worker has a demo server
 * (public pages, which some tests add to) and an admin server (demo content too; the admin tests add, edit and
 * delete), so workers never change each other's records. Shared by all: a server on an empty database (for the
 * empty states; nothing writes to it) and one without demo content that the stored-XSS test fills with hostile
 * records. Each server starts from a copy of a data directory prepared once (tests/browser/prepare-data.js).
 * BROWSER_TEST_WORKERS (default 2: four were no faster on 2 cores), BROWSER_TEST_PORT (default 4173; the servers take it and the ports
 * after it, two per worker, and tests/browser/servers.js, which starts them all at once, the next one) and BUILD_DIR let several
 * runs work side by side.
 *
 * `npm test` runs on the desktop every test but those tagged @phone (whose point is the width), and those at 360 px
 * with tour.spec.ts (every page loaded, scanned and checked for horizontal scroll). `npm run test:full`
 * (PNEUMA_TEST_MATRIX=full) runs every test at both widths.
 */
const PORT = Number(process.env.BROWSER_TEST_PORT ?? 4173);
/** The staff account on every test server (tests/browser/support.ts has it too). */
const ACCOUNT = { ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "browser-test-password" };
const WORKERS = Number(process.env.BROWSER_TEST_WORKERS ?? 2);
const FULL_MATRIX = process.env.PNEUMA_TEST_MATRIX === "full";
const EMPTY_PORT = PORT + 1;
/** Only xss.spec.ts uses this one: every record on it is a script/HTML payload, so no other test may read it. */
const XSS_PORT = PORT + 3;
const demoPort = (worker: number) => (worker === 0 ? PORT : PORT + 2 + 2 * worker);
const adminPort = (worker: number) => (worker === 0 ? PORT + 2 : PORT + 3 + 2 * worker);
// Workers load this file again (Playwright sets TEST_PARALLEL_INDEX, 0 to WORKERS - 1, in each): each gets its servers.
const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

// Workers load this file again: keep the directories the main process chose. The process that made a
// directory removes it when it exits (after the servers have stopped); one given in the environment stays.
// Data is prepared only for a test run: other tools read this file too (knip, editors), without a build.
const testRun = process.argv.slice(2).includes("test") && !process.argv.includes("--list");
function tempDir(variable: string, prefix: string, fill?: (dir: string) => void): string {
  const given = process.env[variable];
  if (given) return given;
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (testRun) fill?.(dir);
  process.env[variable] = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
/**
 * Under `npm test` the API steps have made a migrated embedded database and (when a file asked) its copy with
 * the demo content (PNEUMA_TEST_RUN_DIR, tests/support/global-setup.ts): copied in, they spare the servers of
 * prepare-data.js initdb, the migrations and the pictures. Copies of the same code's work, not a shortcut.
 */
function fromRun(dir: string, made: "pglite-template" | "pglite-seeded"): boolean {
  const from = process.env.PNEUMA_TEST_RUN_DIR ? path.join(process.env.PNEUMA_TEST_RUN_DIR, made) : null;
  if (!from || !existsSync(path.join(from, "done"))) return false;
  for (const part of ["db", "uploads"]) {
    if (existsSync(path.join(from, part))) execFileSync("cp", ["-R", "-p", path.join(from, part), dir]);
  }
  return true;
}
const SEEDED = tempDir("BROWSER_TEST_SEEDED_DATA", "pneuma-browser-seeded-", (seeded) => {
  const empty = tempDir("BROWSER_TEST_EMPTY_DATA", "pneuma-browser-empty-data-");
  // Both copied from the run: migrated and seeded already, so nothing is left for prepare-data.js (each server
  // creates its staff account as on any first start); otherwise it makes what is missing.
  const emptyReady = fromRun(empty, "pglite-template");
  const seededReady = fromRun(seeded, "pglite-seeded");
  if (!seededReady) fromRun(seeded, "pglite-template");
  if (emptyReady && seededReady) return;
  const env = { ...process.env, BUILD_DIR: process.env.BUILD_DIR ?? "build", ...ACCOUNT, RATE_LIMITS: "off" };
  execFileSync(process.execPath, ["tests/browser/prepare-data.js", seeded, "true", empty, "false"], { stdio: "inherit", env });
});
const EMPTY = process.env.BROWSER_TEST_EMPTY_DATA!;
/** A data directory of this run for one server: a copy of the prepared one, with or without demo content. */
const dataDir = (variable: string, prefix: string, seeded: boolean) =>
  // The system's cp: a data directory is over a thousand small files, which fs.cpSync copies far slower.
  tempDir(variable, prefix, (dir) => execFileSync("cp", ["-R", "-p", `${seeded ? SEEDED : EMPTY}/.`, dir]));
process.env.BROWSER_TEST_EMPTY_URL = `http://127.0.0.1:${EMPTY_PORT}`;
process.env.BROWSER_TEST_ADMIN_URL = `http://127.0.0.1:${adminPort(worker)}`;
process.env.BROWSER_TEST_XSS_URL = `http://127.0.0.1:${XSS_PORT}`;

/**
 * Debian's chromium-headless-shell (what Playwright itself runs headless) when installed: the full browser in
 * its headless mode made the same run take 6.5 minutes instead of 3.6 on 2 cores.
 */
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ??
  "/usr/bin/chromium";
const chromium = {
  executablePath: CHROMIUM_PATH,
  args: [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

/** Every test server (tests/browser/servers.js starts them side by side): its port and data directory. */
const SERVERS = [
  { port: EMPTY_PORT, dataDir: dataDir("BROWSER_TEST_EMPTY_DATA_DIR", "pneuma-browser-empty-", false) },
  { port: XSS_PORT, dataDir: dataDir("BROWSER_TEST_XSS_DATA_DIR", "pneuma-browser-xss-", false) },
  ...Array.from({ length: WORKERS }, (_, w) => [
    { port: demoPort(w), dataDir: dataDir(`BROWSER_TEST_DATA_DIR_${w}`, `pneuma-browser-${w}-`, true) },
    { port: adminPort(w), dataDir: dataDir(`BROWSER_TEST_ADMIN_DATA_DIR_${w}`, `pneuma-browser-admin-${w}-`, true) },
  ]).flat(),
];
/** Where servers.js answers once every server is up: the port after the last server's. */
const READY_PORT = PORT + 2 + 2 * WORKERS;

export default defineConfig({
  testDir: "tests/browser",
  outputDir: `test-results/browser-${PORT}`,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  // CI (a clean clone on a 2-core machine of varying speed, whose one run decides whether a submission lands)
  // tries a failed test once more; a test that passes then is listed as flaky at the end of `npm test`, to be
  // mended. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/browser.json" }],
    // Fails the run when a test does not say why it needs a browser (README, "Tests").
    ["./tests/support/browser-reasons-reporter.ts"],
  ],
  // A trace is recorded when CI tries a failed test again: recording every test cost time on every run.
  use: { baseURL: `http://127.0.0.1:${demoPort(worker)}`, trace: "on-first-retry", launchOptions: chromium },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
      // The tour is the phone's check of every page (the desktop's are in each page's own tests). A test tagged
      // @phone runs at 360 px only (its point is the narrow width; its journey needs showing once), unless it
      // is tagged @layout too: it then checks the layout at both widths.
      testIgnore: ["**/tour.spec.ts"],
      ...(FULL_MATRIX ? {} : { grepInvert: /^(?!.*@layout).*@phone/ }),
    },
    {
      name: "phone",
      use: { ...devices["Pixel 5"], viewport: { width: 360, height: 780 }, launchOptions: chromium },
      // Stored XSS does not depend on the viewport, and its server may be seeded by one project only.
      testIgnore: ["**/xss.spec.ts"],
      // @html tests start no browser: the width means nothing to them.
      ...(FULL_MATRIX ? { grepInvert: /@html/ } : { grep: /@phone/, grepInvert: /@html/ }),
    },
  ],
  webServer: {
    command: "node tests/browser/servers.js",
    url: `http://127.0.0.1:${READY_PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      BROWSER_TEST_SERVERS: JSON.stringify(SERVERS),
      READY_PORT: String(READY_PORT),
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      SEED_DEMO: "false",
      ...ACCOUNT,
      LOG_LEVEL: "warn",
      RATE_LIMITS: "off",
    },
  },
});
