import { Router } from "express";
import { type CategoryInput, categoryContent, categoryFields, categoryInput } from "../../shared/content/category";
import { actorOf, requirePermission } from "../auth/require-admin";
import { createCategory, deleteCategory, getCategory, getCategoryRow, updateCategory } from "../content/category";
import { moveToTrash, recordContentChange, rowsForFirstVersion, takeSnapshot } from "../content/history";
import { readCategories, readCategory } from "../content/public-reads";
import type { AppContext } from "../context";
import { inTransaction } from "../db/client";
import { notFound, parseInput } from "../http/errors";
import { filesOf, multipartBody, readFields, requireAltTexts, requireSomeField, withImageChanges } from "./forms";

const JSON_FIELDS = ["features", "subcategories"];
const notFoundError = () => notFound("Category not found.");

/** /api/category — lists and single categories come wrapped in `{ data }` (SPEC §7). */
export function categoryRouter(ctx: AppContext): Router {
  const router = Router();
  const body = multipartBody(ctx, [{ name: "image", maxCount: 1 }]);
  const write = requirePermission(ctx, "content", `change ${categoryContent.plural}`);

  router.get("/", async (_req, res) => {
    res.json({ data: await readCategories(ctx) });
  });

  router.get("/:id", async (req, res) => {
    const category = await readCategory(ctx, String(req.params.id));
    if (!category) throw notFoundError();
    res.json({ data: category });
  });

  router.post("/", write, body, async (req, res) => {
    const fields = readFields(req, JSON_FIELDS);
    const input = parseInput(categoryInput, fields) as CategoryInput;
    const altWrite = { sent: fields, files: () => filesOf(req, "image").length, before: null, name: input.name };
    requireAltTexts(categoryFields, input, altWrite);
    const created = await withImageChanges(ctx, async (changes) => {
      const uploaded = await changes.uploadFirst(req, ["image"]);
      return inTransaction(ctx.db, async (tx) => {
        const saved = await createCategory(tx, { ...input, image: uploaded ?? input.image });
        await recordContentChange(tx, actorOf(req), categoryContent, "create", null, saved);
        return saved;
      });
    });
    res.status(201).json({ data: created });
  });

  router.put("/:id", write, body, async (req, res) => {
    const existing = await getCategoryRow(ctx.db, String(req.params.id));
    if (!existing) throw notFoundError();
    const fields = readFields(req, JSON_FIELDS);
    requireSomeField(req, fields, categoryInput);
    if (fields.image === "") delete fields.image;
    const current = {
      name: existing.name,
      description: existing.description,
      features: existing.features,
      image: existing.image,
      imageAlt: existing.imageAlt,
      imageDecorative: existing.imageDecorative,
      position: existing.position,
    };
    const input = parseInput(categoryInput, { ...current, ...fields }) as CategoryInput;
    const altWrite = { sent: fields, files: () => filesOf(req, "image").length, before: current, name: input.name };
    requireAltTexts(categoryFields, input, altWrite);
    const updated = await withImageChanges(ctx, async (changes) => {
      const image = (await changes.uploadFirst(req, ["image"])) ?? input.image;
      changes.replace(existing.image, image);
      return inTransaction(ctx.db, async (tx) => {
        const before = await getCategory(tx, existing.id);
        const rowsBefore = await rowsForFirstVersion(tx, categoryContent, existing.id);
        const saved = await updateCategory(tx, existing.id, { ...input, image });
        if (!saved) throw notFoundError();
        await recordContentChange(tx, actorOf(req), categoryContent, "update", before, saved, rowsBefore);
        return saved;
      });
    });
    res.json({ data: updated });
  });

  router.delete("/:id", write, async (req, res) => {
    const existing = await getCategoryRow(ctx.db, String(req.params.id));
    if (!existing) throw notFoundError();
    await withImageChanges(ctx, async (changes) => {
      const removed = await inTransaction(ctx.db, async (tx) => {
        const before = await getCategory(tx, existing.id);
        const rows = await takeSnapshot(tx, categoryContent, existing.id);
        if (!before || !rows) throw notFoundError();
        await moveToTrash(tx, actorOf(req), categoryContent, before as unknown as Record<string, unknown>, rows);
        const row = await deleteCategory(tx, existing.id);
        if (!row) throw notFoundError();
        return row;
      });
      changes.replace(removed.image);
    });
    res.json({ message: "Category deleted successfully." });
  });

  return router;
}
