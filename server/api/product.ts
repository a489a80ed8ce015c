import { type Request, Router } from "express";
import { z } from "zod";
import {
  PRODUCT_PAGE_LIMIT_MAX,
  type ProductInput,
  productContent,
  productFields,
  productInput,
  productInputView,
} from "../../shared/content/product";
import {
  ATTACHMENT_MAX_COUNT,
  ATTACHMENT_TEXTS,
  attachmentTitlesInput,
  type ProductAttachment,
} from "../../shared/content/product-attachments";
import { readFinderParams } from "../../shared/content/product-finder";
import { LIMITS } from "../../shared/schemas/fields";
import { actorOf, requirePermission } from "../auth/require-admin";
import type { PublicAnswerKeys } from "../cache/api-cache";
import { getCategoryRow, subcategoryCheck } from "../content/category";
import { moveToTrash, recordContentChange, rowsForFirstVersion, takeSnapshot } from "../content/history";
import {
  createProduct,
  deleteProduct,
  getProduct,
  getProductRow,
  type ProductQuery,
  productQueryKey,
  productQueryShelf,
  updateProduct,
} from "../content/product";
import { readProduct, readProducts } from "../content/public-reads";
import { idOrSlugKey } from "../content/slugs";
import type { AppContext } from "../context";
import { inTransaction } from "../db/client";
import { badRequest, notFound, parseInput } from "../http/errors";
import {
  discardReceived,
  filesOf,
  type ImageChanges,
  multipartBody,
  readFields,
  requireAltTexts,
  requireSomeField,
  withImageChanges,
} from "./forms";

/** The fields that arrive as JSON text in multipart forms (lists), from their declarations. */
const JSON_FIELDS = Object.entries(productFields)
  .filter(([, f]) => f.json)
  .map(([k]) => k);
/** New attachment files come in `attachments`, their titles in `attachmentTitles` (same order). */
const ATTACHMENT_FILES = "attachments";
const ATTACHMENT_TITLES = "attachmentTitles";
const titlesInput = z.object({ attachmentTitles: attachmentTitlesInput });
const MAIN_IMAGE_FIELDS = ["mainImage", "image"];
const notFoundError = () => notFound("Product not found.");

type Query = Request["query"];

function queryNumber(query: Query, name: string, fallback: number): number {
  const raw = query[name];
  if (raw === undefined || raw === "") return fallback;
  const n = typeof raw === "string" ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
    throw badRequest(`The query parameter "${name}" must be a whole number from 1 to 1000000.`, [
      { path: name, message: "Must be a whole number from 1 to 1000000." },
    ]);
  }
  return n;
}

function queryText(query: Query, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined || raw === "") return undefined;
  if (typeof raw !== "string") throw badRequest(`The query parameter "${name}" must be given once.`);
  return raw;
}

/** Express's parsed query back as URL parameters (repeated names kept), for the finder's reader. */
function searchParamsOf(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === "string") params.append(name, v);
  }
  return params;
}

/**
 * GET /api/product's filters and page: SPEC §7's categoryId and subcategoryId, plus the finder's filters
 * and sort (shared/content/product-finder.ts); other parameters are ignored. A 400 error for bad values.
 */
function productListQuery(query: Query): ProductQuery {
  const featured = queryText(query, "featured");
  const finder = readFinderParams(searchParamsOf(query));
  if (finder.problems.length > 0) {
    throw badRequest(finder.problems.map((p) => p.message).join(" "), finder.problems);
  }
  return {
    categoryId: queryText(query, "categoryId"),
    subcategoryId: queryText(query, "subcategoryId"),
    featured: featured === undefined ? undefined : featured === "true",
    filters: finder.filters,
    page: queryNumber(query, "page", 1),
    limit: Math.min(queryNumber(query, "limit", PRODUCT_PAGE_LIMIT_MAX), PRODUCT_PAGE_LIMIT_MAX),
  };
}

/**
 * The answer cache's keys for /api/product (server/cache/api-cache.ts): the list's by its normalised query,
 * on the query shelf when it has typed finder numbers.
 */
export const productAnswerKeys: PublicAnswerKeys = {
  list: (query) => {
    try {
      const list = productListQuery(query);
      return { key: productQueryKey(list), shelf: productQueryShelf(list) };
    } catch {
      return null; // the route answers 400
    }
  },
  one: idOrSlugKey,
};

/** The category must exist; its subcategory must be one of its own, and is required when it has any. */
async function checkCategory(ctx: AppContext, input: ProductInput): Promise<ProductInput> {
  const category = await getCategoryRow(ctx.db, input.categoryId);
  if (!category)
    throw badRequest("The chosen category does not exist.", [{ path: "categoryId", message: "Category not found." }]);
  const subcategoryId = input.subcategoryId ?? null;
  const check = await subcategoryCheck(ctx.db, category.id, subcategoryId);
  if (!check.belongs) {
    throw badRequest("The chosen subcategory does not belong to the chosen category.", [
      { path: "subcategoryId", message: "Subcategory not found in this category." },
    ]);
  }
  if (check.categoryHasSubcategories && !subcategoryId) {
    throw badRequest("Please choose a subcategory.", [{ path: "subcategoryId", message: "Please choose a subcategory." }]);
  }
  return { ...input, categoryId: category.id, subcategoryId };
}

