// `npm test`: the type check, lint, build, unit and screen tests in two lanes side by side, the API tests on
// PGlite, the API files where the driver matters again on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL)
// is set (tests/matrix.json), then the browser tests against the production build: on a desktop every test
// but the phone's, and at 360 px the phone's tests and a tour of every page (playwright.config.ts).
// `npm run test:full` (--full) runs the whole matrix: every API file on both databases, every browser test at
// both widths. Starts with the machine's speed (bench/yardstick.js: a fixed CPU workload, and the bench's
// ceiling in req/s) and ends with each step's wall time and CPU-seconds against tests/budget.json (scaled by
// the CPU yardstick; a warning from 90% of a budget), the ten slowest files, and one line
// "N passed, N failed, N skipped".
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { ceilingYardstick, cpuYardstick } from "../bench/yardstick.js";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const full = process.argv.includes("--full");
const runStarted = Date.now();
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const reports = path.join(root, "test-results", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// Test data (every test server's database, the browsers' profiles) in memory when the machine has a tmpfs:
// the API tests copy and open a data directory of over a thousand files per server, and PostgreSQL's
// fsyncs on a disk cost more than the queries. Removed at the end; the children find it through TMPDIR.
const ramFree = () => {
  const fs = statfsSync("/dev/shm");
  return fs.bavail * fs.bsize;
};
const ramDir = existsSync("/dev/shm") && ramFree() > 2 * 1024 ** 3 ? mkdtempSync(path.join("/dev/shm", "pneuma-test-")) : null;
if (ramDir) process.env.TMPDIR = ramDir;
// Data the vitest steps prepare once and share (tests/support/global-setup.ts): the migrated template and its
// seeded copy. Removed at the end with the rest of the run's test data.
const runDir = mkdtempSync(path.join(ramDir ?? os.tmpdir(), "pneuma-run-"));
process.env.PNEUMA_TEST_RUN_DIR = runDir;
process.on("exit", () => rmSync(ramDir ?? runDir, { recursive: true, force: true }));

/** CPU-seconds each step may use on the machine whose yardstick it names (README, "Tests"). */
const budget = JSON.parse(readFileSync(path.join(root, "tests", "budget.json"), "utf8"));

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** [name, wall ms, CPU-seconds] of each step. */
const stepTimes = [];
// Seconds per test file ("layer › file"), for the ten slowest at the end.
const fileTimes = [];
// Names of failed tests, repeated at the very end: CI logs are often read from the tail only.
const failedTests = [];
// Browser tests that failed and then passed on CI's one retry (playwright.config.ts): passed, but named.
const flakyTests = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A step's command, run by sh, which waits for it and then writes its own /proc stat: its children's
 * CPU time (cutime, cstime) is then the step's, its browsers and servers included (each is waited for by
 * its parent). Node cannot read a child's CPU time any other way.
 */
function measured(name, command, args) {
  const statFile = path.join(reports, `${name.replaceAll(" ", "-")}.stat`);
  const script = 'status=0; "$@" || status=$?; cat /proc/$$/stat > "$0"; exit $status';
  return { command: "sh", args: ["-c", script, statFile, command, ...args], statFile };
}

