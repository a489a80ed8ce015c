import { Router } from "express";
import { isId } from "../../shared/lib/ids";
import { actorOf, requirePermission } from "../auth/require-admin";
import {
  type ContentType,
  listRevisions,
  readView,
  restoreRevision,
  revisionWithChanges,
  SETTINGS_RECORD_ID,
} from "../content/history";
import type { AppContext } from "../context";
import { inTransaction } from "../db/client";
import { notFound } from "../http/errors";

/**
 * The versions of a content type's records, under its own path (SPEC §7): GET /{type}/{id}/revisions,
 * GET /{type}/{id}/revisions/{revisionId} (with what differs from now, field by field) and POST
 * /{type}/{id}/revisions/{revisionId}/restore. Site settings are one record: /settings/site/revisions.
 */
export function historyRouter(ctx: AppContext, type: ContentType): Router {
  const router = Router();
  const allowed =
    type.name === "settings"
      ? requirePermission(ctx, "settings", "see or restore the history of site settings")
      : requirePermission(ctx, "content", `see or restore the history of ${type.plural}`);
  const recordId = (raw: string) => {
    const ok = type.name === "settings" ? raw === SETTINGS_RECORD_ID : isId(raw);
    if (!ok) throw notFound(`${type.label} not found.`);
    return raw;
  };

  router.get("/:id/revisions", allowed, async (req, res) => {
    const id = recordId(String(req.params.id));
    const versions = await listRevisions(ctx.db, type, id, ctx.config.revisionsKeep);
    if (versions.length === 0 && !(await readView(ctx.db, type, id))) throw notFound(`${type.label} not found.`);
    res.json(versions);
  });

  router.get("/:id/revisions/:revisionId", allowed, async (req, res) => {
    const found = await revisionWithChanges(ctx.db, type, recordId(String(req.params.id)), String(req.params.revisionId));
    if (!found) throw notFound("Version not found.");
    res.json(found);
  });

  router.post("/:id/revisions/:revisionId/restore", allowed, async (req, res) => {
    const id = recordId(String(req.params.id));
    const restored = await inTransaction(ctx.db, (tx) =>
      restoreRevision(tx, actorOf(req), type, id, String(req.params.revisionId)),
    );
    if (!restored) throw notFound("Version not found.");
    res.json({ message: `${type.label} restored to the chosen version.`, data: restored });
  });

  return router;
}