/** How many image files a request uploads for an image field (its alt texts follow them). */
const uploadedImages = (req: Request) => (field: string) =>
  field === "mainImage" ? Number(MAIN_IMAGE_FIELDS.some((f) => filesOf(req, f).length > 0)) : filesOf(req, field).length;

/** Kept additional images plus the uploaded ones, at most LIMITS.additionalImages in all. */
async function additionalImages(req: Request, kept: string[], changes: ImageChanges): Promise<string[]> {
  const files = filesOf(req, "additionalImages");
  if (kept.length + files.length > LIMITS.additionalImages) {
    throw badRequest(`A product may have at most ${LIMITS.additionalImages} additional images.`, [
      { path: "additionalImages", message: `At most ${LIMITS.additionalImages} additional images.` },
    ]);
  }
  const added: string[] = [];
  for (const file of files) added.push(await changes.upload(file));
  return [...kept, ...added];
}

/**
 * The titles of the uploaded attachment files: a JSON list, repeated fields, or (for one file) plain text.
 * Removed from `fields` (it is not a product field).
 */
function attachmentTitlesOf(fields: Record<string, unknown>): unknown[] {
  const raw = fields[ATTACHMENT_TITLES];
  delete fields[ATTACHMENT_TITLES];
  if (raw === undefined) return [];
  if (Array.isArray(raw)) return raw;
  if (typeof raw === "string" && raw.trim().startsWith("[")) {
    try {
      const list: unknown = JSON.parse(raw);
      if (Array.isArray(list)) return list;
    } catch {
      // below
    }
    throw badRequest(`The field "${ATTACHMENT_TITLES}" must be a JSON list of titles.`, [
      { path: ATTACHMENT_TITLES, message: "Not a valid JSON list of titles." },
    ]);
  }
  return [raw];
}

interface AttachmentPlan {
  kept: ProductAttachment[];
  added: { title: string; file: Express.Multer.File }[];
}

/**
 * The attachments a write ends with, checked before anything is stored: the kept ones (each an uploaded
 * PDF that exists; its size from the record or the disk) and the uploaded files with their titles, at
 * most ATTACHMENT_MAX_COUNT in all. The files' bytes were checked as they arrived (multipartBody).
 */
async function planAttachments(
  ctx: AppContext,
  req: Request,
  kept: { title: string; url: string }[],
  titles: unknown[],
  existing: ProductAttachment[],
): Promise<AttachmentPlan> {
  const files = filesOf(req, ATTACHMENT_FILES);
  if (titles.length > files.length) {
    throw badRequest("There are more attachment titles than attachment files.", [
      { path: ATTACHMENT_TITLES, message: "One title per attached file." },
    ]);
  }
  const padded = files.map((_, i) => (titles[i] === undefined ? "" : titles[i]));
  const newTitles = parseInput(titlesInput, { attachmentTitles: padded }).attachmentTitles;
  if (kept.length + files.length > ATTACHMENT_MAX_COUNT) {
    throw badRequest(ATTACHMENT_TEXTS.tooMany, [{ path: ATTACHMENT_FILES, message: ATTACHMENT_TEXTS.tooMany }]);
  }
  const keptFull: ProductAttachment[] = [];
  for (const [i, a] of kept.entries()) {
    const size = existing.find((e) => e.url === a.url)?.size ?? (await ctx.images.attachments.sizeOf(a.url));
    if (size === null) {
      const message = `The attachment “${a.title}” is not a stored file.`;
      throw badRequest(message, [{ path: `${ATTACHMENT_FILES}.${i}.url`, message }]);
    }
    keptFull.push({ title: a.title, url: a.url, size });
  }
  return { kept: keptFull, added: files.map((file, i) => ({ title: newTitles[i]!, file })) };
}

/** Puts the plan's uploaded files in place (removed again if the write fails): the kept attachments, then the new ones. */
async function storeAttachments(plan: AttachmentPlan, changes: ImageChanges): Promise<ProductAttachment[]> {
  const added: ProductAttachment[] = [];
  for (const { title, file } of plan.added) added.push({ title, url: await changes.commitAttachment(file), size: file.size });
  return [...plan.kept, ...added];
}

