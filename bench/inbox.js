// The inbox at scale, for `npm run bench:load`: fills the database up to N enquiries straight through SQL
// (the server stopped), restarts the server, then times the admin inbox's calls and the CSV export and
// watches the server's memory while the export streams.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { percentile, residentMemoryMb } from "./process.js";

/** Inserts enquiries until the table holds `total`, spread over the last 90 days, a third of each kind. */
export async function fillInbox({ dataDir, databaseUrl, total, product }) {
  const run = async (query, params) => {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(query, params)).rows;
      } finally {
        await client.end();
      }
    }
    const db = await PGlite.create(path.join(dataDir, "db"), { postgresqlconf: ["shared_buffers=16MB"] });
    try {
      return (await db.query(query, params)).rows;
    } finally {
      await db.close();
    }
  };
  const [{ n }] = await run("SELECT count(*)::int AS n FROM contacts");
  const missing = Math.max(0, total - n);
  const started = performance.now();
  if (missing > 0) {
    await run(
      `INSERT INTO contacts (id, type, reference, name, email, phone, company, subject, message, items, details,
         search_text, status, created_at, updated_at)
       SELECT lpad(to_hex(g), 24, '0'), k.type, k.letter || '-2025-' || lpad(g::text, 6, '0'),
         'Bench Customer ' || g, 'bench' || g || '@example.com', '+91 98765 ' || lpad((g % 100000)::text, 5, '0'),
         'Company ' || (g % 997), 'Bench enquiry ' || g,
         'Please send a quotation for a compressor for our plant, with delivery time and the service terms. ' || g,
         CASE WHEN k.type = 'quote' THEN jsonb_build_array(jsonb_build_object('product',
           jsonb_build_object('_id', $1::text, 'name', $2::text, 'slug', $3::text), 'quantity', 1 + g % 5)) ELSE '[]'::jsonb END,
         CASE WHEN k.type = 'quote' THEN '{"flow":"250 cfm","pressure":"7 bar","hoursPerDay":16,"application":"Textiles"}'::jsonb END,
         lower('Bench Customer ' || g || ' bench' || g || '@example.com Company ' || (g % 997) || ' Bench enquiry ' || g || ' '
           || k.letter || '-2025-' || lpad(g::text, 6, '0') || CASE WHEN k.type = 'quote' THEN ' ' || $2::text ELSE '' END),
         (ARRAY['new', 'in-progress', 'resolved'])[1 + g % 3],
         now() - (g % 90) * interval '1 day' - (g % 86400) * interval '1 second',
         now() - (g % 90) * interval '1 day'
       FROM generate_series(1, $4::int) g
       CROSS JOIN LATERAL (SELECT (ARRAY['message', 'quote', 'service'])[1 + g % 3] AS type,
         (ARRAY['M', 'Q', 'S'])[1 + g % 3] AS letter) k`,
      [product._id, product.name, product.slug, missing],
    );
    await run("ANALYZE contacts");
  }
  return { inserted: missing, ms: performance.now() - started };
}

/** Times each inbox call `times` times; exports the CSV while sampling the server's memory every 20 ms. */
export async function measureInbox({ baseUrl, token, pid, times = 20 }) {
  const headers = { "x-auth-token": token };
  const calls = {
    "list, page 1 (25)": "/api/contacts?limit=25",
    "list, page 2000 (25)": "/api/contacts?limit=25&page=2000",
    "list, quotes only": "/api/contacts?limit=25&type=quote",
    "search by name": "/api/contacts?limit=25&q=customer%2077777",
    "search by reference": "/api/contacts?limit=25&q=q-2025-012346",
    "search, no match": "/api/contacts?limit=25&q=zzzz-nothing",
    "dashboard stats": "/api/contacts/stats",
  };
  const rows = {};
  let total = Number.NaN;
  for (const [label, url] of Object.entries(calls)) {
    const ms = [];
    for (let i = 0; i < times; i++) {
      const t0 = performance.now();
      const res = await fetch(baseUrl + url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
      if (url.endsWith("limit=25")) total = Number(res.headers.get("x-total-count"));
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    rows[label] = { "p50 ms": Math.round(percentile(ms, 50)), "p99 ms": Math.round(percentile(ms, 99)) };
  }

  // The export, twice: a third of the rows (service requests), then all of them, each downloaded while
  // the server's resident memory is sampled. If memory grew with the rows, the second would grow more.
  const exportOnce = async (query) => {
    await new Promise((r) => setTimeout(r, 2000));
    const before = residentMemoryMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMemoryMb(pid));
    }, 20);
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/contacts/export.csv${query}`, { headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const ms = performance.now() - t0;
    clearInterval(sampler);
    return { status: res.status, ms, bytes, lines, rssBeforeMb: before, rssPeakMb: peak };
  };
  const partial = await exportOnce("?type=service");
  const csv = await exportOnce("");
  return { total, rows, partial, csv };
}
