import { Router } from "express";
import { activityQuery } from "../../shared/activity/actions";
import { listActivity } from "../activity/log";
import { requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { parseInput } from "../http/errors";

/** /api/activity: the activity log, newest first, 50 a page; owners only. The number of matches in X-Total-Count. */
export function activityRouter(ctx: AppContext): Router {
  const router = Router();
  router.get("/", requirePermission(ctx, "activity", "read the activity log"), async (req, res) => {
    const q = parseInput(activityQuery, req.query);
    const { items, total } = await listActivity(ctx.db, {
      actorId: q.actor || undefined,
      entityType: q.type || undefined,
      action: q.action || undefined,
      from: q.from,
      to: q.to,
      page: q.page,
      limit: q.limit,
    });
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });
  return router;
}
