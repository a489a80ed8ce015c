import { Router } from "express";
import { nameOf } from "../../shared/content/alt-text";
import type { ListContent } from "../../shared/content/define";
import type { Fields } from "../../shared/content/fields";
import { actorOf, requirePermission } from "../auth/require-admin";
import { moveToTrash, recordContentChange, rowsForFirstVersion, takeSnapshot } from "../content/history";
import { listStore } from "../content/list-content";
import { readList, readOne } from "../content/public-reads";
import type { AppContext } from "../context";
import { inTransaction } from "../db/client";
import { badRequest, notFound, parseInput } from "../http/errors";
import { filesOf, hasImage, multipartBody, readFields, requireAltTexts, requireSomeField, withImageChanges } from "./forms";

/**
 * The API of a list type (shared/content/*): GET / (plain array), GET /:id, and behind a token POST / (201
 * with the record), PUT /:id (200 with the record; fields left out keep their value), DELETE /:id (200
 * {message}). JSON, URL-encoded or multipart bodies.
 */
export function listRouter<F extends Fields, O extends string>(ctx: AppContext, content: ListContent<F, O>): Router {
  const router = Router();
  const store = listStore(content);
  const uploadFields = content.image?.uploadFields ?? [];
  const body = multipartBody(
    ctx,
    uploadFields.map((name) => ({ name, maxCount: 1 })),
  );
  const notFoundError = () => notFound(`${content.label} not found.`);
  const write = requirePermission(ctx, "content", `change ${content.plural}`);
  /** How many image files a request carries (a list type has one image field). */
  const uploadedImages = (req: Parameters<typeof filesOf>[0]) => () =>
    uploadFields.filter((name) => filesOf(req, name).length > 0).length;

  router.get("/", async (_req, res) => {
    res.json(await readList(ctx, content));
  });

  router.get("/:id", async (req, res) => {
    const item = await readOne(ctx, content, String(req.params.id));
    if (!item) throw notFoundError();
    res.json(item);
  });

  router.post("/", write, body, async (req, res) => {
    const fields = readFields(req, content.jsonFields);
    const input = parseInput(content.input, fields) as Record<string, unknown> & { image?: string };
    const required = content.image?.requiredOnCreate;
    if (required && !hasImage(req, uploadFields, input.image)) {
      throw badRequest(required, [{ path: "image", message: required }]);
    }
    const altWrite = { sent: fields, files: uploadedImages(req), name: nameOf(content.fields, input) };
    requireAltTexts(content.fields, input, { ...altWrite, before: null });
    const created = await withImageChanges(ctx, async (changes) => {
      const uploaded = await changes.uploadFirst(req, uploadFields);
      if (uploaded) input.image = uploaded;
      return inTransaction(ctx.db, async (tx) => {
        const saved = await store.insert(tx, input);
        await recordContentChange(tx, actorOf(req), content, "create", null, saved);
        return saved;
      });
    });
    res.status(201).json(created);
  });

  router.put("/:id", write, body, async (req, res) => {
    const existing = await store.getRow(ctx.db, String(req.params.id));
    if (!existing) throw notFoundError();
    const fields = readFields(req, content.jsonFields);
    requireSomeField(req, fields, content.input);
    if (fields.image === "") delete fields.image; // an empty image field keeps the current image
    const current = content.toApi(existing as never);
    const input = parseInput(content.input, { ...current, ...fields }) as Record<string, unknown> & { image?: string };
    const altWrite = { sent: fields, files: uploadedImages(req), name: nameOf(content.fields, input) };
    requireAltTexts(content.fields, input, { ...altWrite, before: current as Record<string, unknown> });
    const updated = await withImageChanges(ctx, async (changes) => {
      const uploaded = await changes.uploadFirst(req, uploadFields);
      if (uploaded) input.image = uploaded;
      changes.replace((current as { image?: string }).image, input.image);
      return inTransaction(ctx.db, async (tx) => {
        const rowsBefore = await rowsForFirstVersion(tx, content, existing.id as string);
        const saved = await store.update(tx, existing.id as string, input);
        if (!saved) throw notFoundError(); // deleted meanwhile
        await recordContentChange(tx, actorOf(req), content, "update", current, saved, rowsBefore);
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
        const rows = existing ? await takeSnapshot(tx, content, existing.id as string) : null;
        if (!existing || !rows) throw notFoundError();
        await moveToTrash(tx, actorOf(req), content, content.toApi(existing as never) as Record<string, unknown>, rows);
        const row = await store.remove(tx, existing.id as string);
        if (!row) throw notFoundError();
        return row;
      });
      changes.replace((removed as { image?: string }).image);
    });
    res.json({ message: `${content.label} deleted successfully.` });
  });

  return router;
}
