import { Router } from "express";
import { currentUser, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { myDay } from "../sales/my-day";

/** GET /api/my-day: the signed-in sales person's start screen: overdue and today's steps, new leads, expiring quotations. */
export function myDayRouter(ctx: AppContext): Router {
  const router = Router();
  router.get("/", requirePermission(ctx, "sales", "see the sales desk"), async (req, res) => {
    res.json(await myDay(ctx.db, currentUser(req).id));
  });
  return router;
}
