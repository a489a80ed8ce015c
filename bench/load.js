// `npm run bench:load`: a production server on a fresh database with demo content, 200 clients reading a
// mix of public pages for 60 s while 10 more post contact messages and quote requests without pause; the
// server e-mails through a real SMTP server started here. Then every enquiry the server acknowledged (2xx)
// must be stored exactly once, as the admin API shows, and its staff notification and acknowledgement
// delivered once each (after the outbox drains); the time from submit to the staff e-mail is reported.
// Last, the inbox at 100,000 enquiries (BENCH_INBOX_TOTAL): the list, search and stats calls, and the CSV
// export with the server's memory while it streams.
//
// Options (environment): BENCH_LOAD_SECONDS (60), BENCH_LOAD_CLIENTS (200), BENCH_LOAD_POSTERS (10),
// BENCH_LOAD_TIMEOUT (seconds a request may take before it counts as an error; 10), BENCH_INBOX_TOTAL
// (100000; 0 skips the inbox phase). With DATABASE_URL the
// server runs on PostgreSQL, in a scratch database created next to that URL's (its role needs CREATEDB)
// and dropped at the end; without it, on embedded PGlite in a temporary data directory.
//
// The server runs with RATE_LIMITS=off: every poster comes from 127.0.0.1, and the contact form's limit
// (20 messages per address per 10 minutes) would otherwise answer 429 after the first 20 messages, so
// the run would measure the limiter instead of the writes.
//
// Fails (exit 1) when any request failed (connection error, timeout or non-2xx answer), or the stored
// messages differ from the acknowledged ones (one missing, one stored twice, a count that differs).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { fillInbox, measureInbox } from "./inbox.js";
import {
  buildIfStale,
  createScratchDatabase,
  listAllContacts,
  login,
  onCleanup,
  percentile,
  redactUrl,
  removeAtCleanup,
  runMain,
  startServer,
} from "./process.js";
import { startSmtpSink } from "./smtp-sink.js";

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const clients = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
const posters = Number(process.env.BENCH_LOAD_POSTERS ?? 10);
const timeoutS = Number(process.env.BENCH_LOAD_TIMEOUT ?? 10);
const inboxTotal = Number(process.env.BENCH_INBOX_TOTAL ?? 100_000);

/** Connections the kernel holds for the server's listening socket, not yet accepted (Linux `ss`; NaN without). */
function acceptQueueDepth(baseUrl) {
  return new Promise((resolve) =>
    execFile("ss", ["-Hltn", `sport = :${new URL(baseUrl).port}`], (err, out) =>
      resolve(err ? Number.NaN : Number(out.trim().split(/\s+/)[1])),
    ),
  );
}

