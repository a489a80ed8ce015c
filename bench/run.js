// `npm run bench`: starts its own production server on a fresh database with demo content and prints
// requests/s and latency (p50/p99) per endpoint, then the server's peak memory. Figures only; nothing
// here passes or fails. Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
import autocannon from "autocannon";
import { startBenchServer } from "./server.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const server = await startBenchServer();
const { baseUrl } = server;

const product = (await (await fetch(`${baseUrl}/api/product?limit=1`)).json()).data[0];
const targets = [
  ["home page", "/"],
  ["GET /api/product", "/api/product"],
  ["GET /api/category", "/api/category"],
  ["GET /api/product/{id}", `/api/product/${product._id}`],
];

const rows = [];
for (const [name, p] of targets) {
  const result = await autocannon({ url: baseUrl + p, connections, duration: seconds });
  rows.push({
    endpoint: name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}

console.log(`\n${connections} connections, ${seconds} s each, against ${baseUrl}`);
console.table(rows);
console.log(`server peak memory (RSS high-water mark): ${server.peakMemoryMb().toFixed(0)} MB`);
await server.stop();
