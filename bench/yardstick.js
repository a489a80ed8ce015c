// The machine's speed in one figure, for reading a time by (scripts/test.js prints it before the tests):
// the ceiling of bench/run.js's section 4 (bench/ceiling.js: Express with our headers and request log,
// sending a fixed 10 KB of gzip), 50 connections from autocannon, after a short warm-up. The same figure as
// `npm run bench -- --only=ceiling`, measured for less time: it is a rate, so a short run reads the same.
import { measure } from "./measure.js";
import { startServer } from "./process.js";

/** Requests per second of the ceiling on this machine now. */
export async function yardstick({ seconds = 3, warmUpSeconds = 2 } = {}) {
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
