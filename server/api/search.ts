import { Router } from "express";
import { highlightParts, plainText } from "../../shared/lib/highlight";
import { type PublicAnswerKeys, serveApiAnswers } from "../cache/api-cache";
import { readSuggestions } from "../content/public-reads";
import { normalizeQuery } from "../content/search";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";

/** The answer cache's key for a suggestions URL: the normalised query, on the query shelf (one q only). */
const suggestionAnswerKeys: PublicAnswerKeys = {
  list: (query) => (typeof (query.q ?? "") === "string" ? { key: normalizeQuery(query.q as string), shelf: "query" } : null),
  one: () => null,
};

/**
 * GET /api/search/suggestions?q=: what the search box suggests while typing (server/content/search.ts),
 * `{ q, data: [{ kind, label, url, detail, parts }] }`; `parts` is the label with the matching word starts
 * marked. The header's search box reads it (app/components/search-suggestions/search-suggestions.enhance.ts). Answers are kept in the
 * content cache and, for anonymous requests, as bytes (server/cache/api-cache.ts), both on the query shelf.
 */
export function searchRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(serveApiAnswers(ctx.answers, new Map([["/suggestions", suggestionAnswerKeys]])));
  router.get("/suggestions", async (req, res) => {
    const raw = req.query.q ?? "";
    if (typeof raw !== "string") throw new HttpError(400, "q must be one piece of text.");
    const q = normalizeQuery(raw);
    const found = await readSuggestions(ctx, q);
    res.json({
      q,
      data: found.map((s) => ({
        kind: s.kind,
        label: plainText(s.label),
        url: s.url,
        detail: s.detail,
        parts: highlightParts(s.label),
      })),
    });
  });
  return router;
}
