// Run by playwright.config.ts before the test servers start: `node tests/browser/prepare-data.js DIR SEED …`
// starts the production server once per data directory (SEED: true for the demo content, false for none),
// lets it migrate, create the staff account and seed, and stops it cleanly. Every browser test server then
// starts from a copy of one of these, instead of each running initdb, the migrations and the seeding itself.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const pairs = [];
for (let i = 2; i < process.argv.length; i += 2) pairs.push([process.argv[i], process.argv[i + 1] === "true"]);

function prepare(dataDir, seed) {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_DEMO: String(seed),
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    let stopping = false;
    const timer = setTimeout(() => server.kill("SIGKILL"), 120_000);
    server.stdout.on("data", (d) => {
      out += d;
      const running = /running at (http:\/\/[^"\s]+)/.exec(out);
      if (stopping || !running) return;
      stopping = true;
      // Once it has answered a request (its signal handlers are in place by then: before, a SIGTERM would end
      // it on the spot), and once only (a second SIGTERM would too).
      fetch(`${running[1]}/api/health`)
        .catch(() => {})
        .finally(() => server.kill("SIGTERM"));
    });
    server.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0 && /running at http/.test(out)) resolve();
      else reject(new Error(`preparing ${dataDir} failed (exit ${code}):\n${out}`));
    });
  });
}

await Promise.all(pairs.map(([dir, seed]) => prepare(dir, seed)));
