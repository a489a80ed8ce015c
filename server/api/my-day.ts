import { Router } from "express";
import { actorOf, currentUser, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { dealRecords, quotationRecords, recordList } from "../privacy/access-log";
import { myDay } from "../sales/my-day";

/** GET /api/my-day: the signed-in sales person's start screen: their new deals, overdue and today's steps, new leads, expiring quotations. */
export function myDayRouter(ctx: AppContext): Router {
  const router = Router();
  router.get("/", requirePermission(ctx, "sales", "see the sales desk"), async (req, res) => {
    const day = await myDay(ctx.db, currentUser(req).id);
    // Its deals, leads and quotations carry people's data like the lists they come from (issue 44, 2).
    const deals = [...day.newDeals, ...day.overdue, ...day.today];
    const listed = [
      ...deals.flatMap(dealRecords),
      ...day.unassignedLeads.map((c) => ({ type: "enquiry" as const, id: c._id })),
      ...day.expiringQuotations.flatMap(quotationRecords),
    ];
    const rows = deals.length + day.unassignedLeads.length + day.expiringQuotations.length;
    await recordList(ctx.db, actorOf(req), "my-day", { day: day.day }, listed, rows);
    res.json(day);
  });
  return router;
}
