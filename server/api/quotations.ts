import { type Request, type Response, Router } from "express";
import { z } from "zod";
import type { SiteSettings } from "../../shared/content/settings";
import { isId } from "../../shared/lib/ids";
import { emailKey } from "../../shared/sales/customer";
import {
  type Quotation,
  quotationInput,
  quotationRecordedDecisionInput,
  quotationRevision,
  quotationSendInput,
} from "../../shared/sales/quotation";
import { contactListQuery } from "../../shared/schemas/contact";
import { recordActivity } from "../activity/log";
import { actorOf, currentUser, requirePermission } from "../auth/require-admin";
import { getSettings } from "../content/settings";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { badRequest, conflict, HttpError, notFound, parseInput } from "../http/errors";
import { emailSiteUrl } from "../mail/outbox";
import { quotationRecords, recordAccess, recordList } from "../privacy/access-log";
import { getCustomer } from "../sales/customers";
import { dealRow } from "../sales/deals";
import { BUYER_PAGE, quotationToken, recordDecision, sendQuotation } from "../sales/quotation-mail";
import { quotationFileName, quotationPdf } from "../sales/quotation-pdf";
import { createQuotation, getQuotation, listQuotations, reviseQuotation } from "../sales/quotations";
import { assertMayChange } from "./deals";
import { readFields } from "./forms";

const notFoundError = () => notFound("Quotation not found.");
const listQuery = contactListQuery
  .pick({ page: true, limit: true })
  .extend({ dealId: z.string().trim().optional(), customerId: z.string().trim().optional() });

/**
 * The buyer's link lets whoever holds it accept or decline in the buyer's name, so only the deal's own sales
 * person and owners get it (issue 44); other sales people read the quotation without it.
 */
async function buyerPathFor(ctx: AppContext, req: Request, q: Quotation): Promise<{ buyerPath?: string }> {
  const user = currentUser(req);
  const deal = user.role === "owner" ? null : await dealRow(ctx.db, q.dealId);
  if (user.role !== "owner" && deal?.ownerId !== user.id) return {};
  return { buyerPath: `${BUYER_PAGE}${await quotationToken(ctx.db, q._id)}` };
}

/**
 * /api/quotations: GST quotations made from deals (owners and sales; a sales person quotes on their own
 * deals). Amounts in answers and requests are rupees as decimal numbers; they are stored as paise.
 */
