import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import { PROJECT_ROOT } from "../paths";

/** From the source tree in every mode: the production bundle cannot hold a worker's entry point. */
const THREAD_FILE = path.join(PROJECT_ROOT, "server", "db", "pglite-thread.js");

/**
 * The web server's end of the embedded database's thread (server/db/pglite-thread.js; decision 020): the
 * part of PGlite's interface Drizzle and this server use (query, transaction, listen, close), as messages.
 * Each request carries an id and gets one answer; a transaction is opened by one message, runs its queries
 * by its number, and is ended by another. PGlite itself serialises queries and transactions, as it did
 * in this thread.
 */

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> };
type FromThread = Answer | { notify: string; payload: string } | { ready: true };
type Request =
  | { op: "query"; text: string; params: unknown[]; rowMode: "array" | "object"; transactionId: number | null }
  | { op: "begin" }
  | { op: "end"; transactionId: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "close" };

interface Queryable {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

export interface PgliteThreadOptions {
  dbDir: string;
  postgresqlconf: string[];
  /** Type OIDs whose values stay as the database's text: the parsers Drizzle sends with every query. */
  textTypes: number[];
  /** The thread stopped without being closed (PGlite aborted): every later query fails. */
  onLost(error: Error): void;
}

export class PgliteThread implements Queryable {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #textTypes: Set<string>;
  #lastId = 0;
  #stopped: Error | null = null;
  #closing = false;

  private constructor(worker: Worker, textTypes: number[]) {
    this.#worker = worker;
    this.#textTypes = new Set(textTypes.map(String));
  }

  /** Starts the thread and waits until PGlite has opened `dbDir`. */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const worker = new Worker(THREAD_FILE, {
      workerData: { dbDir: options.dbDir, postgresqlconf: options.postgresqlconf, textTypes: options.textTypes },
    });
    const thread = new PgliteThread(worker, options.textTypes);
    await new Promise<void>((resolve, reject) => {
      const failed = (err: Error) => reject(err);
      const exited = (code: number) => reject(new Error(`The embedded database thread exited (code ${code}) while opening.`));
      worker.once("error", failed);
      worker.once("exit", exited);
      worker.on("message", (message: FromThread) => {
        if ("ready" in message) {
          worker.off("error", failed);
          worker.off("exit", exited);
          resolve();
        } else thread.#receive(message);
      });
    });
    worker.on("error", (err) => thread.#stop(err, options.onLost));
    worker.on("exit", (code) => thread.#stop(new Error(`The embedded database thread exited (code ${code}).`), options.onLost));
    return thread;
  }

  /** PGlite's `query`. Only Drizzle's own parsers are accepted: functions cannot cross to the thread, which has them already. */
  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options, null);
  }

  /** PGlite's `transaction`: `work` gets a client whose queries run in the transaction; commit when it resolves. */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const transactionId = (await this.#send({ op: "begin" })) as number;
    const tx: Queryable = { query: (text, params = [], options) => this.#query(text, params, options, transactionId) };
    let result: T;
    try {
      result = await work(tx);
    } catch (err) {
      await this.#send({ op: "end", transactionId, commit: false }).catch(() => {});
      throw err;
    }
    await this.#send({ op: "end", transactionId, commit: true });
    return result;
  }

  /** PGlite's `listen`; the returned function stops this listener. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#send({ op: "listen", channel });
    }
    listeners.add(onNotify);
    return async () => {
      listeners.delete(onNotify);
    };
  }

  /** Closes PGlite (a clean shutdown of its files) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped || this.#closing) return;
    this.#closing = true;
    try {
      await this.#send({ op: "close" });
    } finally {
      this.#stopped = new Error("The database is closed.");
      await this.#worker.terminate();
    }
  }

  /** Drizzle's handle wants a PGlite; this is the part of one it uses. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }

  #query<T>(text: string, params: unknown[], options: QueryOptions | undefined, transactionId: number | null) {
    const custom = options?.parsers && Object.keys(options.parsers).some((oid) => !this.#textTypes.has(oid));
    if (custom || options?.serializers || options?.blob) {
      return Promise.reject(new Error("Only Drizzle's parsers can be used with the embedded database's thread."));
    }
    const rowMode = options?.rowMode ?? "object";
    return this.#send({ op: "query", text, params, rowMode, transactionId }) as Promise<Results<T>>;
  }

  #send(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #receive(message: Exclude<FromThread, { ready: true }>): void {
    if ("notify" in message) {
      for (const listener of this.#listeners.get(message.notify) ?? []) listener(message.payload);
      return;
    }
    const waiting = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    if (!waiting) return;
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(databaseError(message.error));
  }

  #stop(error: Error, onLost: (error: Error) => void): void {
    const closed = this.#closing || this.#stopped !== null;
    this.#stopped ??= error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
    if (!closed) onLost(error);
  }
}

/** An error from the thread, with its fields (a DatabaseError's code, constraint, detail…) and this thread's stack. */
function databaseError(data: Record<string, unknown>): Error {
  const error = new Error(String(data.message));
  Object.assign(error, data);
  return error;
}
