// `npm run bench:sales`: the sales desk's figures (issue 32). A production server on a fresh database with
// demo content; one customer, deal and quotation of 10 lines made through the API, and its PDF downloaded
// 20 times. Then, the server stopped, the deals table filled to 100,000 (BENCH_DEALS_TOTAL) straight through
// SQL, with 5,000 customers and a quotation on some of the deals; the server started again, and the deals
// list, the dashboard figures, My day and the customers list each timed 20 times, and the deals CSV export
// downloaded while the server's resident memory is sampled every 20 ms.
//
// With DATABASE_URL the server runs on PostgreSQL, in a scratch database created next to that URL's (its
// role needs CREATEDB) and dropped at the end; without it, on embedded PGlite in a temporary data directory.
//
// No timed assertions: fails (exit 1) only when a request fails or the CSV's rows differ from the deals.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import {
  api,
  buildIfStale,
  createScratchDatabase,
  interStateCustomer,
  login,
  onCleanup,
  peakMemoryMb,
  percentile,
  redactUrl,
  removeAtCleanup,
  residentMemoryMb,
  runMain,
  startServer,
} from "./process.js";

const dealsTotal = Number(process.env.BENCH_DEALS_TOTAL ?? 100_000);
const CUSTOMERS = 5000;
const TIMES = 20;

/** The company's GSTIN, a customer in another state (IGST), a deal and a quotation of 10 lines, all through the API. */
async function makeQuotation(baseUrl, token) {
  const { me, customer } = await interStateCustomer(baseUrl, token, {
    name: "R. Kulkarni",
    email: "purchase@pune-forgings.example",
    phone: "+91 98220 12345",
  });
  const deal = await api(baseUrl, token, "POST", "/api/deals", {
    title: "Screw compressors for the forge shop",
    customerId: customer._id,
    ownerId: me._id,
    stage: "quoted",
    expectedValue: 2500000,
  });
  // One line from the catalogue (the dashboard's wins by product count it); nine free lines.
  const product = (await (await fetch(`${baseUrl}/api/product?limit=1`)).json()).data[0];
  const lines = [
    { productId: product._id, description: product.name, hsn: "84148011", quantity: 2, unitPrice: "485000" },
    ...Array.from({ length: 9 }, (_, i) =>
      i % 3 === 2
        ? {
            description: `Installation and commissioning, stage ${i + 1}`,
            hsn: "998717",
            quantity: 1,
            unit: "Job",
            unitPrice: "12500.50",
          }
        : {
            description: `Air dryer and filter set ${i + 1}, with the piping and the fittings to join it`,
            hsn: "84148011",
            quantity: 1 + i,
            unitPrice: (18250.75 * (i + 1)).toFixed(2),
            discountPercent: i % 2 ? 5 : 0,
          },
    ),
  ];
  const quotation = await api(baseUrl, token, "POST", "/api/quotations", { dealId: deal._id, lines });
  return { admin: me, customer, deal, quotation };
}

