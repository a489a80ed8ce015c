import { AsyncResource } from "node:async_hooks";
import type { RequestHandler } from "express";

/**
 * How long one page may hold its place before the next in line is let through anyway. A page that hangs
 * (a read that never answers) must not take a place for good; rendering itself gives up after 6 s
 * (app/entry.server.tsx), so this only ever frees places that would otherwise be lost.
 */
const RENDER_PLACE_TIMEOUT_MS = 30_000;

/**
 * Pages rendered at the same time, at most `concurrency`; the others wait in line, first come first
 * served (decision 022). Rendering is work for this one thread: fifty renders at once finish no sooner
 * than fifty in turn, but each holds its data, React tree and HTML meanwhile. Under load that memory
 * outlives the young generation and is collected by full collections (about a sixth of the time, and
 * the stalls behind the slowest answers). In line, a request holds nothing but its socket.
 *
 * Mounted after the page cache, so a kept page never waits. A place is given back when the answer is
 * sent (or the connection closes); a request whose client left while it waited is skipped.
 */
export function renderQueue(concurrency: number, placeTimeoutMs = RENDER_PLACE_TIMEOUT_MS): RequestHandler {
  let running = 0;
  /** Each takes the place it is given (true), or declines it when its client has left (false). */
  const waiting: (() => boolean)[] = [];

  const letNextIn = () => {
    for (let enter = waiting.shift(); enter; enter = waiting.shift()) if (enter()) return;
    running--;
  };

  return (req, res, next) => {
    const enter = () => {
      if (res.closed || req.socket.destroyed) return false;
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        clearTimeout(timer);
        res.off("finish", leave);
        res.off("close", leave);
        letNextIn();
      };
      const timer = setTimeout(leave, placeTimeoutMs);
      timer.unref();
      res.once("finish", leave);
      res.once("close", leave);
      next();
      return true;
    };
    if (running < concurrency) {
      running++;
      if (!enter()) running--;
    } else {
      // Run later in this request's own async context (the page cache's per-request state lives there).
      waiting.push(AsyncResource.bind(enter));
    }
  };
}
