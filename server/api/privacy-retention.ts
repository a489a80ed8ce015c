import { Router } from "express";
import { actorOf, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { retentionOutlook, runRetention } from "../privacy/retention";

/**
 * /api/privacy/retention (owners): what the retention pass will erase in the next 30 days (GET: counts per kind
 * and the first records to go, each with its last activity, the day it may be erased and whether its person was
 * warned), and the pass run at once (POST /run: the same as the daily one and `npm run retention`).
 */
export function privacyRetentionRouter(ctx: AppContext): Router {
  const router = Router();

  router.get("/", requirePermission(ctx, "privacy", "see what retention will erase"), async (_req, res) => {
    res.json(await retentionOutlook(ctx.db));
  });

  router.post("/run", requirePermission(ctx, "privacy", "run the retention pass"), async (req, res) => {
    res.json(await runRetention(ctx, new Date(), actorOf(req)));
  });

  return router;
}
