import { Router } from "express";
import { gstRateInput } from "../../shared/sales/gst-rate";
import { recordActivity } from "../activity/log";
import { actorOf, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { HttpError, notFound, parseInput } from "../http/errors";
import { addGstRate, deleteGstRate, listGstRates } from "../sales/gst-rates";
import { readFields } from "./forms";

/**
 * /api/gst-rates: the GST rate table quotations take their tax from (by HSN code, from a day on). The sales
 * desk reads it; owners change it when the law does (a new rate from its day; a wrong entry is deleted).
 */
export function gstRatesRouter(ctx: AppContext): Router {
  const router = Router();
  const change = requirePermission(ctx, "settings", "change GST rates");

  router.get("/", requirePermission(ctx, "sales", "read GST rates"), async (_req, res) => {
    const rates = await listGstRates(ctx.db);
    res.setHeader("X-Total-Count", String(rates.length));
    res.json(rates);
  });

  router.post("/", change, async (req, res) => {
    const input = parseInput(gstRateInput, readFields(req));
    const added = await addGstRate(ctx.db, input);
    if (!added)
      throw new HttpError(409, `HSN ${input.hsn} already has a rate from ${input.effectiveFrom}: delete that one first.`);
    await recordActivity(ctx.db, actorOf(req), {
      action: "create",
      entityType: "gst-rate",
      entityId: added._id,
      entityLabel: `HSN ${added.hsn}`,
      detail: `${added.rate}% from ${added.effectiveFrom}`,
    });
    res.status(201).json(added);
  });

  router.delete("/:id", change, async (req, res) => {
    const removed = await deleteGstRate(ctx.db, String(req.params.id));
    if (!removed) throw notFound("GST rate not found.");
    await recordActivity(ctx.db, actorOf(req), {
      action: "delete",
      entityType: "gst-rate",
      entityId: removed._id,
      entityLabel: `HSN ${removed.hsn}`,
      detail: `${removed.rate}% from ${removed.effectiveFrom}`,
    });
    res.json({ message: "GST rate deleted." });
  });

  return router;
}