/** CPU-seconds (user + system) of the waited-for children in a /proc/<pid>/stat file; NaN if unreadable. */
function childCpuSeconds(statFile) {
  try {
    const text = readFileSync(statFile, "utf8");
    // Fields after the command's name, which is in parentheses and may hold spaces: cutime, cstime are 16, 17.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** USER_HZ: the unit of /proc's times (100 on Linux). */
const CLOCK_TICKS = 100;

/** Busy CPU-seconds of the whole machine so far (/proc/stat): browsers and PostgreSQL's server included. */
function machineCpuSeconds() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/**
 * Runs one step; resolves true when it passed. `alone`: nothing else of the run is working beside it, so the
 * machine's busy CPU-seconds over the step are its own. That figure counts what the per-process one cannot:
 * Chromium's renderers (which no parent waits for) and the PostgreSQL server. Output goes straight through,
 * or (`alone` false, a step beside others) is printed whole when the step ends.
 */
function runStep({ name, command, args, env = {}, after }, alone) {
  const started = Date.now();
  const machineBefore = machineCpuSeconds();
  const run = measured(name, command, args);
  const child = spawn(run.command, run.args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      if (output.trim()) console.log(`── ${name}\n${output.trimEnd()}`);
      const ms = Date.now() - started;
      const cpu = childCpuSeconds(run.statFile);
      const machine = alone ? machineCpuSeconds() - machineBefore : Number.NaN;
      const ok = code === 0;
      const machineNote = Number.isNaN(machine) ? "" : `, ${machine.toFixed(0)} CPU-s of the machine`;
      console.log(`${ok ? "✔" : "✖"} ${name} (${seconds(ms)}, ${cpu.toFixed(0)} CPU-s${machineNote})`);
      stepTimes.push([name, ms, cpu, machine]);
      if (!ok) failedSteps.push(name);
      after?.();
      resolve(ok);
    });
  });
}

/** One step with the machine to itself. */
async function step(definition) {
  console.log(`\n▶ ${definition.name}`);
  return runStep(definition, true);
}

