import { Router } from "express";
import { recordActivity } from "../activity/log";
import { actorOf, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { conflict, HttpError } from "../http/errors";
import { indiamartStatus, pullIndiamart } from "../sales/indiamart";

/**
 * /api/indiamart: the IndiaMART pull's state for the dashboard (GET /status, the sales desk; never the key)
 * and Pull now (POST /pull, owners), which still keeps IndiaMART's least interval between calls.
 */
export function indiamartRouter(ctx: AppContext): Router {
  const router = Router();
  const status = () => indiamartStatus(ctx.db, ctx.config.indiamart.minIntervalMs);

  router.get("/status", requirePermission(ctx, "sales", "see the IndiaMART pull"), async (_req, res) => {
    res.json(await status());
  });

  router.post("/pull", requirePermission(ctx, "settings", "pull leads from IndiaMART"), async (req, res) => {
    const result = await pullIndiamart(ctx);
    if (result.status === "no-key") {
      throw conflict("There is no IndiaMART CRM key: an owner adds it in Site Settings → IndiaMART first.");
    }
    if (result.status === "too-soon") {
      const at = result.nextAllowedAt.toLocaleTimeString("en-IN", { timeStyle: "short", timeZone: "Asia/Kolkata" });
      const wait = Math.max(1, Math.ceil((result.nextAllowedAt.getTime() - Date.now()) / 1000));
      throw new HttpError(
        429,
        `IndiaMART allows one call every few minutes: the next is possible at ${at} (India time).`,
        undefined,
        {
          "Retry-After": String(wait),
        },
      );
    }
    await recordActivity(ctx.db, actorOf(req), {
      action: "update",
      entityType: "settings",
      entityLabel: "IndiaMART pull",
      detail: result.status === "pulled" ? `${result.stored} new of ${result.received} leads` : result.error,
    });
    if (result.status === "failed") throw new HttpError(502, result.error);
    res.json({ ...(await status()), stored: result.stored, received: result.received });
  });

  return router;
}
