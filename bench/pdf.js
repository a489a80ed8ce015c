// `npm run bench:pdf`: does the quotation PDF stall the site (issue 44)? A production server on a fresh
// database with demo content (rate limits off); 20 quotations of 100 long lines (about 50 pages each) made
// through the API. While one client asks for the home page again and again, timed:
//   1. nothing else (the baseline);
//   2. 20 clients downloading one buyer's PDF link over and over for 10 s (BENCH_SECONDS);
//   3. 20 clients each downloading another quotation's PDF for the first time (20 PDFs made at once).
// Prints the home page's p50/p99 in each, and the PDFs' count and time. No timed assertions: fails (exit 1)
// only when a request fails.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  api,
  buildIfStale,
  interStateCustomer,
  login,
  onCleanup,
  percentile,
  removeAtCleanup,
  runMain,
  startServer,
} from "./process.js";

const CLIENTS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** `count` quotations of 100 lines for one deal; their buyer links. */
async function makeQuotations(baseUrl, token, count) {
  const { me, customer } = await interStateCustomer(baseUrl, token, {
    name: "R. Kulkarni",
    email: "purchase@pune-forgings.example",
  });
  const deal = await api(baseUrl, token, "POST", "/api/deals", {
    title: "Spares for the year",
    customerId: customer._id,
    ownerId: me._id,
  });
  const lines = Array.from({ length: 100 }, (_, i) => ({
    description: `Spare ${i + 1}: ${"filter element, oil separator and gasket set for the screw compressor ".repeat(5)}`,
    hsn: "84149090",
    quantity: 1 + (i % 4),
    unitPrice: (1250.5 * (1 + (i % 7))).toFixed(2),
  }));
  const links = [];
  for (let i = 0; i < count; i++) {
    const made = await api(baseUrl, token, "POST", "/api/quotations", { dealId: deal._id, lines });
    const read = await api(baseUrl, token, "GET", `/api/quotations/${made._id}`);
    links.push(`${read.buyerPath}/pdf`);
  }
  return links;
}

/** Downloads `url` and checks it is a PDF. */
async function download(baseUrl, url) {
  const res = await fetch(baseUrl + url);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || body.subarray(0, 5).toString() !== "%PDF-") throw new Error(`GET ${url}: ${res.status}`);
}

/** Asks for the home page, one request after the other, until `until()` is true: p50/p99 ms. */
async function timeHome(baseUrl, until) {
  const ms = [];
  while (!until() || ms.length < 20) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /: ${res.status}`);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { requests: ms.length, "p50 ms": Math.round(percentile(ms, 50)), "p99 ms": Math.round(percentile(ms, 99)) };
}

async function main() {
  buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), "pneuma-pdf-"));
  removeAtCleanup(dataDir);
  const admin = { username: "bench-admin", password: randomBytes(12).toString("hex") };
  const server = await startServer({
    DATA_DIR: dataDir,
    RATE_LIMITS: "off",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: "true",
    SMTP_URL: undefined,
  });
  onCleanup(() => server.stop());
  const token = await login(server.baseUrl, admin.username, admin.password);
  const links = await makeQuotations(server.baseUrl, token, CLIENTS + 1);
  const rows = {};

  let end = performance.now() + 3000;
  rows["nothing else"] = await timeHome(server.baseUrl, () => performance.now() > end);

  await download(server.baseUrl, links[0]); // made once; then served again
  end = performance.now() + SECONDS * 1000;
  let served = 0;
  const oneLink = Array.from({ length: CLIENTS }, async () => {
    while (performance.now() < end) {
      await download(server.baseUrl, links[0]);
      served++;
    }
  });
  rows[`${CLIENTS} clients on one PDF link`] = await timeHome(server.baseUrl, () => performance.now() > end);
  await Promise.all(oneLink);
  rows[`${CLIENTS} clients on one PDF link`].PDFs = served;

  let left = CLIENTS;
  const t0 = performance.now();
  const firsts = links.slice(1).map((link) => download(server.baseUrl, link).then(() => left--));
  rows[`${CLIENTS} PDFs made at once`] = await timeHome(server.baseUrl, () => left === 0);
  await Promise.all(firsts);
  rows[`${CLIENTS} PDFs made at once`].PDFs = CLIENTS;
  const madeIn = (performance.now() - t0) / 1000;

  console.log(`\nThe home page, one request after another, while (quotations of 100 lines, about 50 pages):`);
  console.table(rows);
  console.log(`${CLIENTS} PDFs made in ${madeIn.toFixed(1)} s; server CPU ${server.cpuSeconds().toFixed(1)} s in all`);
  return 0;
}

await runMain(main);
