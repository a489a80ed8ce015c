// `npm test`: type check and lint side by side, unit and API tests on PGlite, the API files where the driver
// matters again on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set (tests/matrix.json), then the
// browser tests against the production build: every test on a desktop, the phone's tests and a tour of
// every page at 360 px (playwright.config.ts). `npm run test:full` (--full) runs the whole matrix: every API
// file on both databases, every browser test at both widths.
// Ends with the time of each step, the ten slowest files, and one line "N passed, N failed, N skipped".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const full = process.argv.includes("--full");
const runStarted = Date.now();
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reports = path.join(root, "test-results", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const stepTimes = [];
// Seconds per test file ("layer › file"), for the ten slowest at the end.
const fileTimes = [];
// Names of failed tests, repeated at the very end: CI logs are often read from the tail only.
const failedTests = [];
// Browser tests that failed and then passed on CI's one retry (playwright.config.ts): passed, but named.
const flakyTests = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function finish(name, ok, started) {
  const ms = Date.now() - started;
  console.log(`${ok ? "✔" : "✖"} ${name} (${seconds(ms)})`);
  stepTimes.push([name, ms]);
  if (!ok) failedSteps.push(name);
  return ok;
}

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return finish(name, result.status === 0, started);
}

/** Steps that run side by side (each takes about one core); each one's output is printed whole when it ends. */
function stepsSideBySide(steps) {
  console.log(`\n▶ ${steps.map((s) => s.name).join(" and ")}, side by side`);
  return Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = "";
          child.stdout.on("data", (d) => {
            output += d;
          });
          child.stderr.on("data", (d) => {
            output += d;
          });
          child.on("close", (code) => {
            if (output.trim()) console.log(`── ${name}\n${output.trimEnd()}`);
            resolve(finish(name, code === 0, started));
          });
        }),
    ),
  );
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
  const perFile = new Map();
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const key = `browser [${test.projectName}] › ${path.relative(root, path.join(testDir, spec.file))}`;
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        perFile.set(key, (perFile.get(key) ?? 0) + ms);
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
  fileTimes.push(...perFile);
}

function firstLine(text) {
  // Without terminal colours, so the line reads the same in a log file.
  const plain = stripVTControlCharacters(String(text ?? ""));
  return plain.split("\n").find((line) => line.trim()) ?? "(no message)";
}

const vitestArgs = (project, out, files = []) => [
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  "--reporter=./tests/support/file-times-reporter.ts",
  `--outputFile.json=${out}`,
  ...files,
];

function vitestStep(name, project, label, env = {}, files = []) {
  const out = path.join(reports, `${label.replaceAll(" ", "-")}.json`);
  const times = `${out}.times`;
  step(name, bin("vitest"), vitestArgs(project, out, files), { ...env, FILE_TIMES_OUTPUT: times });
  countVitest(out, name.replace(" tests", ""));
  if (existsSync(times)) {
    for (const [file, ms] of Object.entries(JSON.parse(readFileSync(times, "utf8")))) {
      fileTimes.push([`${label} › ${path.relative(root, file)}`, ms]);
    }
  }
}

await stepsSideBySide([
  { name: "type check", command: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
]);
step("build", process.execPath, ["scripts/build-if-stale.js"]);

vitestStep("unit tests", "unit", "unit");
vitestStep("API tests on PGlite", "api", "API on PGlite", { PNEUMA_TEST_DB: "pglite" });

if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) {
  // The gate runs the files where the driver matters (tests/matrix.json says why for each); --full runs all.
  const { postgresFiles } = JSON.parse(readFileSync(path.join(root, "tests", "matrix.json"), "utf8"));
  const files = full ? [] : Object.keys(postgresFiles).map((file) => `tests/api/${file}`);
  vitestStep("API tests on PostgreSQL", "api", "API on PostgreSQL", { PNEUMA_TEST_DB: "postgres" }, files);
} else {
  console.log("\n(API tests on PostgreSQL not run: set TEST_DATABASE_URL to run them.)");
}

const browser = path.join(reports, "browser.json");
step("browser tests", bin("playwright"), ["test"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: browser,
  ...(full ? { PNEUMA_TEST_MATRIX: "full" } : {}),
});
countPlaywright(browser);

console.log(`\nTime per step (${full ? "the full matrix" : "npm test"}):`);
for (const [name, ms] of stepTimes) console.log(`  ${seconds(ms).padStart(8)}  ${name}`);
console.log(`  ${seconds(Date.now() - runStarted).padStart(8)}  in all`);
console.log("Ten slowest files:");
for (const [name, ms] of fileTimes.sort((a, b) => b[1] - a[1]).slice(0, 10)) {
  console.log(`  ${seconds(ms).padStart(8)}  ${name}`);
}

console.log("");
if (flakyTests.length) {
  console.log(`Flaky (failed, then passed on the retry): mend them\n${flakyTests.map((line) => `  ${line}`).join("\n")}`);
}
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((line) => `  ${line}`).join("\n")}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