/** /api/product — lists come as `{ data, total, page, limit }`, create/update as `{ data }`, one product bare. */
export function productRouter(ctx: AppContext): Router {
  const router = Router();
  const body = multipartBody(ctx, [
    { name: "mainImage", maxCount: 1 },
    { name: "image", maxCount: 1 },
    { name: "additionalImages", maxCount: LIMITS.additionalImages },
    { name: ATTACHMENT_FILES, maxCount: ATTACHMENT_MAX_COUNT, attachment: true },
  ]);
  const write = requirePermission(ctx, "content", `change ${productContent.plural}`);

  router.get("/", async (req, res) => {
    res.json(await readProducts(ctx, productListQuery(req.query)));
  });

  router.get("/:id", async (req, res) => {
    const product = await readProduct(ctx, String(req.params.id));
    if (!product) throw notFoundError();
    res.json(product);
  });

  router.post("/", write, body, async (req, res) => {
    try {
      const fields = readFields(req, JSON_FIELDS);
      const titles = attachmentTitlesOf(fields);
      const input = await checkCategory(ctx, parseInput(productInput, fields) as ProductInput);
      const hasMain = MAIN_IMAGE_FIELDS.some((f) => filesOf(req, f).length > 0) || Boolean(input.mainImage);
      if (!hasMain)
        throw badRequest("Please upload a main image", [{ path: "mainImage", message: "Please upload a main image" }]);
      const altWrite = { sent: fields, files: uploadedImages(req), before: null, name: input.name };
      requireAltTexts(productFields, input as Record<string, unknown>, altWrite);
      const plan = await planAttachments(ctx, req, input.attachments ?? [], titles, []);
      const created = await withImageChanges(ctx, async (changes) => {
        const mainImage = (await changes.uploadFirst(req, MAIN_IMAGE_FIELDS)) ?? input.mainImage ?? "";
        const extra = await additionalImages(req, input.additionalImages ?? [], changes);
        const attachments = await storeAttachments(plan, changes);
        return inTransaction(ctx.db, async (tx) => {
          const saved = await createProduct(tx, { ...input, mainImage, additionalImages: extra, attachments });
          await recordContentChange(tx, actorOf(req), productContent, "create", null, saved);
          return saved;
        });
      });
      res.status(201).json({ data: created });
    } finally {
      await discardReceived(ctx, req);
    }
  });

  router.put("/:id", write, body, async (req, res) => {
    try {
      const existing = await getProductRow(ctx.db, String(req.params.id));
      if (!existing) throw notFoundError();
      const fields = readFields(req, JSON_FIELDS);
      const titles = attachmentTitlesOf(fields);
      requireSomeField(req, fields, productInput);
      if (fields.mainImage === "") delete fields.mainImage;
      const parsed = parseInput(productInput, { ...productInputView(existing), ...fields }) as ProductInput;
      const input = await checkCategory(ctx, parsed);
      const altWrite = { sent: fields, files: uploadedImages(req), before: productInputView(existing), name: input.name };
      requireAltTexts(productFields, input as Record<string, unknown>, altWrite);
      const plan = await planAttachments(ctx, req, input.attachments ?? existing.attachments, titles, existing.attachments);
      const updated = await withImageChanges(ctx, async (changes) => {
        const mainImage = (await changes.uploadFirst(req, MAIN_IMAGE_FIELDS)) ?? input.mainImage ?? existing.mainImage;
        const extra = await additionalImages(req, input.additionalImages ?? existing.additionalImages, changes);
        const attachments = await storeAttachments(plan, changes);
        changes.replace(existing.mainImage, mainImage);
        for (const url of existing.additionalImages) if (!extra.includes(url)) changes.replace(url);
        for (const { url } of existing.attachments) if (!attachments.some((a) => a.url === url)) changes.replace(url);
        return inTransaction(ctx.db, async (tx) => {
          const before = await getProduct(tx, existing.id);
          const rowsBefore = await rowsForFirstVersion(tx, productContent, existing.id);
          const saved = await updateProduct(tx, existing.id, { ...input, mainImage, additionalImages: extra, attachments });
          if (!saved) throw notFoundError();
          await recordContentChange(tx, actorOf(req), productContent, "update", before, saved, rowsBefore);
          return saved;
        });
      });
      res.json({ data: updated });
    } finally {
      await discardReceived(ctx, req);
    }
  });

  router.delete("/:id", write, async (req, res) => {
    const existing = await getProductRow(ctx.db, String(req.params.id));
    if (!existing) throw notFoundError();
    await withImageChanges(ctx, async (changes) => {
      const removed = await inTransaction(ctx.db, async (tx) => {
        const before = await getProduct(tx, existing.id);
        const rows = await takeSnapshot(tx, productContent, existing.id);
        if (!before || !rows) throw notFoundError();
        await moveToTrash(tx, actorOf(req), productContent, before as unknown as Record<string, unknown>, rows);
        const row = await deleteProduct(tx, existing.id);
        if (!row) throw notFoundError();
        return row;
      });
      changes.replace(removed.mainImage);
      for (const url of removed.additionalImages) changes.replace(url);
      for (const { url } of removed.attachments) changes.replace(url);
    });
    res.json({ message: "Product deleted successfully." });
  });

  return router;
}
