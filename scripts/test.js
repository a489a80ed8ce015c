// `npm test`: type check, lint, unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL (or DATABASE_URL) is set, then the browser tests against the production build.
// Ends with one line "N passed, N failed, N skipped" over every test that ran.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reports = path.join(root, "test-results", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
// Names of failed tests, repeated at the very end: CI logs are often read from the tail only.
const failedTests = [];
// Browser tests that failed and then passed on CI's one retry (playwright.config.ts): passed, but named.
const flakyTests = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? "✔" : "✖"} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function countVitest(file, label) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const failures = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failures) {
      failedTests.push(`${label} › ${where} › ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that fails to load has no test results, only a message.
    if (suite.status === "failed" && failures.length === 0) {
      failedTests.push(`${label} › ${where}\n    ${firstLine(suite.message)}`);
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const stats = report.stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
  const testDir = report.config?.rootDir ?? root;
  // Top-level suites are files; nested ones are describe blocks, whose titles name the test.
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const name = `browser [${test.projectName}] › ${path.relative(root, path.join(testDir, spec.file))}:${spec.line} › ${[...titles, spec.title].join(" › ")}`;
        if (test.status === "flaky") {
          flakyTests.push(`${name}\n    first try: ${firstLine(test.results?.[0]?.error?.message)}`);
          continue;
        }
        failedTests.push(`${name}\n    ${firstLine(test.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
}

function firstLine(text) {
  // Without terminal colours, so the line reads the same in a log file.
  const plain = stripVTControlCharacters(String(text ?? ""));
  return plain.split("\n").find((line) => line.trim()) ?? "(no message)";
}

const vitestArgs = (project, out) => [
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${out}`,
];

step("type check", "npm", ["run", "--silent", "typecheck"]);
step("lint", "npm", ["run", "--silent", "lint"]);
step("build", process.execPath, ["scripts/build-if-stale.js"]);

const unit = path.join(reports, "unit.json");
step("unit tests", bin("vitest"), vitestArgs("unit", unit));
countVitest(unit, "unit");

const apiPglite = path.join(reports, "api-pglite.json");
step("API tests on PGlite", bin("vitest"), vitestArgs("api", apiPglite), { PNEUMA_TEST_DB: "pglite" });
countVitest(apiPglite, "API on PGlite");

if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) {
  const apiPostgres = path.join(reports, "api-postgres.json");
  step("API tests on PostgreSQL", bin("vitest"), vitestArgs("api", apiPostgres), { PNEUMA_TEST_DB: "postgres" });
  countVitest(apiPostgres, "API on PostgreSQL");
} else {
  console.log("\n(API tests on PostgreSQL not run: set TEST_DATABASE_URL to run them.)");
}

const browser = path.join(reports, "browser.json");
step("browser tests", bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: browser });
countPlaywright(browser);

console.log("");
if (flakyTests.length) {
  console.log(`Flaky (failed, then passed on the retry): mend them\n${flakyTests.map((line) => `  ${line}`).join("\n")}`);
}
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((line) => `  ${line}`).join("\n")}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
