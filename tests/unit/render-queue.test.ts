import { AsyncLocalStorage } from "node:async_hooks";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Response } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { renderQueue } from "../../server/http/render-queue";

/**
 * A real HTTP server whose "page" handler answers only when the test says so, behind renderQueue: the
 * test sees which requests are being rendered at any moment.
 */
async function startServer(concurrency: number, placeTimeoutMs?: number) {
  const rendering: string[] = [];
  const started: string[] = [];
  const pending = new Map<string, Response>();
  const context = new AsyncLocalStorage<string>();
  const app = express();
  // Stands in for the page cache, which keeps per-request state in an async context.
  app.use((req, _res, next) => context.run(`context of ${req.path}`, next));
  app.use(renderQueue(concurrency, placeTimeoutMs));
  app.get("/:name", (req, res) => {
    const name = String(req.params.name);
    started.push(name);
    rendering.push(name);
    res.on("close", () => rendering.splice(rendering.indexOf(name), 1));
    res.locals.context = context.getStore();
    pending.set(name, res);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };
  return {
    server,
    rendering,
    started,
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
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

describe("renderQueue", () => {
  it("renders at most `concurrency` pages at once; the others start in the order they came", async () => {
    const s = await startServer(2);
    server = s.server;
    const answers = ["a", "b", "c", "d", "e"].map((name, i) => new Promise((r) => setTimeout(r, i * 20)).then(() => s.get(name)));
    await s.until(() => s.started.length === 2);
    await new Promise((r) => setTimeout(r, 150)); // c, d and e have all arrived by now, and wait
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
    const last = s.get("last");
    await new Promise((r) => setTimeout(r, 50));
    leaving.abort();
    expect(await gone).toBe("AbortError");
    await new Promise((r) => setTimeout(r, 50)); // the server has seen the connection close

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
    const s = await startServer(1, 100);
    server = s.server;
    void s.get("stuck").catch(() => {});
    await s.until(() => s.started.length === 1);
    const next = s.get("next");
    await new Promise((r) => setTimeout(r, 30));
    expect(s.started).toEqual(["stuck"]);
    await s.until(() => s.started.length === 2);
    await s.answer("next");
    expect(await next).toBe("context of /next");
    // The stuck page answering late does not free a second place.
    await s.answer("stuck");
    const a = s.get("a");
    const b = s.get("b");
    await s.until(() => s.started.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.started.length).toBe(3);
    await s.answer(s.started[2]!);
    await s.until(() => s.started.length === 4);
    await s.answer(s.started[3]!);
    expect((await Promise.all([a, b])).sort()).toEqual(["context of /a", "context of /b"]);
  });
});
