// `npm run bench:crash`: kill -9 the production server in the middle of a stream of writes, restart it
// on the same data, and check that every write it acknowledged is still there, once. Runs on embedded
// PGlite, then on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set: a scratch database is
// created next to that URL's (its role needs CREATEDB) and dropped at the end.
//
// Each round, on the same data directory (so data accumulates): 8 writers post contact messages and two
// admin writers create categories and story sections (multipart, as the admin panel sends them), each
// write with a unique marker; after a random 2–5 s the server gets SIGKILL. Then it is started again
// (with PGlite that start must take over the stale DATA_DIR/db.lock), must answer ok at /api/health,
// and every acknowledged (2xx) write of every round so far must be stored exactly once. Writes in flight
// at the kill may or may not be stored, but never twice.
//
// Options (environment): BENCH_CRASH_ROUNDS (3), BENCH_CRASH_WRITERS (8 contact writers).
// Fails (exit 1) on a lost or duplicated acknowledged write, a failed restart, or a write that failed
// before the kill.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  buildIfStale,
  createScratchDatabase,
  listAllContacts,
  login,
  onCleanup,
  redactUrl,
  removeAtCleanup,
  runMain,
  startServer,
  waitHealthy,
} from "./process.js";

const rounds = Number(process.env.BENCH_CRASH_ROUNDS ?? 3);
const contactWriters = Number(process.env.BENCH_CRASH_WRITERS ?? 8);
const pgAdminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One kind of write: how to send it with its marker, and how to read back the markers stored. */
const KINDS = {
  contact: {
    send: (baseUrl, _token, marker) =>
      fetch(`${baseUrl}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Crash writer",
          email: `${marker}@example.com`,
          subject: "Crash test",
          message: `Message ${marker}, sent while the server may be killed.`,
        }),
        signal: AbortSignal.timeout(30_000),
      }),
    stored: async (baseUrl, token) => (await listAllContacts(baseUrl, token)).map((c) => c.email.replace(/@example\.com$/, "")),
  },
  category: {
    send: (baseUrl, token, marker) => {
      const form = new FormData();
      form.set("name", marker);
      form.set("description", "Created by bench/crash.js.");
      form.set("features", JSON.stringify([{ name: "Durable", description: "Survives kill -9" }]));
      return fetch(`${baseUrl}/api/category`, {
        method: "POST",
        headers: { "x-auth-token": token },
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
    },
    stored: async (baseUrl) => {
      const res = await fetch(`${baseUrl}/api/category`);
      if (res.status !== 200) throw new Error(`GET /api/category: ${res.status}`);
      return (await res.json()).data.map((c) => c.name);
    },
  },
  story: {
    send: (baseUrl, token, marker) => {
      const form = new FormData();
      form.set("title", marker);
      form.set("content", "Written by bench/crash.js while the server may be killed.");
      return fetch(`${baseUrl}/api/story`, {
        method: "POST",
        headers: { "x-auth-token": token },
        body: form,
        signal: AbortSignal.timeout(30_000),
      });
    },
    stored: async (baseUrl) => {
      const res = await fetch(`${baseUrl}/api/story`);
      if (res.status !== 200) throw new Error(`GET /api/story: ${res.status}`);
      return (await res.json()).map((s) => s.title);
    },
  },
};

async function crashBackend(kind) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pneuma-crash-"));
  removeAtCleanup(dataDir);
  const scratch = kind === "postgres" ? await createScratchDatabase(pgAdminUrl) : null;
  const admin = { username: "bench-admin", password: randomBytes(12).toString("hex") };
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url, // undefined removes an inherited DATABASE_URL: PGlite
    RATE_LIMITS: "off", // all writers share 127.0.0.1; the contact limit would answer 429 after 20
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  };
  const where = scratch ? `PostgreSQL ${redactUrl(scratch.url)}` : `PGlite in ${dataDir}`;
  console.log(`\n== ${kind}: ${rounds} rounds on ${where}`);

  let server = await startServer(env);
  let current = server;
  onCleanup(() => current.kill());
  await waitHealthy(server.baseUrl);

  const run = randomBytes(3).toString("hex");
  /** marker -> { kind, round, state: "in flight" | "acked" | "failed", status } */
  const ledger = new Map();
  const rows = [];
  const problems = [];

  for (let round = 1; round <= rounds; round++) {
    const token = await login(server.baseUrl, admin.username, admin.password);
    let killing = false;
    const early = []; // writes that failed before the kill: a bug, not the crash
    const writer = async (type, id) => {
      for (let n = 0; !killing; n++) {
        const marker = `crash-${run}-r${round}-${type}${id}-${n}`;
        const entry = { kind: type, round, state: "in flight", status: null };
        ledger.set(marker, entry);
        try {
          const res = await KINDS[type].send(server.baseUrl, token, marker);
          entry.status = res.status;
          const body = await res.text();
          if (res.status >= 200 && res.status < 300) entry.state = "acked";
          else {
            entry.state = "failed";
            if (!killing) early.push(`${type} ${marker}: ${res.status} ${body.slice(0, 200)}`);
          }
        } catch (err) {
          entry.state = "failed";
          if (!killing) early.push(`${type} ${marker}: ${err?.cause?.code ?? err?.name ?? err}`);
        }
      }
    };
    const writers = [
      ...Array.from({ length: contactWriters }, (_, i) => writer("contact", i)),
      writer("category", 0),
      writer("story", 0),
    ];
    const killAfter = 2000 + Math.floor(Math.random() * 3000);
    await sleep(killAfter);

    killing = true;
    const inFlightMarkers = [...ledger].filter(([, e]) => e.round === round && e.state === "in flight").map(([m]) => m);
    await server.kill();
    await Promise.all(writers);
    const thisRound = [...ledger.values()].filter((e) => e.round === round);
    const ackedInFlight = inFlightMarkers.filter((m) => ledger.get(m).state === "acked").length;
    const staleLock = existsSync(path.join(dataDir, "db.lock"));

    // Restart on the same data; time from spawn to a healthy answer.
    let restartMs = Number.NaN;
    try {
      server = null;
      const restarted = await startServer(env);
      current = restarted;
      await waitHealthy(restarted.baseUrl);
      restartMs = Math.round(performance.now() - restarted.startedAt);
      server = restarted;
    } catch (err) {
      problems.push(`round ${round}: the server did not restart: ${err instanceof Error ? err.message : err}`);
      rows.push({
        backend: kind,
        round,
        "killed after ms": killAfter,
        "acked (round)": thisRound.filter((e) => e.state === "acked").length,
        "in flight at kill": inFlightMarkers.length,
        "stale lock": kind === "pglite" ? (staleLock ? "yes" : "NO") : "n/a",
        "restart ms": "FAILED",
      });
      break;
    }

    // Everything acknowledged so far, in every round, must be there exactly once.
    const verifyToken = await login(server.baseUrl, admin.username, admin.password);
    const counts = new Map();
    for (const type of Object.keys(KINDS)) {
      for (const m of await KINDS[type].stored(server.baseUrl, verifyToken)) {
        if (m.startsWith(`crash-${run}-`)) counts.set(m, (counts.get(m) ?? 0) + 1);
      }
    }
    const acked = [...ledger].filter(([, e]) => e.state === "acked").map(([m]) => m);
    const lost = acked.filter((m) => !counts.has(m));
    const duplicated = [...counts].filter(([, n]) => n > 1).map(([m, n]) => `${m} ×${n}`);
    const unknown = [...counts.keys()].filter((m) => !ledger.has(m));
    const inFlightStored = inFlightMarkers.filter((m) => counts.has(m) && ledger.get(m).state !== "acked").length;
    const found = acked.filter((m) => counts.has(m)).length;

    rows.push({
      backend: kind,
      round,
      "killed after ms": killAfter,
      "acked (round)": thisRound.filter((e) => e.state === "acked").length,
      "contact/category/story": Object.keys(KINDS)
        .map((k) => thisRound.filter((e) => e.kind === k && e.state === "acked").length)
        .join("/"),
      "in flight at kill": inFlightMarkers.length,
      "…answered 2xx": ackedInFlight,
      "…stored unacked": inFlightStored,
      "acked (all rounds)": acked.length,
      "found after restart": found,
      lost: lost.length,
      duplicated: duplicated.length,
      "stale lock": kind === "pglite" ? (staleLock ? "yes" : "NO") : "n/a",
      "restart ms": restartMs,
    });
    if (early.length)
      problems.push(`round ${round}: ${early.length} writes failed before the kill, e.g. ${early.slice(0, 3).join(" | ")}`);
    if (lost.length)
      problems.push(`round ${round}: ${lost.length} acknowledged writes lost, e.g. ${lost.slice(0, 5).join(", ")}`);
    if (duplicated.length) problems.push(`round ${round}: stored more than once: ${duplicated.slice(0, 5).join(", ")}`);
    if (unknown.length) problems.push(`round ${round}: stored markers never sent: ${unknown.slice(0, 5).join(", ")}`);
  }

  if (server) {
    const code = await server.stop();
    if (code !== 0) problems.push(`the last server did not stop cleanly on SIGTERM (exit ${code})`);
  }
  return { rows, problems };
}

async function main() {
  buildIfStale();
  const backends = ["pglite", ...(pgAdminUrl ? ["postgres"] : [])];
  const rows = [];
  const problems = [];
  for (const kind of backends) {
    try {
      const r = await crashBackend(kind);
      rows.push(...r.rows);
      problems.push(...r.problems.map((p) => `${kind}: ${p}`));
    } catch (err) {
      problems.push(`${kind}: ${err instanceof Error ? err.message : err}`);
    }
  }
  console.log("");
  console.table(rows);
  if (!pgAdminUrl) console.log("(PostgreSQL skipped: set TEST_DATABASE_URL to run it too)");
  if (problems.length) {
    console.log(`\nFAIL:\n- ${problems.join("\n- ")}`);
    return 1;
  }
  console.log("\nOK: every acknowledged write survived kill -9, none twice, and every restart was healthy");
  return 0;
}

await runMain(main);
