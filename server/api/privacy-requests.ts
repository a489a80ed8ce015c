import { Router } from "express";
import { can } from "../../shared/auth/roles";
import { PRIVACY_REQUEST_KIND_LABEL, privacyRequestListQuery, privacyRequestStatusInput } from "../../shared/privacy/request";
import { recordActivity } from "../activity/log";
import { actorOf, currentUser, forbidden, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { notFound, parseInput } from "../http/errors";
import { getPrivacyRequest, listPrivacyRequests, updatePrivacyRequestStatus } from "../privacy/requests";
import { readFields } from "./forms";

const notFoundError = () => notFound("Privacy request not found.");

/**
 * /api/privacy/requests: people's requests from /privacy/request. Owners and sales see them; only owners
 * answer them (permission "privacy"). Lists are plain arrays with X-Total-Count.
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
    const request = await updatePrivacyRequestStatus(ctx.db, String(req.params.id), {
      ...input,
      doneByName: user.name || user.username,
    });
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