/** Downloads the quotation's PDF `TIMES` times: p50/p99 ms and its size. */
async function timePdf(baseUrl, token, id) {
  const ms = [];
  let bytes = 0;
  for (let i = 0; i < TIMES; i++) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/quotations/${id}/pdf`, { headers: { "x-auth-token": token } });
    const body = Buffer.from(await res.arrayBuffer());
    ms.push(performance.now() - t0);
    if (res.status !== 200 || body.subarray(0, 5).toString() !== "%PDF-") {
      throw new Error(`GET /api/quotations/${id}/pdf: ${res.status} ${body.subarray(0, 200).toString()}`);
    }
    bytes = body.length;
  }
  ms.sort((a, b) => a - b);
  return { "p50 ms": Math.round(percentile(ms, 50)), "p99 ms": Math.round(percentile(ms, 99)), KB: Math.round(bytes / 1024) };
}

/** The database the server uses, opened directly (the server stopped): run(query, params) and close(). */
async function openDatabase({ dataDir, databaseUrl }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { run: async (q, p) => (await client.query(q, p)).rows, close: () => client.end() };
  }
  const db = await PGlite.create(path.join(dataDir, "db"), { postgresqlconf: ["shared_buffers=16MB"] });
  return { run: async (q, p) => (await db.query(q, p)).rows, close: () => db.close() };
}

// Ids are 24 hex characters; the bench's own start "bc" (customers), "bd" (deals) and "ba" (quotations).
const CUSTOMERS_SQL = `
  INSERT INTO customers (id, name, gstin, billing_address, delivery_address, search_text, created_at, updated_at)
  SELECT 'bc' || lpad(to_hex(g), 22, '0'), 'Bench Customer ' || g, '', a.address, a.address,
    lower('Bench Customer ' || g || ' ' || c.city), now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day'
  FROM generate_series(1, $1::int) g
  CROSS JOIN LATERAL (SELECT (ARRAY['Salem', 'Coimbatore', 'Pune', 'Bengaluru', 'Ahmedabad', 'Kochi'])[1 + g % 6] AS city,
    (ARRAY['Tamil Nadu', 'Tamil Nadu', 'Maharashtra', 'Karnataka', 'Gujarat', 'Kerala'])[1 + g % 6] AS state,
    (ARRAY['636005', '641001', '411026', '560058', '382445', '682030'])[1 + g % 6] AS pincode) c
  CROSS JOIN LATERAL (SELECT jsonb_build_object('line1', 'Plot ' || g || ', Industrial Estate', 'city', c.city,
    'state', c.state, 'pincode', c.pincode, 'country', 'India') AS address) a
  ON CONFLICT (id) DO NOTHING`;

// Over the last 365 days; 45% open (next steps from 10 days overdue to 29 ahead, one in 40 due today), 20%
// won, 35% lost; one in ten unassigned, the others the admin's; a third of the new ones not answered yet.
// Times to the millisecond, as the server writes them: the export pages by (updated_at, id) with JavaScript dates.
const DEALS_SQL = `
  INSERT INTO deals (id, title, customer_id, owner_id, stage, lost_reason, expected_value_paise, expected_close_date,
    next_step_text, next_step_due, received_at, first_response_at, closed_at, search_text, created_at, updated_at)
  SELECT 'bd' || lpad(to_hex(g), 22, '0'), t.title, 'bc' || lpad(to_hex(1 + g % $2::int), 22, '0'),
    CASE WHEN g % 10 = 0 THEN NULL ELSE $3::text END,
    s.stage,
    CASE WHEN s.stage = 'lost' THEN (ARRAY['Price too high', 'Went with a competitor', 'No budget this year', 'No reply'])[1 + g % 4]
      ELSE '' END,
    (20000 + (g * 7919) % 4980000)::bigint * 100,
    CASE WHEN s.open THEN (r.at + interval '45 days')::date END,
    CASE WHEN s.open THEN 'Call to follow up the quotation' ELSE '' END,
    CASE WHEN s.open THEN current_date + ((g % 40) - 10) END,
    r.at,
    CASE WHEN s.stage = 'new' AND g % 3 = 0 THEN NULL ELSE least(r.now, r.at + (g % 72) * interval '1 hour') END,
    CASE WHEN NOT s.open THEN least(r.now, r.at + (1 + g % 60) * interval '1 day') END,
    lower(t.title || ' Bench Customer ' || (1 + g % $2::int)),
    r.at,
    least(r.now, r.at + (g % 240) * interval '1 hour')
  FROM generate_series(1, $1::int) g
  CROSS JOIN LATERAL (SELECT n.now, n.now - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second' AS at
    FROM (SELECT date_trunc('milliseconds', now()) AS now) n) r
  CROSS JOIN LATERAL (SELECT (ARRAY['Screw compressor', 'Air dryer', 'Piston compressor', 'Service contract', 'Spares and filters',
    'Air receiver'])[1 + g % 6] || ' for plant ' || (g % 97) AS title) t
  CROSS JOIN LATERAL (SELECT k.stage, k.stage NOT IN ('won', 'lost') AS open FROM (SELECT (ARRAY['new', 'new', 'new', 'qualified',
    'qualified', 'quoted', 'quoted', 'negotiating', 'negotiating', 'won', 'won', 'won', 'won', 'lost', 'lost', 'lost', 'lost', 'lost',
    'lost', 'lost'])[1 + (g * 7 + g / 13) % 20] AS stage) k) s
  ON CONFLICT (id) DO NOTHING`;

// A copy of the API's quotation on one in 16 of the deals quoted or later, its status from the deal's stage.
const QUOTATIONS_SQL = `
  INSERT INTO quotations (id, number, version, deal_id, customer_id, status, day, valid_until, seller, buyer, inter_state, lines,
    taxable_paise, cgst_paise, sgst_paise, igst_paise, round_off_paise, total_paise, terms, prepared_by, sent_at, viewed_at,
    decided_at, decision, created_at, updated_at)
  SELECT 'ba' || substr(d.id, 3), 'BENCH/' || substr(d.id, 3), 1, d.id, d.customer_id,
    CASE d.stage WHEN 'quoted' THEN 'sent' WHEN 'negotiating' THEN 'viewed' WHEN 'won' THEN 'accepted' ELSE 'declined' END,
    (d.received_at + interval '2 days')::date, (d.received_at + interval '32 days')::date,
    q.seller, q.buyer, q.inter_state, q.lines, q.taxable_paise, q.cgst_paise, q.sgst_paise, q.igst_paise, q.round_off_paise,
    q.total_paise, q.terms, q.prepared_by, d.received_at + interval '2 days',
    CASE WHEN d.stage <> 'quoted' THEN d.received_at + interval '3 days' END,
    CASE WHEN d.stage IN ('won', 'lost') THEN d.closed_at END,
    CASE WHEN d.stage IN ('won', 'lost') THEN jsonb_build_object('name', 'Bench buyer', 'ip', '127.0.0.1') END,
    d.received_at + interval '2 days', d.received_at + interval '2 days'
  FROM deals d CROSS JOIN (SELECT * FROM quotations WHERE id = $1) q
  WHERE d.id LIKE 'bd%' AND d.stage IN ('quoted', 'negotiating', 'won', 'lost') AND right(d.id, 1) = '0'
  ON CONFLICT (id) DO NOTHING`;

/** Fills customers, deals (up to `total`) and quotations through SQL, then ANALYZE. */
async function fillSales({ dataDir, databaseUrl, total, quotationId }) {
  const started = performance.now();
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    const [{ id: adminId }] = await db.run("SELECT id FROM admins ORDER BY created_at LIMIT 1");
    const [{ n }] = await db.run("SELECT count(*)::int AS n FROM deals");
    const missing = Math.max(0, total - n);
    await db.run(CUSTOMERS_SQL, [CUSTOMERS]);
    if (missing > 0) await db.run(DEALS_SQL, [missing, CUSTOMERS, adminId]);
    await db.run(QUOTATIONS_SQL, [quotationId]);
    for (const table of ["customers", "deals", "quotations"]) await db.run(`ANALYZE ${table}`);
    const [counts] = await db.run(
      `SELECT (SELECT count(*)::int FROM deals) AS deals, (SELECT count(*)::int FROM customers) AS customers,
         (SELECT count(*)::int FROM quotations) AS quotations`,
    );
    return { inserted: missing, ms: performance.now() - started, ...counts };
  } finally {
    await db.close();
  }
}

/** Times each call `TIMES` times: p50/p99 ms and the rows it says match (X-Total-Count, for lists). */
async function timeCalls(baseUrl, token, calls) {
  const rows = {};
  for (const [label, url] of Object.entries(calls)) {
    const ms = [];
    let matching = "";
    for (let i = 0; i < TIMES; i++) {
      const t0 = performance.now();
      const res = await fetch(baseUrl + url, { headers: { "x-auth-token": token } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
      ms.push(performance.now() - t0);
      matching = res.headers.get("x-total-count") ?? "";
    }
    ms.sort((a, b) => a - b);
    rows[label] = { "p50 ms": Math.round(percentile(ms, 50)), "p99 ms": Math.round(percentile(ms, 99)), matching };
  }
  return rows;
}

/** The deals CSV export, downloaded while the server's resident memory is sampled every 20 ms. */
async function exportCsv(baseUrl, token, pid) {
  await new Promise((r) => setTimeout(r, 2000));
  const before = residentMemoryMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMemoryMb(pid));
  }, 20);
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/deals/export.csv`, { headers: { "x-auth-token": token } });
  let bytes = 0;
  let lines = 0;
  try {
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  return { status: res.status, ms: performance.now() - t0, bytes, rows: lines - 1, rssBeforeMb: before, rssPeakMb: peak };
}

