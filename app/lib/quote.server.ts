import { findQuotableProducts, type QuotableProduct, submitQuote, suggestQuotableProducts } from "../../server/content/enquiry";
import type { AppContext } from "../../server/context";
import { badRequest, HttpError } from "../../server/http/errors";
import { containsNul } from "../../server/http/nul-characters";
import { errorFields, log } from "../../server/log";
import {
  ADD_MODEL_EMPTY,
  ADD_MODEL_FIELD,
  INTENT_ADD,
  MAX_QUANTITY,
  MAX_QUOTE_ITEMS,
  noModelMatches,
  QUOTE_FIELDS,
  type QuoteChoice,
  type QuoteField,
  type QuoteReceipt,
  type QuoteResult,
  type QuoteRow,
  replyDueBy,
  tooManyItems,
} from "../components/quote/texts";
import { allValues, firstValues, readFormData } from "./form.server";

/** Suggestions in the page's <datalist> (never the whole catalogue) and in each typed-ahead answer. */
const DEFAULT_SUGGESTIONS = 50;
const TYPED_SUGGESTIONS = 12;
/** Choices offered when "Add a model" names several products. */
const MAX_CHOICES = 8;
/** Longest "Add a model" text that is looked up. */
const MAX_MODEL_TEXT = 120;

const toRow = (p: QuotableProduct, quantity = "1"): QuoteRow => ({
  productId: p._id,
  name: p.name,
  slug: p.slug,
  mainImage: p.mainImage,
  url: p.url,
  quantity,
});

const matches = (p: QuotableProduct, idOrSlug: string) => p._id === idOrSlug || p.slug === idOrSlug.toLowerCase();

/** The products of `?product={slug}` links (repeatable), in link order, without repeats or unknown ones. */
export async function linkedRows(ctx: AppContext, wanted: string[]): Promise<{ rows: QuoteRow[]; unknown: number }> {
  const asked = [...new Set(wanted.map((w) => w.trim()).filter((w) => w !== "" && w.length <= 120))].slice(0, MAX_QUOTE_ITEMS);
  if (asked.length === 0) return { rows: [], unknown: 0 };
  const found = await findQuotableProducts(ctx.db, asked);
  const rows: QuoteRow[] = [];
  for (const w of asked) {
    const p = found.find((f) => matches(f, w));
    if (p && !rows.some((r) => r.productId === p._id)) rows.push(toRow(p));
  }
  return { rows, unknown: asked.length - rows.length };
}

/** Product names for the suggestions: the first in the staff order, or those matching what was typed. */
export async function suggestions(ctx: AppContext, typed: string | null): Promise<string[]> {
  const text = (typed ?? "").trim().slice(0, MAX_MODEL_TEXT);
  const load = async () =>
    (await suggestQuotableProducts(ctx.db, text, text ? TYPED_SUGGESTIONS : DEFAULT_SUGGESTIONS)).map((p) => p.name);
  return text ? load() : ctx.cache.read("quote-suggestions", load);
}

/** The rows as posted (repeated productId + quantity), with the names and pictures the catalogue has for them. */
async function postedRows(ctx: AppContext, form: FormData): Promise<QuoteRow[]> {
  const ids = allValues(form, "productId").slice(0, MAX_QUOTE_ITEMS + 1);
  const quantities = allValues(form, "quantity");
  const known = ids.filter((id) => id.trim() !== "");
  const found = known.length ? await findQuotableProducts(ctx.db, known) : [];
  return ids.flatMap((id, i) => {
    if (id.trim() === "") return [];
    const quantity = quantities[i] ?? "1";
    const p = found.find((f) => matches(f, id));
    return [p ? toRow(p, quantity) : { productId: id, name: id, slug: "", mainImage: "", url: null, quantity }];
  });
}

/** The product "Add a model" means: its slug or id, one exact name, or the only name that contains every word. */
async function findModel(ctx: AppContext, text: string): Promise<{ product?: QuotableProduct; choices: QuotableProduct[] }> {
  const [direct] = await findQuotableProducts(ctx.db, [text]);
  if (direct) return { product: direct, choices: [] };
  const hits = await suggestQuotableProducts(ctx.db, text, MAX_CHOICES);
  const exact = hits.filter((h) => h.name.trim().toLowerCase() === text.replace(/\s+/g, " ").toLowerCase());
  if (exact.length === 1) return { product: exact[0], choices: [] };
  if (hits.length === 1) return { product: hits[0], choices: [] };
  return { choices: hits };
}

type Edit = Extract<QuoteResult, { ok: false }>;

/** Adds a product to the rows, unless it is there already or the list is full. */
function addRow(rows: QuoteRow[], p: QuotableProduct): Pick<Edit, "items" | "notice" | "issues"> {
  if (rows.some((r) => r.productId === p._id)) {
    return { items: rows, notice: `${p.name} is already in your list.` };
  }
  if (rows.length >= MAX_QUOTE_ITEMS) return { items: rows, issues: [{ path: ADD_MODEL_FIELD, message: tooManyItems() }] };
  return { items: [...rows, toRow(p)], notice: `Added ${p.name}. Set the quantity you need.` };
}

