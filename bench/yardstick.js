// The machine's speed, for reading a test run's times by (scripts/test.js measures both before the tests):
// - `cpuYardstick()`: a fixed piece of work on one core (gzip, JSON, a hash, the kinds of work our tests do),
//   in rounds per second, the best of a few. It scales tests/budget.json: CPU-seconds follow it.
// - `ceilingYardstick()`: the ceiling of bench/run.js's section 4 (bench/ceiling.js: Express with our headers
//   and request log sending a fixed 10 KB of gzip, 50 connections from autocannon), the figure
//   `npm run bench -- --only=ceiling` gives, measured for less time (a rate reads the same). It also measures
//   the loopback network, which some sandboxes slow down far more than the CPU: printed, not used to scale.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { measure } from "./measure.js";
import { startServer } from "./process.js";

/** A deterministic page-like text: the same work on every machine. */
function sampleText() {
  const words = ["compressor", "screw", "dryer", "filter", "bar", "kW", '<div class="card">', "</div>", "\n"];
  let seed = 20261129;
  let text = "";
  while (text.length < 400_000) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    text += `${words[seed % words.length]}${seed % 7 === 0 ? seed % 1000 : ""} `;
  }
  return text;
}

/** Rounds per second of the fixed work, the best of `tries` half-second samples (least disturbed by others). */
export function cpuYardstick({ tries = 5 } = {}) {
  const text = sampleText();
  const rows = Array.from({ length: 2_000 }, (_, i) => ({ id: i, name: `Product ${i}`, price: i * 1234, tags: ["a", "b"] }));
  const round = () => {
    gzipSync(text, { level: 6 });
    JSON.parse(JSON.stringify(rows));
    createHash("sha256").update(text).digest();
  };
  round();
  let best = 0;
  for (let t = 0; t < tries; t++) {
    const started = performance.now();
    let rounds = 0;
    while (performance.now() - started < 500) {
      round();
      rounds++;
    }
    best = Math.max(best, rounds / ((performance.now() - started) / 1000));
  }
  return Math.round(best * 10) / 10;
}

/** Requests per second of the bench's ceiling on this machine now. */
export async function ceilingYardstick({ seconds = 3, warmUpSeconds = 2 } = {}) {
  const ceiling = await startServer(
    { NODE_ENV: "production", LOG_LEVEL: "info" },
    { script: "bench/ceiling.js", nodeArgs: ["--import", "tsx"] },
  );
  try {
    const url = `${ceiling.baseUrl}/gzip-10k`;
    const options = { connections: 50, client: "autocannon", headers: { "Accept-Encoding": "gzip" } };
    await measure(url, { ...options, seconds: warmUpSeconds });
    return Math.round((await measure(url, { ...options, seconds })).rps);
  } finally {
    await ceiling.stop();
  }
}