async function main() {
  buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), "pneuma-sales-"));
  removeAtCleanup(dataDir);
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const admin = { username: "bench-admin", password: randomBytes(12).toString("hex") };
  const serverEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url,
    RATE_LIMITS: "off",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: "true",
    SMTP_URL: undefined,
  };
  let server = await startServer(serverEnv);
  onCleanup(() => server.stop());
  const database = scratch ? `PostgreSQL (scratch database ${redactUrl(scratch.url)})` : `PGlite (${dataDir})`;

  let token = await login(server.baseUrl, admin.username, admin.password);
  const made = await makeQuotation(server.baseUrl, token);
  const pdf = await timePdf(server.baseUrl, token, made.quotation._id);

  await server.stop();
  const filled = await fillSales({ dataDir, databaseUrl: scratch?.url, total: dealsTotal, quotationId: made.quotation._id });
  server = await startServer(serverEnv);
  const { baseUrl, pid } = server;
  token = await login(baseUrl, admin.username, admin.password);

  const rssStartMb = residentMemoryMb(pid);
  const calls = await timeCalls(baseUrl, token, {
    "deals, page 1 (25)": "/api/deals?limit=25",
    "deals, page 2000 (25)": "/api/deals?limit=25&page=2000",
    "deals, open": "/api/deals?limit=25&stage=open",
    "deals, mine": "/api/deals?limit=25&owner=me",
    "deals, open and mine": "/api/deals?limit=25&stage=open&owner=me",
    "deals, search a title word": "/api/deals?limit=25&q=dryer",
    "deals, search a customer": "/api/deals?limit=25&q=customer%204321",
    "deals, search, no match": "/api/deals?limit=25&q=zzzz-nothing",
    "one deal": `/api/deals/${made.deal._id}`,
    "dashboard figures (stats)": "/api/deals/stats",
    "my day": "/api/my-day",
    "customers, page 1 (25)": "/api/customers?limit=25",
    "customers, search": "/api/customers?limit=25&q=customer%204321",
    "quotations of a deal": `/api/quotations?dealId=${made.deal._id}`,
  });
  const rssAfterCallsMb = residentMemoryMb(pid);
  const csv = await exportCsv(baseUrl, token, pid);

  console.log(
    `\nSales desk on ${database}: ${filled.deals} deals (${filled.inserted} added through SQL with ${filled.customers} customers and ` +
      `${filled.quotations} quotations in ${(filled.ms / 1000).toFixed(1)} s)`,
  );
  console.log(`\nQuotation PDF (10 lines, ${made.quotation.number}), ${TIMES} downloads before the fill:`);
  console.table({ "GET /api/quotations/{id}/pdf": pdf });
  console.log(`\nAt ${filled.deals} deals, ${TIMES} calls each (matching: X-Total-Count):`);
  console.table(calls);
  console.log(
    `server memory (VmRSS): ${rssStartMb.toFixed(0)} MB after the restart, ${rssAfterCallsMb.toFixed(0)} MB after the calls; ` +
      `peak (VmHWM) ${peakMemoryMb(pid).toFixed(0)} MB`,
  );
  console.log(
    `CSV export, every deal: ${csv.status}, ${csv.rows} rows, ${(csv.bytes / 1024 / 1024).toFixed(1)} MB in ${(csv.ms / 1000).toFixed(1)} s; ` +
      `server memory (VmRSS) ${csv.rssBeforeMb.toFixed(0)} MB before, ${csv.rssPeakMb.toFixed(0)} MB at most while streaming ` +
      `(+${(csv.rssPeakMb - csv.rssBeforeMb).toFixed(1)} MB)`,
  );
  if (csv.status !== 200 || csv.rows !== filled.deals) {
    console.log(`\nFAIL: the CSV export had ${csv.rows} rows (status ${csv.status}) for ${filled.deals} deals`);
    return 1;
  }
  return 0;
}

await runMain(main);
