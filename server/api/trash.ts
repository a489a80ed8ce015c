import { Router } from "express";
import { actorOf, requirePermission } from "../auth/require-admin";
import { contentTypeOf, listTrash, purgeFromTrash, restoreFromTrash } from "../content/history";
import type { AppContext } from "../context";
import { inTransaction } from "../db/client";
import { notFound } from "../http/errors";
import { withImageChanges } from "./forms";

/**
 * /api/trash: deleted content, newest first. Editors and owners restore a record (same id, slug and
 * images); only owners delete one for good. {type} is a content type's name ("team-member") or its API
 * path ("our-team"). Emptied after TRASH_DAYS by the hourly housekeeping.
 */
export function trashRouter(ctx: AppContext): Router {
  const router = Router();
  const content = requirePermission(ctx, "content", "use the trash");
  const purge = requirePermission(ctx, "purge", "delete from the trash for good");
  const typeOf = (raw: string) => {
    const type = contentTypeOf(raw);
    if (!type || type.name === "settings") throw notFound(`There is no content type "${raw}".`);
    return type;
  };
  const notInTrash = () => notFound("That record is not in the trash.");

  router.get("/", content, async (_req, res) => {
    res.json(await listTrash(ctx.db));
  });

  router.post("/:type/:id/restore", content, async (req, res) => {
    const type = typeOf(String(req.params.type));
    const restored = await inTransaction(ctx.db, (tx) => restoreFromTrash(tx, actorOf(req), type, String(req.params.id)));
    if (!restored) throw notInTrash();
    res.json({ message: `${type.label} restored successfully!`, data: restored });
  });

  router.delete("/:type/:id", purge, async (req, res) => {
    const type = typeOf(String(req.params.type));
    await withImageChanges(ctx, async (changes) => {
      const images = await inTransaction(ctx.db, (tx) => purgeFromTrash(tx, actorOf(req), type, String(req.params.id)));
      if (!images) throw notInTrash();
      for (const url of images) changes.replace(url); // removed from disk once nothing else uses them
    });
    res.json({ message: `${type.label} deleted for good.` });
  });

  return router;
}
