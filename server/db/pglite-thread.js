// @ts-check
// The embedded database's own thread (decision 020). PGlite is PostgreSQL compiled to WebAssembly: every
// query runs its parser, planner and executor, and its wire protocol in JavaScript, on the thread that
// calls it. In the web server's thread that was about 40% of an uncached page's CPU; here it runs beside
// the rendering, on another core. server/db/pglite-thread-client.ts is the other end and explains the
// messages. Plain JavaScript because Node runs it as it is, from source and from the production build alike
// (the bundle cannot hold a worker's entry point); it is type-checked through JSDoc.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/** @typedef {import("@electric-sql/pglite").Transaction} Transaction */
/** @typedef {{ dbDir: string, postgresqlconf: string[], textTypes: number[] }} ThreadOptions */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const options = /** @type {ThreadOptions} */ (workerData);
/** Drizzle's parsers, which keep dates, timestamps and intervals as the database's text (see the client). */
const keepText = (/** @type {string} */ value) => value;
const parsers = Object.fromEntries(options.textTypes.map((oid) => [oid, keepText]));

const db = await PGlite.create(options.dbDir, { postgresqlconf: options.postgresqlconf, parsers });

/** Open transactions by id: the PGlite transaction, and how to end it (true: commit). */
/** @type {Map<number, { tx: Transaction, end: (commit: boolean) => void }>} */
const transactions = new Map();
let lastTransactionId = 0;

/** An error as plain data: a DatabaseError's fields (code, constraint, detail, …) survive the crossing. */
function errorData(/** @type {unknown} */ err) {
  if (!(err instanceof Error)) return { name: "Error", message: String(err) };
  return { ...Object.fromEntries(Object.entries(err)), name: err.name, message: err.message };
}

/**
 * @param {number} id
 * @param {() => Promise<unknown>} work
 */
async function answer(id, work) {
  try {
    port.postMessage({ id, ok: true, value: await work() });
  } catch (err) {
    port.postMessage({ id, ok: false, error: errorData(err) });
  }
}

/** Opens a transaction and keeps it open until the client ends it; answers `id` with its number. */
function begin(/** @type {number} */ id) {
  const transactionId = ++lastTransactionId;
  let opened = false;
  db.transaction(async (tx) => {
    /** @type {Promise<boolean>} */
    const ended = new Promise((resolve) => transactions.set(transactionId, { tx, end: resolve }));
    opened = true;
    port.postMessage({ id, ok: true, value: transactionId });
    if (!(await ended)) await tx.rollback();
  }).then(
    () => settle(transactionId, null),
    (err) => (opened ? settle(transactionId, err) : port.postMessage({ id, ok: false, error: errorData(err) })),
  );
}

/** How each transaction ended (commit or rollback done, or its error), for the "end" message's answer. */
/** @type {Map<number, (err: unknown) => void>} */
const onSettled = new Map();
function settle(/** @type {number} */ transactionId, /** @type {unknown} */ err) {
  transactions.delete(transactionId);
  onSettled.get(transactionId)?.(err);
  onSettled.delete(transactionId);
}

/**
 * @param {number} id
 * @param {number} transactionId
 * @param {boolean} commit
 */
function end(id, transactionId, commit) {
  const open = transactions.get(transactionId);
  if (!open) return port.postMessage({ id, ok: false, error: { name: "Error", message: "No such transaction." } });
  onSettled.set(transactionId, (err) =>
    err ? port.postMessage({ id, ok: false, error: errorData(err) }) : port.postMessage({ id, ok: true, value: null }),
  );
  open.end(commit);
}

/**
 * @typedef {{ id: number, op: "query", text: string, params: unknown[], rowMode: "array" | "object", transactionId: number | null }
 *   | { id: number, op: "begin" }
 *   | { id: number, op: "end", transactionId: number, commit: boolean }
 *   | { id: number, op: "listen", channel: string }
 *   | { id: number, op: "close" }} Request
 */
port.on("message", (/** @type {Request} */ request) => {
  const { id } = request;
  switch (request.op) {
    case "query": {
      const target = request.transactionId === null ? db : transactions.get(request.transactionId)?.tx;
      return answer(id, async () => {
        if (!target) throw new Error("The transaction has ended.");
        const { rows, fields, affectedRows } = await target.query(request.text, request.params, { rowMode: request.rowMode });
        return { rows, fields, affectedRows };
      });
    }
    case "begin":
      return begin(id);
    case "end":
      return end(id, request.transactionId, request.commit);
    case "listen":
      // PGlite calls this before the query that caused the notification resolves, and messages keep their
      // order: the client hears of a change before the write that made it returns.
      return answer(id, async () => {
        await db.listen(request.channel, (payload) => port.postMessage({ notify: request.channel, payload }));
        return null;
      });
    case "close":
      // The client ends this thread once it has the answer (closing the port here could drop the answer).
      return answer(id, async () => {
        await db.close();
        return null;
      });
  }
});
port.postMessage({ ready: true });
