// The production server the benchmarks measure: built if stale (BUILD_DIR, default build/; checked once
// per run), started on a fresh data directory (so the demo content is loaded), on a free port, with rate
// limits off. Used by bench/run.js and bench/lighthouse.js; the server process itself is bench/process.js's
// startServer, as for bench/load.js and bench/crash.js.
// `startBenchServer(extraEnv, { dataDir })` reuses a data directory a previous server left (stop({ keepData })),
// e.g. to restart with other settings or after bench/catalogue.js added products. An env value of
// `undefined` removes that variable from the server's environment.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfStale, startServer } from "./process.js";

/** Built at most once per run: a run measures one build, even if sources change meanwhile. */
let built = false;

export async function startBenchServer(extraEnv = {}, options = {}) {
  if (!built) buildIfStale();
  built = true;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "pneuma-bench-"));
  let server;
  try {
    server = await startServer({ NODE_ENV: "production", DATA_DIR: dataDir, RATE_LIMITS: "off", ...extraEnv });
  } catch (err) {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...server,
    dataDir,
    /** Stops the server (SIGTERM, waits for it); the data directory is removed unless `keepData`. */
    async stop({ keepData = false } = {}) {
      await server.stop();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
