import type { Request, RequestHandler } from "express";
import { idOrSlugKey } from "../content/slugs";
import { hasCredentials } from "../http/caching";
import type { Shelf } from "./bounded-entries";
import { type ResponseCache, sendKept, weakEtag } from "./response-cache";

/**
 * Anonymous GETs of the public content endpoints (/api/product, /api/banner/{id}, /api/settings …),
 * answered from the response cache as bytes: before the API's body parsers and routes, with no JSON
 * serialising. A miss goes to the route as usual, and its 200 answer is kept on the way out.
 *
 * Runs after `contentFreshness` (server/app.ts), so on PostgreSQL a change elsewhere has already emptied
 * it. Keys are normalised with the routes' own rules, so URLs that mean the same answer share an entry.
 * Answers to what visitors type (finder figures; the search suggestions, whose router mounts this too) go
 * on the cache's query shelf.
 */

const JSON_TYPE = "application/json; charset=utf-8";

/** A key on a shelf of the cache; a plain string is on the content shelf. */
interface AnswerKey {
  key: string;
  shelf: Shelf;
}

/** How an endpoint's URLs map to keys: equal keys, equal answers; null: not kept (the route answers). */
export interface PublicAnswerKeys {
  /** GET <prefix>, from its query parameters. */
  list(query: Request["query"]): string | AnswerKey | null;
  /** GET <prefix>/<id or slug>. */
  one(idOrSlug: string): string | null;
}

/** A list that reads no query parameters, and records by id or slug (server/content/public-reads.ts). */
export const plainAnswerKeys: PublicAnswerKeys = { list: () => "", one: idOrSlugKey };

/** `endpoints`: by lower-case path prefix ("/product"), as the API router mounts them. */
export function serveApiAnswers(cache: ResponseCache, endpoints: ReadonlyMap<string, PublicAnswerKeys>): RequestHandler {
  return (req, res, next) => {
    if (!cache.enabled || (req.method !== "GET" && req.method !== "HEAD") || hasCredentials(req)) return next();
    const found = answerKey(req, endpoints);
    if (found === null) return next();
    const { key, shelf } = found;
    const kept = cache.get(key, shelf);
    if (kept) return sendKept(req, res, kept);
    if (req.method !== "GET") return next();

    const generation = cache.currentGeneration;
    const json = res.json;
    // The routes answer with res.json: serialise once, send those bytes and keep them.
    res.json = function keepJson(this: typeof res, body: unknown) {
      res.json = json;
      const text = res.statusCode === 200 ? JSON.stringify(body) : undefined;
      if (text === undefined) return json.call(this, body);
      const bytes = Buffer.from(text);
      const etag = weakEtag(bytes);
      this.setHeader("Content-Type", JSON_TYPE);
      this.setHeader("ETag", etag); // Express answers 304 from it, as for any JSON answer
      cache.keep(key, generation, bytes, JSON_TYPE, etag, [], shelf);
      return this.send(bytes);
    };
    next();
  };
}

/** The normalised key of a public read, or null for anything else (including URLs no record can match). */
function answerKey(req: Request, endpoints: ReadonlyMap<string, PublicAnswerKeys>): AnswerKey | null {
  const path = req.path;
  const slash = path.indexOf("/", 1);
  const prefix = (slash === -1 ? path : path.slice(0, slash)).toLowerCase();
  const keys = endpoints.get(prefix);
  if (!keys) return null;
  const rest = slash === -1 ? "" : path.slice(slash);
  if (rest === "" || rest === "/") {
    const found = keys.list(req.query);
    if (found === null) return null;
    const { key, shelf } = typeof found === "string" ? { key: found, shelf: "content" as const } : found;
    return { key: `${prefix}?${key}`, shelf };
  }
  // One record: "/<id>" or "/<id>/" (routing is not strict), decoded as Express decodes the parameter.
  const m = /^\/([^/]+)\/?$/.exec(rest);
  if (!m?.[1]) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  const key = keys.one(id);
  return key === null ? null : { key: `${prefix}/${key}`, shelf: "content" };
}
