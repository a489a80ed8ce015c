import { Router } from "express";
import { can } from "../../shared/auth/roles";
import { PRIVACY_REQUEST_KIND_LABEL, privacyRequestListQuery, privacyRequestStatusInput } from "../../shared/privacy/request";
import { recordActivity } from "../activity/log";
import { actorOf, currentUser, forbidden, requirePermission } from "../auth/require-admin";
import { readSettings } from "../content/public-reads";
import type { AppContext } from "../context";
import { notFound, parseInput } from "../http/errors";
import { answerPrivacyRequest } from "../privacy/request-answer";
import { getPrivacyRequest, listPrivacyRequests } from "../privacy/requests";
import { readFields } from "./forms";

const notFoundError = () => notFound("Privacy request not found.");

/**
 * /api/privacy/requests: people's requests from /privacy/request. Owners and sales see them; only owners
 * answer them (permission "privacy"; a correction's answer is e-mailed to its person). Lists are plain arrays
 * with X-Total-Count.
 */
export function privacyRequestsRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requirePermission(ctx, "privacyRequests", "see privacy requests"));

  router.get("/", async (req, res) => {
    const { items, total } = await listPrivacyRequests(ctx.db, parseInput(privacyRequestListQuery, req.query));
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  router.get("/:id", async (req, res) => {
    const request = await getPrivacyRequest(ctx.db, String(req.params.id));
    if (!request) throw notFoundError();
    res.json(request);
  });

  router.patch("/:id", async (req, res) => {
    const user = currentUser(req);
    if (!can(user.role, "privacy")) throw forbidden(user, "answer privacy requests");
    const input = parseInput(privacyRequestStatusInput, readFields(req));
    const request = await answerPrivacyRequest(
      ctx,
      String(req.params.id),
      { ...input, doneByName: user.name || user.username },
      await readSettings(ctx),
    );
    if (!request) throw notFoundError();
    await recordActivity(ctx.db, actorOf(req), {
      action: "status",
      entityType: "privacy-request",
      entityId: request._id,
      // The kind, not the address: the activity log keeps the action, never the person.
      entityLabel: PRIVACY_REQUEST_KIND_LABEL[request.kind],
      detail: request.status,
    });
    res.json(request);
  });

  return router;
}