/** Lanes side by side (each about one core's work), the steps of a lane one after another. */
async function lanes(list) {
  console.log(`\n▶ ${list.map((lane) => lane.map((s) => s.name).join(", then ")).join("; beside it ")}`);
  await Promise.all(
    list.map(async (lane) => {
      for (const definition of lane) {
        await definition.waitFor; // a step of the other lane it needs
        await runStep(definition, false);
      }
    }),
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

/**
 * Each step's wall time and CPU-seconds beside its budget, scaled by the machine's speed (a machine half as
 * fast is allowed twice the CPU-seconds); returns the steps at 90% of their budget or more, for the summary.
 * A step that had the machine to itself is measured by the machine's busy CPU-seconds (its browsers and the
 * PostgreSQL server included), the steps in lanes by their own processes'.
 */
function printBudget() {
  const scale = budget.yardstick.cpu / speed;
  const matrix = full ? "the full matrix" : "npm test";
  console.log(`\nTime per step (${matrix}; CPU-s budget scaled ×${scale.toFixed(2)} by the yardstick):`);
  const warnings = [];
  for (const [name, ms, own, machine] of stepTimes) {
    const cpu = Number.isNaN(machine) ? own : machine;
    const allowed = full ? undefined : budget.cpuSeconds[name];
    let mark = "";
    if (allowed !== undefined && !Number.isNaN(cpu)) {
      const share = cpu / (allowed * scale);
      mark = `  ${Math.round(share * 100)}% of ${Math.round(allowed * scale)}`;
      if (share >= 0.9) {
        mark += share > 1 ? "  ⚠ over budget" : "  ⚠ near budget";
        warnings.push(`${name} ${cpu.toFixed(0)} CPU-s, ${Math.round(share * 100)}% of ${Math.round(allowed * scale)}`);
      }
    }
    const kind = Number.isNaN(machine) ? "own" : "machine";
    console.log(`  ${seconds(ms).padStart(8)}  ${`${cpu.toFixed(0)} CPU-s`.padStart(10)} ${kind.padEnd(7)}  ${name}${mark}`);
  }
  const wall = Date.now() - runStarted;
  const machine = machineCpuSeconds() - machineAtStart;
  console.log(
    `  ${seconds(wall).padStart(8)}  ${`${machine.toFixed(0)} CPU-s`.padStart(10)} machine  in all (after the yardsticks)`,
  );
  console.log(`  ${Math.round((wall / 1000) * (speed / budget.yardstick.cpu))} s at the speed of the budget's machine`);
  return warnings;
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

/** A vitest step: its JSON report and file times are read when it ends. */
function vitestStep(name, project, label, env = {}, files = []) {
  const out = path.join(reports, `${label.replaceAll(" ", "-")}.json`);
  const times = `${out}.times`;
  const matrix = full ? { PNEUMA_TEST_MATRIX: "full" } : {};
  return {
    name,
    command: bin("vitest"),
    args: vitestArgs(project, out, files),
    env: { ...env, ...matrix, FILE_TIMES_OUTPUT: times },
    after() {
      countVitest(out, name.replace(" tests", ""));
      if (!existsSync(times)) return;
      for (const [file, ms] of Object.entries(JSON.parse(readFileSync(times, "utf8")))) {
        fileTimes.push([`${label} › ${path.relative(root, file)}`, ms]);
      }
    },
  };
}

// The machine's speed first, while nothing else runs: every time below is read by it.
const speed = cpuYardstick();
const ceiling = await ceilingYardstick().catch((err) => `not measured (${firstLine(err.message)})`);
console.log(
  `Yardstick: CPU ${speed} rounds/s (tests/budget.json's machine: ${budget.yardstick.cpu}); ` +
    `bench ceiling ${ceiling} req/s (issue 43's reference machine: 10,869; it also measures the loopback network)`,
);

// The machine's CPU-seconds from here on, for the total at the end.
const machineAtStart = machineCpuSeconds();
// Two lanes of about one core each: the type check is one process on one core, and the unit and screen
// steps need neither it nor each other. The screen and API tests need the build (global-setup.ts), so they
// come after it. (The type check is the longest step: the unit tests follow it, the screen tests the build.)
let built;
const building = new Promise((resolve) => {
  built = resolve;
});
await lanes([
  [
    { name: "type check", command: "npm", args: ["run", "--silent", "typecheck"] },
    // Some read the build (tests/unit/server-bundle.test.ts, nginx-config.test.ts).
    { ...vitestStep("unit tests", "unit", "unit"), waitFor: building },
  ],
  [
    { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
    { name: "build", command: process.execPath, args: ["scripts/build-if-stale.js"], after: () => built() },
    // The admin screens in happy-dom against a real API server (tests/support/screen.tsx).
    vitestStep("screen tests", "screen", "screen"),
  ],
]);
await step(vitestStep("API tests on PGlite", "api", "API on PGlite", { PNEUMA_TEST_DB: "pglite" }));

if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) {
  // The gate runs the files where the driver matters (tests/matrix.json says why for each); --full runs all.
  const { postgresFiles } = JSON.parse(readFileSync(path.join(root, "tests", "matrix.json"), "utf8"));
  const files = full ? [] : Object.keys(postgresFiles).map((file) => `tests/api/${file}`);
  await step(vitestStep("API tests on PostgreSQL", "api", "API on PostgreSQL", { PNEUMA_TEST_DB: "postgres" }, files));
} else {
  console.log("\n(API tests on PostgreSQL not run: set TEST_DATABASE_URL to run them.)");
}

const browser = path.join(reports, "browser.json");
await step({
  name: "browser tests",
  command: bin("playwright"),
  args: ["test"],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: browser, ...(full ? { PNEUMA_TEST_MATRIX: "full" } : {}) },
  after: () => countPlaywright(browser),
});

const overBudget = printBudget();
console.log("Ten slowest files:");
for (const [name, ms] of fileTimes.sort((a, b) => b[1] - a[1]).slice(0, 10)) {
  console.log(`  ${seconds(ms).padStart(8)}  ${name}`);
}

console.log("");
if (flakyTests.length) {
  console.log(`Flaky (failed, then passed on the retry): mend them\n${flakyTests.map((line) => `  ${line}`).join("\n")}`);
}
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((line) => `  ${line}`).join("\n")}`);
if (overBudget.length) console.log(`Near or over the CPU budget (tests/budget.json): ${overBudget.join("; ")}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(", ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
