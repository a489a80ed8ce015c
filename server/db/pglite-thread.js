// @ts-check
// The embedded database's own thread (decision 020). PGlite is PostgreSQL compiled to WebAssembly: every
// query runs its parser, planner and executor, and its wire protocol in JavaScript, on the thread that
// calls it. In the web server's thread that was about 40% of an uncached page's CPU; here it runs beside
// the rendering, on another core. server/db/pglite-thread-client.ts is the other end and explains the
// messages. Plain JavaScript because Node runs it as it is, from source and from the production build alike
// (the bundle cannot hold a worker's entry point); it is type-checked through JSDoc.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol } from "@electric-sql/pglite";

/** @typedef {import("@electric-sql/pglite").Transaction} Transaction */
/** @typedef {{ dbDir: string, postgresqlconf: string[], textTypes: number[] }} ThreadOptions */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const options = /** @type {ThreadOptions} */ (workerData);
/** Drizzle's parsers, which keep dates, timestamps and intervals as the database's text (see the client). */
const keepText = (/** @type {string} */ value) => value;
const parsers = Object.fromEntries(options.textTypes.map((oid) => [oid, keepText]));

const db = await PGlite.create(options.dbDir, { postgresqlconf: options.postgresqlconf, parsers });

/**
 * Named prepared statements by SQL text, the least recently used first. PGlite's own `query` parses, plans
 * and describes every query again, in six calls into PostgreSQL; a statement kept here runs in one call
 * (Bind, Describe, Execute, Sync) with no parsing, and PostgreSQL settles on a generic plan after a few
 * runs. This cut the thread's CPU per uncached product page by about 60%. The pages' reads are a few dozen
 * texts; the bound keeps one-off texts (a list of ids of varying length) from growing the heap.
 */
const MAX_STATEMENTS = 100;
/** @type {Map<string, { name: string, paramTypes: number[] }>} */
const statements = new Map();
/** Statements dropped from the map, closed in PostgreSQL with the next Parse. */
/** @type {string[]} */
let toClose = [];
let lastStatementNumber = 0;
const { serialize } = protocol;

/** Several protocol messages as one buffer: PostgreSQL runs them in order in one call. */
function messages(/** @type {Uint8Array[]} */ parts) {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** Reads and writes: kept as named statements. */
const KEPT_STATEMENT = /^\s*(select|insert|update|delete|with|values)\b/i;
/** Statements that cannot change what a kept statement returns; anything else (CREATE, ALTER, DROP, SET, DO, …) may. */
const SHAPE_SAFE_STATEMENT =
  /^\s*(savepoint|release|rollback|commit|begin|start|end|fetch|move|close|declare|show|lock|listen|unlisten|notify|truncate|explain|analyze|vacuum)\b/i;

/** Drops the kept statement of `text` (if any); PostgreSQL closes it with the next Parse. */
function forgetStatement(/** @type {string} */ text) {
  const statement = statements.get(text);
  if (!statement) return;
  statements.delete(text);
  toClose.push(statement.name);
}

/** Drops every kept statement. */
function forgetStatements() {
  for (const text of [...statements.keys()]) forgetStatement(text);
}

/**
 * The statement to run `text` as: a kept one, parsed and described the first time it is seen; or, for
 * anything but a read or write, the unnamed statement, used once. A statement that may change tables or
 * settings forgets the kept ones first: in a transaction, a kept statement whose result changed shape
 * would fail ("cached plan must not change result type") and end the transaction with it.
 */
async function statementOf(/** @type {string} */ text) {
  const known = statements.get(text);
  if (known) {
    statements.delete(text);
    statements.set(text, known);
    return known;
  }
  const keep = KEPT_STATEMENT.test(text);
  if (!keep && !SHAPE_SAFE_STATEMENT.test(text)) forgetStatements();
  const name = keep ? `s${++lastStatementNumber}` : "";
  const closing = toClose.map((old) => serialize.close({ type: "S", name: old }));
  toClose = [];
  const described = await db.execProtocolStream(
    messages([...closing, serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
    { syncToFs: false },
  );
  const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
  if (!keep) return statement;
  statements.set(text, statement);
  const oldest = statements.keys().next().value;
  if (statements.size > MAX_STATEMENTS && oldest !== undefined) forgetStatement(oldest);
  return statement;
}

/**
 * What PGlite's `query` does (its parameters serialised by their types, its rows parsed by the same
 * parsers, the data directory synced after a query outside a transaction), through a prepared statement.
 * @param {string} text
 * @param {unknown[]} params
 * @param {"array" | "object"} rowMode
 * @param {boolean} inTransaction
 */
async function runPrepared(text, params, rowMode, inTransaction) {
  const statement = await statementOf(text);
  const values = params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const serializer = db.serializers[statement.paramTypes[i] ?? ""];
    return serializer ? serializer(param) : String(param);
  });
  const results = await db.execProtocolStream(
    messages([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  if (!inTransaction) await db.syncToFs();
  const [result] = parse.parseResults(results, db.parsers, { rowMode });
  if (!result) throw new Error("PostgreSQL returned no result.");
  return result;
}

/**
 * Runs a query as PGlite's `query` would, with the same locks: outside a transaction it waits for any open
 * one, inside its own it only waits for the query before it. Should a kept statement's tables have changed
 * shape all the same ("cached plan must not change result type"), it is prepared again, once.
 * @param {string} text
 * @param {unknown[]} params
 * @param {"array" | "object"} rowMode
 * @param {Transaction | null} tx
 */
async function query(text, params, rowMode, tx) {
  const run = () =>
    db._runExclusiveQuery(async () => {
      if (tx?.closed) throw new Error("Transaction is closed");
      await db._checkReady();
      try {
        return await runPrepared(text, params, rowMode, tx !== null);
      } catch (err) {
        const stale = err instanceof Error && "code" in err && err.code === "0A000" && statements.has(text);
        // (In a transaction the failure has ended it: the caller must see it.)
        if (!stale || tx) throw err;
        forgetStatement(text);
        return await runPrepared(text, params, rowMode, tx !== null);
      }
    });
  return tx ? await run() : await db._runExclusiveTransaction(run);
}

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
      const tx = request.transactionId === null ? null : transactions.get(request.transactionId)?.tx;
      return answer(id, async () => {
        if (tx === undefined) throw new Error("The transaction has ended.");
        const { rows, fields, affectedRows } = await query(request.text, request.params, request.rowMode, tx);
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
