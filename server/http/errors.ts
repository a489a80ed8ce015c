import type { ErrorRequestHandler, Response } from "express";
import type { z } from "zod";
import { errorFields, log } from "../log";
import { noStore } from "./caching";

/**
 * The one error shape of the API: `{ message, error }` with the same text in both (older clients read
 * one or the other), plus `issues` for validation failures.
 */
export interface ErrorBody {
  message: string;
  error: string;
  issues?: { path: string; message: string }[];
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ErrorBody["issues"]) => new HttpError(400, message, issues);
export const unauthorized = (message = "Authentication required. Please sign in.") => new HttpError(401, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function sendError(res: Response, status: number, message: string, issues?: ErrorBody["issues"]): void {
  const body: ErrorBody = { message, error: message };
  if (issues?.length) body.issues = issues;
  noStore(res);
  res.status(status).json(body);
}

/** Validates with a zod schema; failures become a 400 whose message lists every problem. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.map(String).join("."),
    message: i.code === "invalid_type" && i.path.length === 0 ? "The request body must be an object." : i.message,
  }));
  throw badRequest([...new Set(issues.map((i) => i.message))].join(" "), issues);
}

interface PgLikeError {
  code?: string;
  constraint?: string;
}

/** Turns everything thrown by a handler into the error shape. Unknown errors are logged, never shown. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  if (err instanceof HttpError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) res.setHeader(k, v);
    sendError(res, err.status, err.message, err.issues);
    return;
  }
  const e = err as { type?: string; status?: number; code?: string; field?: string } & PgLikeError;
  // Drizzle wraps driver errors; the PostgreSQL code is on the cause.
  const pgCode = e.code ?? (e as { cause?: PgLikeError }).cause?.code;
  // body-parser
  if (e.type === "entity.parse.failed") return sendError(res, 400, "The request body is not valid JSON.");
  if (e.type === "entity.too.large") return sendError(res, 413, "The request body is too large.");
  if (e.type === "encoding.unsupported" || e.type === "charset.unsupported")
    return sendError(res, 415, "The request body's encoding is not supported.");
  if (e.type === "request.aborted") return sendError(res, 400, "The request was aborted.");
  // multer
  if (e.code === "LIMIT_FILE_SIZE") return sendError(res, 413, "The file is too large.");
  if (e.code === "LIMIT_FILE_COUNT") return sendError(res, 400, "Too many files.");
  if (e.code === "LIMIT_UNEXPECTED_FILE")
    return sendError(res, 400, `Unexpected file field${e.field ? ` "${e.field}"` : ""} (or too many files in it).`);
  if (
    e.code === "LIMIT_FIELD_VALUE" ||
    e.code === "LIMIT_FIELD_KEY" ||
    e.code === "LIMIT_FIELD_COUNT" ||
    e.code === "LIMIT_PART_COUNT"
  )
    return sendError(res, 413, "The form has too many or too large fields.");
  if (typeof e.status === "number" && e.status >= 400 && e.status < 500) {
    return sendError(res, e.status, e.status === 413 ? "The request body is too large." : "The request could not be read.");
  }
  // PostgreSQL: unique or foreign-key violations that slipped past our own checks are conflicts.
  if (pgCode === "23505") return sendError(res, 409, "A record with the same unique value already exists.");
  if (pgCode === "23503" || pgCode === "23001") return sendError(res, 409, "The record is still referenced by other records.");
  if (pgCode === "22P02" || pgCode === "22003" || pgCode === "22021" || pgCode === "54000")
    return sendError(res, 400, "A value in the request is not valid.");
  log.error("unhandled error", { method: req.method, path: req.path, ...errorFields(err) });
  sendError(res, 500, "Something went wrong on our side. Please try again.");
};