/** Add, pick or remove: the form again with the changed list and what was typed. Nothing is stored. */
async function edit(ctx: AppContext, intent: string, form: FormData, rows: QuoteRow[]): Promise<Edit> {
  const typed = (firstValues(form)[ADD_MODEL_FIELD] ?? "").trim();
  // The list as it was and what was typed, with what the edit has to say.
  const unchanged = (answer: Partial<Edit> = {}): Edit => ({ ok: false, kind: "edit", items: rows, addModel: typed, ...answer });
  const addModelError = (message: string) => unchanged({ issues: [{ path: ADD_MODEL_FIELD, message }] });
  if (intent.startsWith("remove-")) {
    const index = Number(intent.slice("remove-".length));
    const removed = rows[index];
    if (!Number.isInteger(index) || !removed) return unchanged();
    return unchanged({ items: rows.filter((_, i) => i !== index), notice: `Removed ${removed.name}.` });
  }
  if (intent.startsWith("pick-")) {
    const [p] = await findQuotableProducts(ctx.db, [intent.slice("pick-".length)]);
    if (!p) return addModelError(noModelMatches(typed));
    return { ok: false, kind: "edit", ...addRow(rows, p), addModel: "" };
  }
  // "add", or "send" with a model typed but not added yet: add it first, so it is not lost.
  const text = typed.slice(0, MAX_MODEL_TEXT);
  if (text === "") return addModelError(ADD_MODEL_EMPTY);
  const { product, choices } = await findModel(ctx, text);
  if (product) {
    const added = addRow(rows, product);
    return { ok: false, kind: "edit", ...added, addModel: added.issues ? typed : "" };
  }
  if (choices.length === 0) return addModelError(noModelMatches(text));
  return unchanged({
    choices: choices.map((c): QuoteChoice => ({ name: c.name, slug: c.slug })),
    notice: `Several models match “${text}”. Choose one.`,
  });
}

const typedValues = (fields: Record<string, string>) =>
  Object.fromEntries(QUOTE_FIELDS.filter((f) => typeof fields[f] === "string").map((f) => [f, fields[f]])) as Partial<
    Record<QuoteField, string>
  >;

/**
 * The receipt of a request just stored: the rows as sent (all known products, or it would not have been
 * stored), the same product once with the quantities added as the server stores it, and what was typed.
 */
function receiptOf(reference: string, rows: QuoteRow[], fields: Record<string, string>, arrived: Date): QuoteReceipt {
  const items = new Map<string, QuoteReceipt["items"][number]>();
  for (const row of rows) {
    const quantity = row.quantity.trim() === "" ? 1 : Number(row.quantity);
    const same = items.get(row.productId);
    if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + quantity);
    else items.set(row.productId, { name: row.name, url: row.url, quantity });
  }
  const typed = (name: QuoteField) => (fields[name] ?? "").trim();
  return {
    reference,
    items: [...items.values()],
    contact: { name: typed("name"), email: typed("email"), phone: typed("phone"), company: typed("company") },
    details: {
      flow: typed("flow"),
      pressure: typed("pressure"),
      hoursPerDay: typed("hoursPerDay"),
      application: typed("application"),
    },
    message: typed("message"),
    replyBy: replyDueBy(arrived),
  };
}

export interface QuoteActionAnswer {
  result: QuoteResult;
  status: number;
  headers?: Record<string, string>;
}

/**
 * The /quote page's action. `intent` "send" (or none, or Enter in a field) submits the quote exactly as
 * POST /api/quotes does (rate limit, honeypot, validation); the other intents only change the list.
 */
export async function quoteAction(ctx: AppContext, request: Request, clientIp: string): Promise<QuoteActionAnswer> {
  let fields: Record<string, string> = {};
  let rows: QuoteRow[] | undefined;
  try {
    const form = await readFormData(request);
    fields = firstValues(form);
    if (containsNul(fields) || containsNul(allValues(form, "productId")) || containsNul(allValues(form, "quantity"))) {
      throw badRequest("Text must not contain NUL characters.");
    }
    rows = await postedRows(ctx, form);
    const intent = fields.intent ?? "send";
    const typedModel = (fields[ADD_MODEL_FIELD] ?? "").trim();
    if (intent !== "send" || typedModel !== "") {
      const result = await edit(ctx, intent === "send" ? INTENT_ADD : intent, form, rows);
      // Nothing failed: the form comes back with the list changed, or with a hint beside "Add a model".
      return { result: { ...result, values: typedValues(fields) }, status: 200 };
    }
    const submitted: Record<string, unknown> = { ...fields };
    delete submitted.intent;
    delete submitted[ADD_MODEL_FIELD];
    submitted.items = rows.map((r) => ({ productId: r.productId, quantity: r.quantity }));
    const stored = await submitQuote(ctx, submitted, { clientIp });
    return { result: { ok: true, receipt: receiptOf(stored.reference, rows, fields, new Date()) }, status: 200 };
  } catch (err) {
    const values = typedValues(fields);
    if (err instanceof HttpError) {
      return {
        result: { ok: false, kind: "error", message: err.message, issues: err.issues, values, items: rows },
        status: err.status,
        headers: err.headers,
      };
    }
    log.error("could not store a quote request", errorFields(err));
    return { result: { ok: false, kind: "error", values, items: rows }, status: 500 };
  }
}