export function quotationsRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requirePermission(ctx, "sales", "work with quotations"));
  const logQuotation = (req: Request, action: "create" | "update", q: Quotation) =>
    recordActivity(ctx.db, actorOf(req), {
      action,
      entityType: "quotation",
      entityId: q._id,
      entityLabel: `${q.number} v${q.version}`,
      detail: `₹${q.total.toFixed(2)} to ${q.buyer.name}`,
    });

  // Who opened or downloaded which quotation (the access log): written before the answer, so none goes unrecorded.
  const logAccess = (req: Request, action: "view" | "download", q: Quotation) =>
    recordAccess(ctx.db, actorOf(req), {
      action,
      entityType: "quotation",
      entityId: q._id,
      detail: `${q.number} v${q.version}${action === "download" ? " PDF" : ""}`,
    });

  /** Makes a quotation (or a version) in one transaction, logs it and answers it. */
  async function save(
    req: Request,
    res: Response,
    action: "create" | "update",
    make: (tx: Database, settings: SiteSettings, preparedBy: string) => Promise<string>,
  ): Promise<void> {
    // Read fresh, not from the content cache (on PostgreSQL it hears of a change a moment later): a quotation
    // prints the GSTIN and terms as they are now.
    const settings = await getSettings(ctx.db);
    const user = currentUser(req);
    const id = await ctx.db.transaction((tx) => make(tx as unknown as Database, settings, user.name || user.username));
    const quotation = (await getQuotation(ctx.db, id))!;
    await logQuotation(req, action, quotation);
    res.status(201).json(quotation);
  }

  router.get("/", async (req, res) => {
    const query = parseInput(listQuery, req.query);
    const { items, total } = await listQuotations(ctx.db, query);
    // The page carries each buyer's name and address: logged like a view (issue 44, 2).
    await recordList(ctx.db, actorOf(req), "quotations", query, items.flatMap(quotationRecords), items.length);
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  router.post("/", async (req, res) => {
    const input = parseInput(quotationInput, readFields(req));
    const deal = isId(input.dealId) ? await dealRow(ctx.db, input.dealId) : null;
    if (!deal) throw badRequest("There is no such deal.");
    assertMayChange(req, deal);
    await save(req, res, "create", (tx, settings, preparedBy) => createQuotation(tx, settings, deal, input, preparedBy));
  });

  // With the buyer's page (the signed link) for the deal's sales person and owners: they may share it by
  // WhatsApp as well as by e-mail.
  router.get("/:id", async (req, res) => {
    const quotation = await getQuotation(ctx.db, String(req.params.id));
    if (!quotation) throw notFoundError();
    await logAccess(req, "view", quotation);
    res.json({ ...quotation, ...(await buyerPathFor(ctx, req, quotation)) });
  });

  router.post("/:id/revise", async (req, res) => {
    const revision = parseInput(quotationRevision, readFields(req));
    const previous = await getQuotation(ctx.db, String(req.params.id));
    if (!previous) throw notFoundError();
    const deal = await dealRow(ctx.db, previous.dealId);
    if (deal) assertMayChange(req, deal);
    await save(req, res, "update", (tx, settings, preparedBy) => reviseQuotation(tx, settings, previous, revision, preparedBy));
  });

  router.post("/:id/send", async (req, res) => {
    const input = parseInput(quotationSendInput, readFields(req));
    const quotation = await getQuotation(ctx.db, String(req.params.id));
    if (!quotation) throw notFoundError();
    const deal = await dealRow(ctx.db, quotation.dealId);
    if (deal) assertMayChange(req, deal);
    if (!ctx.mail.enabled || !ctx.config.siteUrl) {
      throw conflict(
        "E-mail is not set up on this server, so the quotation cannot be sent from here. Download the PDF and send it yourself.",
      );
    }
    const latest = quotation.versions.at(-1)?.version ?? quotation.version;
    if (quotation.version !== latest) {
      throw conflict(`Only the latest version can be sent: this is v${quotation.version}, and v${latest} exists.`);
    }
    if (quotation.decidedAt) throw conflict(`The buyer has already ${quotation.status} this quotation.`);
    const customer = quotation.customerId ? await getCustomer(ctx.db, quotation.customerId) : null;
    const to = input.to ?? [...new Set(customer?.people.map((p) => emailKey(p.email)).filter(Boolean) ?? [])];
    if (to.length === 0) throw badRequest("Give an e-mail address to send the quotation to: the customer has none.");
    const user = currentUser(req);
    const settings = await getSettings(ctx.db);
    const siteUrl = emailSiteUrl(ctx.config);
    await ctx.db.transaction((tx) =>
      sendQuotation(tx as unknown as Database, {
        quotation,
        to,
        message: input.message,
        sender: { name: user.name || user.username, email: user.email },
        settings,
        siteUrl,
      }),
    );
    ctx.mail.kick();
    const sent = (await getQuotation(ctx.db, quotation._id))!;
    await recordActivity(ctx.db, actorOf(req), {
      action: "update",
      entityType: "quotation",
      entityId: sent._id,
      entityLabel: `${sent.number} v${sent.version}`,
      detail: `sent to ${to.join(", ")}`,
    });
    res.json({ ...sent, ...(await buyerPathFor(ctx, req, sent)) });
  });

  // The buyer answered another way (by phone, a purchase order): an owner records it, as themselves (issue 44).
  // Nobody else answers in the buyer's name; the buyer answers on their own page.
  router.post("/:id/decision", async (req, res) => {
    const user = currentUser(req);
    if (user.role !== "owner") {
      throw new HttpError(403, "Only an owner can record the buyer's answer. The buyer answers on their own page.");
    }
    const input = parseInput(quotationRecordedDecisionInput, readFields(req));
    const quotation = await getQuotation(ctx.db, String(req.params.id));
    if (!quotation) throw notFoundError();
    const latest = quotation.versions.at(-1)?.version ?? quotation.version;
    if (quotation.version !== latest) {
      throw conflict(`Only the latest version can be answered: this is v${quotation.version}, and v${latest} exists.`);
    }
    const accept = input.decision === "accept";
    const recorded = await recordDecision(
      ctx.db,
      quotation,
      { accept, name: input.name, reason: input.reason, recordedBy: user.name || user.username, how: input.how },
      ctx.mail.enabled ? emailSiteUrl(ctx.config) : null,
    );
    if (!recorded) throw conflict(`The buyer has already ${quotation.status} this quotation.`);
    ctx.mail.kick();
    const decided = (await getQuotation(ctx.db, quotation._id))!;
    await recordActivity(ctx.db, actorOf(req), {
      action: "update",
      entityType: "quotation",
      entityId: decided._id,
      entityLabel: `${decided.number} v${decided.version}`,
      detail: `recorded as ${decided.status} by ${input.name}, ${input.how}`,
    });
    res.json({ ...decided, ...(await buyerPathFor(ctx, req, decided)) });
  });

  router.get("/:id/pdf", async (req, res) => {
    const quotation = await getQuotation(ctx.db, String(req.params.id));
    if (!quotation) throw notFoundError();
    const pdf = await quotationPdf(quotation, await getSettings(ctx.db));
    await logAccess(req, "download", quotation);
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="${quotationFileName(quotation)}"`);
    res.setHeader("Cache-Control", "private, no-store");
    res.send(pdf);
  });

  return router;
}
