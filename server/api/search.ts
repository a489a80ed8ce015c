import { Router } from "express";
import { highlightParts, plainText } from "../../shared/lib/highlight";
import { normalizeQuery, searchSuggestions } from "../content/search";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";

/**
 * GET /api/search/suggestions?q=: what the search box suggests while typing (server/content/search.ts),
 * `{ q, data: [{ kind, label, url, detail, parts }] }`; `parts` is the label with the matching word starts
 * marked. The header's search box reads it (app/enhance/search-suggestions.ts).
 */
export function searchRouter(ctx: AppContext): Router {
  const router = Router();
  router.get("/suggestions", async (req, res) => {
    const raw = req.query.q ?? "";
    if (typeof raw !== "string") throw new HttpError(400, "q must be one piece of text.");
    const q = normalizeQuery(raw);
    const found = await searchSuggestions(ctx.db, q);
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
