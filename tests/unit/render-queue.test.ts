import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter, once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Response } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderQueue } from "../../server/http/render-queue";

/**
 * A real HTTP server whose "page" handler answers only when the test says so, behind renderQueue: the
 * test sees which requests have reached the queue, which are being rendered at any moment, and which
 * connections the server has seen close. Every change wakes `until`, so nothing here waits on the clock.
 */
async function startServer(concurrency: number, placeTimeoutMs?: number) {
  const arrived: string[] = [];
  const rendering: string[] = [];
  const started: string[] = [];
  const closed: string[] = [];
  const pending = new Map<string, Response>();
  const changes = new EventEmitter();
  const changed = () => changes.emit("change");
  const context = new AsyncLocalStorage<string>();
  const queue = renderQueue(concurrency, placeTimeoutMs);
  const app = express();
  // Stands in for the page cache, which keeps per-request state in an async context.
  app.use((req, _res, next) => context.run(`context of ${req.path}`, next));
  app.use((req, res, next) => {
    const name = req.path.slice(1);
    res.on("close", () => {
      closed.push(name);
      changed();
    });
    arrived.push(name);
    queue(req, res, next); // takes its place, or its turn in line, before this returns
    changed();
  });
  app.get("/:name", (req, res) => {
    const name = String(req.params.name);
    started.push(name);
    rendering.push(name);
    res.on("close", () => {
      rendering.splice(rendering.indexOf(name), 1);
      changed();
    });
    res.locals.context = context.getStore();
    pending.set(name, res);
    changed();
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Resolves once `check` holds, looking again at every change (the test's time limit bounds a failure). */
  const until = async (check: () => boolean) => {
    while (!check()) await once(changes, "change");
  };
  return {
    server,
    arrived,
    rendering,
    started,
    closed,
    /** Starts a request for /name; resolves with its body once answered. */
    get: (name: string, signal?: AbortSignal) => fetch(`${base}/${name}`, { signal }).then((r) => r.text()),
    /** Answers the request for /name (after it has started) with the async context it ran in. */
    answer: async (name: string) => {
      await until(() => pending.has(name));
      const res = pending.get(name)!;
      pending.delete(name);
      res.send(String(res.locals.context));
    },
    until,
  };
}

let server: Server | undefined;
afterEach(() => {
  vi.useRealTimers();
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

describe("renderQueue", () => {
  it("renders at most `concurrency` pages at once; the others start in the order they came", async () => {
    const s = await startServer(2);
    server = s.server;
    // One after the other: each has reached the queue before the next is sent.
    const answers: Promise<string>[] = [];
    for (const name of ["a", "b", "c", "d", "e"]) {
      answers.push(s.get(name));
      await s.until(() => s.arrived.includes(name));
    }
    await s.until(() => s.started.length === 2);
    expect(s.arrived).toEqual(["a", "b", "c", "d", "e"]); // c, d and e have all arrived, and wait
    expect(s.rendering).toEqual(["a", "b"]);

    await s.answer("b");
    await s.until(() => s.started.length === 3);
    expect(s.rendering).toEqual(["a", "c"]);
    await s.answer("a");
    await s.answer("c");
    await s.answer("d");
    await s.answer("e");
    expect(s.started).toEqual(["a", "b", "c", "d", "e"]);
    // Each ran in its own async context, also those that waited (they are let in by another request).
    expect(await Promise.all(answers)).toEqual(["a", "b", "c", "d", "e"].map((n) => `context of /${n}`));
  });

  it("skips a request whose client left while it waited, and loses no place to it", async () => {
    const s = await startServer(1);
    server = s.server;
    const first = s.get("first");
    await s.until(() => s.started.length === 1);
    const leaving = new AbortController();
    const gone = s.get("gone", leaving.signal).catch((err: Error) => err.name);
    await s.until(() => s.arrived.includes("gone"));
    const last = s.get("last");
    await s.until(() => s.arrived.includes("last")); // both wait in line, "gone" first
    leaving.abort();
    expect(await gone).toBe("AbortError");
    await s.until(() => s.closed.includes("gone")); // the server has seen the connection close

    await s.answer("first");
    await s.answer("last");
    expect(await first).toBe("context of /first");
    expect(await last).toBe("context of /last");
    expect(s.started).toEqual(["first", "last"]);
    // Its one place is free again: a new request starts at once.
    const again = s.get("again");
    await s.answer("again");
    expect(await again).toBe("context of /again");
  });

  it("lets the next request in when a page holds its place past the time limit", async () => {
    // The time limit's timer runs on a clock the test moves (only setTimeout and clearTimeout are faked).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const s = await startServer(1, 100);
    server = s.server;
    void s.get("stuck").catch(() => {});
    await s.until(() => s.started.length === 1);
    const next = s.get("next");
    await s.until(() => s.arrived.includes("next"));
    vi.advanceTimersByTime(99);
    expect(s.started).toEqual(["stuck"]);
    vi.advanceTimersByTime(1);
    await s.until(() => s.started.length === 2);
    await s.answer("next");
    expect(await next).toBe("context of /next");
    // The stuck page answering late does not free a second place.
    await s.answer("stuck");
    const a = s.get("a");
    const b = s.get("b");
    await s.until(() => s.started.length === 3);
    // Both are in (one rendering, one in line) and the server has seen the stuck page's answer end.
    await s.until(() => s.arrived.includes("a") && s.arrived.includes("b") && s.closed.includes("stuck"));
    expect(s.started.length).toBe(3);
    await s.answer(s.started[2]!);
    await s.until(() => s.started.length === 4);
    await s.answer(s.started[3]!);
    expect((await Promise.all([a, b])).sort()).toEqual(["context of /a", "context of /b"]);
  });
});
