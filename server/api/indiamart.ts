import { Router } from "express";
import { can, type Role } from "../../shared/auth/roles";
import { recordActivity } from "../activity/log";
import { actorOf, currentUser, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { conflict, HttpError } from "../http/errors";
import { type IndiamartStatus, indiamartStatus, pullIndiamart } from "../sales/indiamart";

/**
 * IndiaMART refusing the CRM key (expired or wrong: "IndiaMART answered 401: Key is expired or incorrect…",
 * as server/sales/indiamart.ts words a refused call). Only an owner, who holds the key, can mend that.
 */
const KEY_REFUSED = /^IndiaMART answered 40[13]\b/;

/**
 * The status as `role` may read it (issue 45): an error only an owner can fix (the key) goes to owners; anyone
 * else learns only that an owner is needed. Errors anyone can act on (IndiaMART down, a lead not stored) go to all.
 */
function statusFor(role: Role, status: IndiamartStatus) {
  const ownersOnly = KEY_REFUSED.test(status.lastError);
  if (!ownersOnly || can(role, "settings")) return { ...status, needsOwner: ownersOnly };
  return { ...status, lastError: "", needsOwner: true };
}

/**
 * /api/indiamart: the IndiaMART pull's state for the dashboard (GET /status, the sales desk; never the key)
 * and Pull now (POST /pull, owners), which still keeps IndiaMART's least interval between calls.
 */
export function indiamartRouter(ctx: AppContext): Router {
  const router = Router();
  const status = () => indiamartStatus(ctx.db, ctx.config.indiamart.minIntervalMs);

  router.get("/status", requirePermission(ctx, "sales", "see the IndiaMART pull"), async (req, res) => {
    res.json(statusFor(currentUser(req).role, await status()));
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
    res.json({ ...statusFor(currentUser(req).role, await status()), stored: result.stored, received: result.received });
  });

  return router;
}