async function main() {
  buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), "pneuma-load-"));
  removeAtCleanup(dataDir);
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const admin = { username: "bench-admin", password: randomBytes(12).toString("hex") };

  const smtp = await startSmtpSink();
  onCleanup(() => smtp.close());
  const serverEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url,
    RATE_LIMITS: "off",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: "true",
    SMTP_URL: smtp.url,
    MAIL_FROM: "website@pneuma-air.example",
    SITE_URL: "https://www.pneuma-air.example", // required with SMTP_URL: the e-mails' links come from it
  };
  let server = await startServer(serverEnv);
  onCleanup(() => server.stop());
  let { baseUrl } = server;
  const database = scratch ? `PostgreSQL (scratch database ${redactUrl(scratch.url)})` : `PGlite (${dataDir})`;

  // The page mix: one category and one product from the demo content, by their canonical (slug) URLs.
  const category = (await (await fetch(`${baseUrl}/api/category`)).json()).data[0];
  const product = (await (await fetch(`${baseUrl}/api/product?categoryId=${category._id}&limit=1`)).json()).data[0];
  const pages = [
    "/",
    "/products",
    `/products/${category.slug}`,
    `/products/${category.slug}/${product.slug}`,
    "/services",
    "/about",
    "/contact",
  ];
  for (const p of pages) {
    const res = await fetch(baseUrl + p, { redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status} before the run; fix the page mix`);
  }

  // Posters, taking turns between a contact message and a quote request for a demo product: each enquiry
  // carries a unique marker (in the e-mail address), and its reference is noted with the time it was sent.
  const run = randomBytes(4).toString("hex");
  const acknowledged = new Set();
  const submittedAt = new Map(); // reference → when the request was sent
  const post = { sent: 0, ok: 0, non2xx: 0, errors: 0, statuses: {}, errorKinds: {}, latencies: [] };
  let posting = true;
  let seq = 0;
  const poster = async (id) => {
    while (posting) {
      const n = seq++;
      const marker = `load-${run}-${id}-${n}`;
      const t0 = performance.now();
      post.sent++;
      try {
        const common = { name: `Load poster ${id}`, email: `${marker}@example.com`, phone: "+91 427 000 0000" };
        const quote = n % 2 === 1;
        const res = await fetch(`${baseUrl}/api/${quote ? "quotes" : "contacts"}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(
            quote
              ? { ...common, company: "Load Mills", items: [{ productId: product._id, quantity: 1 + (n % 5) }], flow: "250 cfm" }
              : {
                  ...common,
                  subject: `Load test ${n}`,
                  message: `Message ${marker} sent while the public pages are under load.`,
                },
          ),
          signal: AbortSignal.timeout(timeoutS * 1000),
        });
        const body = await res.json().catch(() => null);
        post.latencies.push(performance.now() - t0);
        post.statuses[res.status] = (post.statuses[res.status] ?? 0) + 1;
        if (res.status >= 200 && res.status < 300) {
          post.ok++;
          acknowledged.add(marker);
          if (body?.data?.reference) submittedAt.set(body.data.reference, t0);
        } else post.non2xx++;
      } catch (err) {
        post.errors++;
        const kind = err?.name === "TimeoutError" ? "timeout" : String(err?.cause?.code ?? err?.name ?? err);
        post.errorKinds[kind] = (post.errorKinds[kind] ?? 0) + 1;
      }
    }
  };

  console.log(
    `\nLoad: ${clients} clients on ${pages.length} public pages for ${seconds} s, ` +
      `${posters} enquiry posters alongside (messages and quotes; e-mail to ${smtp.url}), against ${baseUrl} on ${database}`,
  );
  // Connections waiting in the kernel for the server to accept them (Recv-Q of the listening socket):
  // under saturation new connections can wait there long after their TCP handshake.
  const acceptQueue = [];
  const sampler = setInterval(async () => {
    const depth = await acceptQueueDepth(baseUrl);
    if (Number.isFinite(depth)) acceptQueue.push(depth);
  }, 1000);
  onCleanup(() => clearInterval(sampler));
  const postersDone = Promise.all(Array.from({ length: posters }, (_, i) => poster(i)));
  const t0 = performance.now();
  const result = await autocannon({
    url: baseUrl,
    connections: clients,
    duration: seconds,
    timeout: timeoutS,
    requests: pages.map((p) => ({ method: "GET", path: p })),
  });
  posting = false;
  clearInterval(sampler);
  await postersDone;
  const elapsed = (performance.now() - t0) / 1000;
  const peakMb = server.peakMemoryMb();

  // Requests that clients gave up on may still sit in the accept queue, and the server still answers
  // (and stores) them: let it drain before counting, so "stored" is final.
  const drainStart = performance.now();
  while (performance.now() - drainStart < 120_000) {
    const depth = await acceptQueueDepth(baseUrl);
    if (!(depth > 0)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, 2000));

  // The outbox drains: two e-mails per enquiry (the staff notification and the acknowledgement).
  const mailStart = performance.now();
  while (smtp.received.length < 2 * acknowledged.size && performance.now() - mailStart < 300_000) {
    await new Promise((r) => setTimeout(r, 500));
  }
  const drainedAfterS = (performance.now() - mailStart) / 1000;
  await new Promise((r) => setTimeout(r, 2000)); // anything sent twice would arrive now
  const staffMail = smtp.received.filter((m) => m.to.includes("sales@pneuma-air.example"));
  const customerMail = smtp.received.filter((m) => m.to.some((a) => a.startsWith(`load-${run}-`)));
  const mailLatency = [];
  const notifiedRefs = new Map();
  for (const m of staffMail) {
    const ref = /[MQS]-\d{4}-\d{5,}/.exec(m.subject)?.[0];
    if (!ref) continue;
    notifiedRefs.set(ref, (notifiedRefs.get(ref) ?? 0) + 1);
    if (submittedAt.has(ref)) mailLatency.push(m.at - submittedAt.get(ref));
  }
  mailLatency.sort((a, b) => a - b);
  const notifiedTwice = [...notifiedRefs.values()].filter((n) => n > 1).length;
  const customerByAddress = new Map();
  for (const m of customerMail) for (const a of m.to) customerByAddress.set(a, (customerByAddress.get(a) ?? 0) + 1);

  // The same path without the page load: one quote request every 200 ms, the time to its staff e-mail.
  const quietLatency = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Quiet buyer", email: `quiet-${run}-${i}@example.com`, items: [{ productId: product._id }] }),
    });
    const ref = (await res.json()).data?.reference;
    const deadline = performance.now() + 30_000;
    let mail;
    while (!mail && performance.now() < deadline) {
      mail = smtp.received.find((m) => m.to.includes("sales@pneuma-air.example") && m.subject.includes(ref));
      if (!mail) await new Promise((r) => setTimeout(r, 5));
    }
    if (mail) quietLatency.push(mail.at - t0);
    await new Promise((r) => setTimeout(r, 200));
  }
  quietLatency.sort((a, b) => a - b);

  // What the server stored, read back through the admin API.
  const token = await login(baseUrl, admin.username, admin.password);
  const stored = await listAllContacts(baseUrl, token);
  const seen = new Map();
  for (const c of stored) {
    const marker = c.email.replace(/@example\.com$/, "");
    if (marker.startsWith(`load-${run}-`)) seen.set(marker, (seen.get(marker) ?? 0) + 1);
  }
  const missing = [...acknowledged].filter((m) => !seen.has(m));
  const duplicated = [...seen].filter(([, n]) => n > 1).map(([m, n]) => `${m} ×${n}`);
  const unacknowledgedStored = [...seen.keys()].filter((m) => !acknowledged.has(m));
  const storedCount = [...seen.values()].reduce((a, b) => a + b, 0);

  // Report.
  const pageErrors = result.errors + result.non2xx;
  const sortedPost = post.latencies.sort((a, b) => a - b);
  console.log("");
  console.table({
    "public pages": {
      requests: result.requests.total,
      "req/s": Math.round(result.requests.total / result.duration),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      "max ms": result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    },
    "POST /api/contacts, /api/quotes": {
      requests: post.sent,
      "req/s": Math.round(post.sent / elapsed),
      "p50 ms": Math.round(percentile(sortedPost, 50)),
      "p99 ms": Math.round(percentile(sortedPost, 99)),
      "max ms": Math.round(sortedPost.at(-1) ?? Number.NaN),
      non2xx: post.non2xx,
      errors: post.errors,
      timeouts: post.errorKinds.timeout ?? 0,
    },
  });
  const total = result.requests.total + post.sent;
  console.log(`total requests:          ${total} in ${elapsed.toFixed(1)} s (${Math.round(total / elapsed)} req/s)`);
  console.log(
    `page status codes:       ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])))}`,
  );
  console.log(`contact status codes:    ${JSON.stringify(post.statuses)}`);
  if (post.errors > 0) console.log(`contact errors:          ${JSON.stringify(post.errorKinds)}`);
  console.log(`contacts acknowledged:   ${acknowledged.size}`);
  console.log(`contacts stored:         ${storedCount} (of ${stored.length} messages in the database)`);
  console.log(
    `  missing (acked, not stored): ${missing.length}${missing.length ? ` e.g. ${missing.slice(0, 5).join(", ")}` : ""}`,
  );
  console.log(
    `  stored more than once:       ${duplicated.length}${duplicated.length ? ` e.g. ${duplicated.slice(0, 5).join(", ")}` : ""}`,
  );
  console.log(`  stored, never acknowledged:  ${unacknowledgedStored.length} (requests that failed or timed out)`);
  console.log(`server peak memory (VmHWM):    ${peakMb.toFixed(0)} MB`);
  console.log(`e-mails delivered:       ${smtp.received.length} (outbox drained ${drainedAfterS.toFixed(1)} s after the run)`);
  console.log(`  staff notifications:   ${staffMail.length} for ${notifiedRefs.size} references (${notifiedTwice} sent twice)`);
  console.log(
    `  acknowledgements:      ${customerMail.length} to ${customerByAddress.size} customers (${[...customerByAddress.values()].filter((n) => n > 1).length} sent twice)`,
  );
  console.log(
    `  submit → staff e-mail: p50 ${Math.round(percentile(mailLatency, 50))} ms, p99 ${Math.round(percentile(mailLatency, 99))} ms, max ${Math.round(mailLatency.at(-1) ?? Number.NaN)} ms (${mailLatency.length} e-mails)`,
  );
  console.log(
    `  without the page load: p50 ${Math.round(percentile(quietLatency, 50))} ms, p99 ${Math.round(percentile(quietLatency, 99))} ms (${quietLatency.length} of 40 quote requests, one every 200 ms)`,
  );
  if (acceptQueue.length > 0) {
    const avg = acceptQueue.reduce((a, b) => a + b, 0) / acceptQueue.length;
    console.log(
      `accept queue (connections not yet accepted, sampled each second): peak ${Math.max(...acceptQueue)}, mean ${avg.toFixed(0)}`,
    );
  }

  const failures = [];
  if (pageErrors > 0) failures.push(`${pageErrors} page requests failed (${result.errors} errors, ${result.non2xx} non-2xx)`);
  if (post.errors + post.non2xx > 0) failures.push(`${post.errors + post.non2xx} enquiry posts failed`);
  if (staffMail.length !== storedCount || notifiedRefs.size !== storedCount || notifiedTwice > 0) {
    failures.push(
      `${staffMail.length} staff notifications (${notifiedRefs.size} references) for ${storedCount} stored enquiries`,
    );
  }
  if (customerMail.length !== storedCount || customerByAddress.size !== storedCount) {
    failures.push(`${customerMail.length} acknowledgements for ${storedCount} stored enquiries`);
  }
  if (storedCount !== acknowledged.size || missing.length > 0 || duplicated.length > 0) {
    failures.push(`stored ${storedCount} contacts for ${acknowledged.size} acknowledged`);
  }
  console.log(
    failures.length
      ? `\nFAIL: ${failures.join("; ")}`
      : "\nOK: no errors; every acknowledged enquiry stored exactly once, and its two e-mails delivered once each",
  );

  if (inboxTotal > 0) {
    // The inbox at scale: stop the server, fill the table through SQL, start it again, measure.
    await server.stop();
    const filled = await fillInbox({ dataDir, databaseUrl: scratch?.url, total: inboxTotal, product });
    // Without SMTP_URL: e-mails still queued from the load phase must not compete with the measurement.
    server = await startServer({ ...serverEnv, SMTP_URL: undefined, MAIL_FROM: undefined });
    baseUrl = server.baseUrl;
    const inboxToken = await login(baseUrl, admin.username, admin.password);
    const inbox = await measureInbox({ baseUrl, token: inboxToken, pid: server.pid });
    console.log(
      `\nInbox with ${inbox.total} enquiries (${filled.inserted} added through SQL in ${(filled.ms / 1000).toFixed(1)} s), 20 calls each:`,
    );
    console.table(inbox.rows);
    for (const [label, c] of [
      ["CSV export, service requests only", inbox.partial],
      ["CSV export, every enquiry", inbox.csv],
    ]) {
      console.log(
        `${label}: ${c.status}, ${c.lines - 1} rows, ${(c.bytes / 1024 / 1024).toFixed(1)} MB in ${(c.ms / 1000).toFixed(1)} s; ` +
          `server memory (VmRSS) ${c.rssBeforeMb.toFixed(0)} MB before, ${c.rssPeakMb.toFixed(0)} MB at most while streaming ` +
          `(+${(c.rssPeakMb - c.rssBeforeMb).toFixed(1)} MB)`,
      );
    }
    const c = inbox.csv;
    if (c.status !== 200 || c.lines - 1 !== inbox.total)
      failures.push(`the CSV export had ${c.lines - 1} rows for ${inbox.total}`);
  }
  return failures.length ? 1 : 0;
}

await runMain(main);
