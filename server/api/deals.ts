import { stringify } from "csv-stringify";
import { type Request, Router } from "express";
import {
  DEAL_SOURCE_LABEL,
  DEAL_STAGE_LABEL,
  type Deal,
  type DealSource,
  dealInput,
  dealListQuery,
  dealNoteInput,
} from "../../shared/sales/deal";
import { indiaDateTimeOf } from "../../shared/sales/financial-year";
import { recordActivity } from "../activity/log";
import { actorOf, currentUser, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { noStore } from "../http/caching";
import { badRequest, HttpError, notFound, parseInput } from "../http/errors";
import { errorFields, log } from "../log";
import { dealRecords, exportDetail, quotationRecords, recordAccess, recordList } from "../privacy/access-log";
import { assignUnassignedLeads, ownerChangeDetail, tellNewOwner } from "../sales/assignment";
import { dealStats } from "../sales/deal-stats";
import {
  addDealNote,
  createDeal,
  type DealExportDetails,
  dealBatches,
  dealExportDetails,
  dealRow,
  getDeal,
  inputOfDeal,
  listDeals,
  referenceProblem,
  updateDeal,
} from "../sales/deals";
import { keepVersion, versionOf, versionsOf } from "../sales/history";
import { spreadsheetSafe } from "./contacts";
import { readFields } from "./forms";

const notFoundError = () => notFound("Deal not found.");

/**
 * The one owner rule of a deal: sales work their own deals (and take unassigned ones) and see the others'
 * read-only; owners do anything. It also decides who may change the customer of an open deal.
 */
export function mayChangeDeal(req: Request, deal: { ownerId: string | null }): boolean {
  const user = currentUser(req);
  return user.role === "owner" || deal.ownerId === null || deal.ownerId === user.id;
}

/** mayChangeDeal, as a 403 in words; a sales person may not give a deal to someone else either. */
export function assertMayChange(req: Request, deal: { ownerId: string | null }, newOwnerId: string | null = deal.ownerId): void {
  const user = currentUser(req);
  if (user.role === "owner") return;
  if (!mayChangeDeal(req, deal)) {
    throw new HttpError(403, "This deal is another sales person's: you can read it, but only they or an owner can change it.");
  }
  if (newOwnerId !== null && newOwnerId !== user.id) {
    throw new HttpError(403, "Only an owner can give a deal to someone else.");
  }
}

const CSV_COLUMNS = [
  "Title",
  "Customer",
  "GSTIN",
  "State",
  "Phone",
  "Owner",
  "Source",
  "Stage",
  "Lost reason",
  "Expected value (₹)",
  "Quotation",
  "Expected close",
  "Next step",
  "Due",
  "Created",
  "Received",
  "First response",
  "Closed",
];

/** A time as India's wall clock shows it, in the form a spreadsheet reads as a date and time ("2026-11-29 14:05"). */
const indiaTime = (iso: string | null) => (iso ? indiaDateTimeOf(new Date(iso)) : "");

function csvRow(d: Deal, x: DealExportDetails | undefined): string[] {
  return [
    d.title,
    d.customerName ?? "",
    x?.gstin ?? "",
    x?.state ?? "",
    x?.phone ?? "",
    d.ownerName ?? "",
    x ? (DEAL_SOURCE_LABEL[x.source as DealSource] ?? x.source) : "",
    DEAL_STAGE_LABEL[d.stage],
    d.lostReason,
    // Rupees from paise (paiseToRupees): the nearest double to a two-place decimal prints back exactly.
    d.expectedValue === null ? "" : d.expectedValue.toFixed(2),
    x?.quotationNumber ?? "",
    d.expectedCloseDate ?? "",
    d.nextStep.text,
    d.nextStep.dueDate ?? "",
    indiaTime(d.createdAt),
    indiaTime(d.receivedAt),
    indiaTime(d.firstResponseAt),
    indiaTime(d.closedAt),
  ].map(spreadsheetSafe);
}

/** /api/deals: the sales desk's deals (owners and sales; editors none). Lists are plain arrays with X-Total-Count. */
export function dealsRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requirePermission(ctx, "sales", "work with deals"));
  const logDeal = async (req: Request, action: "create" | "update" | "note", d: Deal, detail = "") => {
    await recordActivity(ctx.db, actorOf(req), { action, entityType: "deal", entityId: d._id, entityLabel: d.title, detail });
    if (action !== "note") await keepVersion(ctx.db, "deal", d, action, actorOf(req));
  };

  // Who opened which deal (the access log): written before the answer, so no view goes unrecorded.
  const logView = (req: Request, id: string, detail: string) =>
    recordAccess(ctx.db, actorOf(req), { action: "view", entityType: "deal", entityId: id, detail });

  router.get("/", async (req, res) => {
    const query = parseInput(dealListQuery, req.query);
    const { items, total } = await listDeals(ctx.db, query, currentUser(req).id);
    // The page carries each customer's name and the notes: logged like a view (issue 44, 2).
    await recordList(ctx.db, actorOf(req), "deals", query, items.flatMap(dealRecords), items.length);
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  // The dashboard's figures, and the same as rows of a spreadsheet.
  router.get("/stats", async (req, res) => {
    const stats = await dealStats(ctx.db, new Date(), currentUser(req));
    // The recent acceptances name their buyers: logged like a list of quotations (issue 44, 2).
    const accepted = stats.recentAcceptances;
    await recordList(
      ctx.db,
      actorOf(req),
      "quotations",
      { accepted: "last 7 days" },
      accepted.flatMap(quotationRecords),
      accepted.length,
    );
    res.json(stats);
  });

  router.get("/stats.csv", async (req, res) => {
    const stats = await dealStats(ctx.db);
    await recordActivity(ctx.db, actorOf(req), { action: "export", entityType: "deal", detail: "CSV of the figures" });
    noStore(res);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="sales-figures-${new Date().toISOString().slice(0, 10)}.csv"`);
    const csv = stringify({
      header: true,
      columns: ["Figure", "Of", "Deals", "Value (₹) or share"],
      bom: true,
      record_delimiter: "windows",
    });
    csv.pipe(res);
    const f = stats.firstResponse;
    csv.write(["First response, median minutes (last 90 days)", "", f.deals, f.medianMinutes ?? ""]);
    csv.write(["First response within one working day (last 90 days)", "", f.leads, f.withinOneWorkingDay ?? ""]);
    csv.write(["Leads not answered yet (last 90 days)", "", f.unanswered, ""]);
    for (const s of stats.openByStage) csv.write(["Open deals", DEAL_STAGE_LABEL[s.stage], s.deals, s.value.toFixed(2)]);
    csv.write(["Win rate (last 90 days)", "", "", stats.winRate ?? ""]);
    for (const s of stats.winsBySource) csv.write(["Wins by source (last 90 days)", s.source, s.deals, s.value.toFixed(2)]);
    for (const p of stats.winsByProduct) csv.write(["Wins by product (last 90 days)", spreadsheetSafe(p.name), p.deals, ""]);
    csv.end();
  });

  router.get("/export.csv", async (req, res) => {
    const query = parseInput(dealListQuery, req.query);
    await recordActivity(ctx.db, actorOf(req), { action: "export", entityType: "deal", detail: "CSV" });
    const { total } = await listDeals(ctx.db, { ...query, page: 1, limit: 1 }, currentUser(req).id);
    await recordAccess(ctx.db, actorOf(req), { action: "export", entityType: "deals", detail: exportDetail(query, total) });
    noStore(res);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="deals-${new Date().toISOString().slice(0, 10)}.csv"`);
    const csv = stringify({ header: true, columns: CSV_COLUMNS, bom: true, record_delimiter: "windows" });
    csv.pipe(res);
    try {
      for await (const batch of dealBatches(ctx.db, query, currentUser(req).id)) {
        const details = await dealExportDetails(
          ctx.db,
          batch.map((d) => d._id),
        );
        for (const deal of batch) {
          if (!csv.write(csvRow(deal, details.get(deal._id)))) await new Promise<void>((resolve) => csv.once("drain", resolve));
        }
        if (res.destroyed) break;
      }
      csv.end();
    } catch (err) {
      log.error("the deals CSV export failed", errorFields(err));
      csv.destroy();
      res.destroy();
    }
  });

  router.post("/", async (req, res) => {
    const input = parseInput(dealInput, readFields(req));
    // A sales person's new deal is theirs unless they leave it unassigned; an owner gives it to anyone.
    if (currentUser(req).role !== "owner" && input.ownerId === undefined) input.ownerId = currentUser(req).id;
    assertMayChange(req, { ownerId: null }, input.ownerId ?? null);
    const problem = await referenceProblem(ctx.db, input);
    if (problem) throw badRequest(problem);
    const id = await ctx.db.transaction((tx) => createDeal(tx as unknown as Database, input));
    const deal = (await getDeal(ctx.db, id))!;
    await logDeal(req, "create", deal);
    res.status(201).json(deal);
  });

  // Every unassigned lead to the sales staff in turn (owners): as the round-robin setting does for new ones.
  router.post("/assign", async (req, res) => {
    if (currentUser(req).role !== "owner") throw new HttpError(403, "Only an owner can assign leads to the sales staff.");
    res.json({ assigned: await assignUnassignedLeads(ctx.db, actorOf(req)) });
  });

  router.get("/:id", async (req, res) => {
    const deal = await getDeal(ctx.db, String(req.params.id));
    if (!deal) throw notFoundError();
    await logView(req, deal._id, "");
    res.json(deal);
  });

  router.get("/:id/revisions", async (req, res) => {
    const id = String(req.params.id);
    if (!(await getDeal(ctx.db, id))) throw notFoundError();
    const versions = await versionsOf(ctx.db, "deal", id, ctx.config.revisionsKeep);
    await logView(req, id, "past versions");
    res.json(versions);
  });

  router.get("/:id/revisions/:revisionId", async (req, res) => {
    const version = await versionOf(ctx.db, "deal", String(req.params.id), String(req.params.revisionId));
    if (!version) throw notFound("Version not found.");
    await logView(req, String(req.params.id), `a past version (${String(req.params.revisionId)})`);
    res.json(version);
  });

  // The fields given change; the others keep their values.
  router.put("/:id", async (req, res) => {
    const previous = await dealRow(ctx.db, String(req.params.id));
    if (!previous) throw notFoundError();
    const input = parseInput(dealInput, { ...inputOfDeal(previous), ...readFields(req) });
    const ownerId = input.ownerId === undefined ? previous.ownerId : input.ownerId;
    assertMayChange(req, previous, ownerId);
    const problem = await referenceProblem(ctx.db, input);
    if (problem) throw badRequest(problem);
    await ctx.db.transaction(async (tx) => {
      await updateDeal(tx as unknown as Database, previous, input);
      // Given to someone else: they are told as of a new lead (server/sales/assignment.ts).
      await tellNewOwner(tx as unknown as Database, previous.id, {
        from: previous.ownerId,
        to: ownerId,
        by: currentUser(req).id,
      });
    });
    const deal = (await getDeal(ctx.db, previous.id))!;
    const detail = [
      previous.stage === deal.stage ? "" : `stage ${previous.stage} → ${deal.stage}`,
      await ownerChangeDetail(ctx.db, previous.ownerId, deal.ownerId),
    ];
    await logDeal(req, "update", deal, detail.filter(Boolean).join(", "));
    res.json(deal);
  });

  router.post("/:id/notes", async (req, res) => {
    const note = parseInput(dealNoteInput, readFields(req));
    const previous = await dealRow(ctx.db, String(req.params.id));
    if (!previous) throw notFoundError();
    assertMayChange(req, previous);
    await ctx.db.transaction((tx) =>
      addDealNote(tx as unknown as Database, previous.id, { ...note, author: currentUser(req).username }),
    );
    const deal = (await getDeal(ctx.db, previous.id))!;
    await logDeal(req, "note", deal, note.kind);
    res.status(201).json(deal);
  });

  return router;
}
