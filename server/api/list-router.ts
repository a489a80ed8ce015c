import { Router } from "express";
import type { ListContent } from "../../shared/content/define";
import type { Fields } from "../../shared/content/fields";
import { actorOf, requirePermission } from "../auth/require-admin";
import { moveToTrash, recordContentChange, rowsForFirstVersion, takeSnapshot } from "../content/history";
import { listStore } from "../content/list-content";
import { readList, readOne } from "../content/public-reads";
import type { AppContext } from "../context";
import { inTransaction } from "../db/client";
import { badRequest, notFound, parseInput } from "../http/errors";
import { hasImage, multipartBody, readFields, requireSomeField, withImageChanges } from "./forms";

/**
 * The API of a list type (shared/content/*): GET / (plain array), GET /:id, and behind a token POST / (201
 * with the record), PUT /:id (200 with the record; fields left out keep their value), DELETE /:id (200
 * {message}). JSON, URL-encoded or multipart bodies.
 */
export function listRouter<F extends Fields, O extends string>(ctx: AppContext, resource: ListContent<F, O>): Router {
  const router = Router();
  const store = listStore(resource);
  const uploadFields = resource.image?.uploadFields ?? [];
  const body = multipartBody(
    ctx,
    uploadFields.map((name) => ({ name, maxCount: 1 })),
  );
  const notFoundError = () => notFound(`${resource.label} not found.`);
  const write = requirePermission(ctx, "content", `change ${resource.plural}`);

  router.get("/", async (_req, res) => {
    res.json(await readList(ctx, resource));
  });

  router.get("/:id", async (req, res) => {
    const item = await readOne(ctx, resource, String(req.params.id));
    if (!item) throw notFoundError();
    res.json(item);
  });

  router.post("/", write, body, async (req, res) => {
    const fields = readFields(req, resource.jsonFields);
    const input = parseInput(resource.input, fields) as Record<string, unknown> & { image?: string };
    const required = resource.image?.requiredOnCreate;
    if (required && !hasImage(req, uploadFields, input.image)) {
      throw badRequest(required, [{ path: "image", message: required }]);
    }
    const created = await withImageChanges(ctx, async (changes) => {
      const uploaded = await changes.uploadFirst(req, uploadFields);
      if (uploaded) input.image = uploaded;
      return inTransaction(ctx.db, async (tx) => {
        const saved = await store.insert(tx, input);
        await recordContentChange(tx, actorOf(req), resource, "create", null, saved);
        return saved;
      });
    });
    res.status(201).json(created);
  });

  router.put("/:id", write, body, async (req, res) => {
    const existing = await store.getRow(ctx.db, String(req.params.id));
    if (!existing) throw notFoundError();
    const fields = readFields(req, resource.jsonFields);
    requireSomeField(req, fields, resource.input);
    if (fields.image === "") delete fields.image; // an empty image field keeps the current image
    const current = resource.toApi(existing as never);
    const input = parseInput(resource.input, { ...current, ...fields }) as Record<string, unknown> & { image?: string };
    const updated = await withImageChanges(ctx, async (changes) => {
      const uploaded = await changes.uploadFirst(req, uploadFields);
      if (uploaded) input.image = uploaded;
      changes.replace((current as { image?: string }).image, input.image);
      return inTransaction(ctx.db, async (tx) => {
        const rowsBefore = await rowsForFirstVersion(tx, resource, existing.id as string);
        const saved = await store.update(tx, existing.id as string, input);
        if (!saved) throw notFoundError(); // deleted meanwhile
        await recordContentChange(tx, actorOf(req), resource, "update", current, saved, rowsBefore);
        return saved;
      });
    });
    res.json(updated);
  });

  router.delete("/:id", write, async (req, res) => {
    await withImageChanges(ctx, async (changes) => {
      const existing = await store.getRow(ctx.db, String(req.params.id));
      // Into the trash: the rows are kept, so a restore brings the record back as it was.
      const removed = await inTransaction(ctx.db, async (tx) => {
        const rows = existing ? await takeSnapshot(tx, resource, existing.id as string) : null;
        if (!existing || !rows) throw notFoundError();
        await moveToTrash(tx, actorOf(req), resource, resource.toApi(existing as never) as Record<string, unknown>, rows);
        const row = await store.remove(tx, existing.id as string);
        if (!row) throw notFoundError();
        return row;
      });
      changes.replace((removed as { image?: string }).image);
    });
    res.json({ message: `${resource.label} deleted successfully.` });
  });

  return router;
}
