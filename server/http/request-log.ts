import type { RequestHandler } from "express";
import { log } from "../log";

/** One line per request: method, path (no query string: it may hold search terms), status, duration. */
export const requestLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log.info("request", {
      method: req.method,
      path: req.originalUrl.split("?")[0],
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    });
  });
  next();
};
