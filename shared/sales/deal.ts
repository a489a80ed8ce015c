import { z } from "zod";
import { calendarDay } from "../schemas/calendar-day";
import { contactListQuery } from "../schemas/contact";
import { LEAD_SOURCE_LABEL, LEAD_SOURCES } from "../schemas/enquiry-values";
import { LIMITS, optionalText, requiredText } from "../schemas/fields";
import { toHundredths } from "./money";

/** A deal's stages in the order a sale moves through them; won and lost close it. */
export const DEAL_STAGES = ["new", "qualified", "quoted", "negotiating", "won", "lost"] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

/** The stages that close a deal; every other stage is open. */
export const CLOSED_STAGES: readonly DealStage[] = ["won", "lost"];
export const isOpenDeal = (deal: { stage: string }): boolean => !(CLOSED_STAGES as readonly string[]).includes(deal.stage);

export const DEAL_STAGE_LABEL: Record<DealStage, string> = {
  new: "New",
  qualified: "Qualified",
  quoted: "Quoted",
  negotiating: "Negotiating",
  won: "Won",
  lost: "Lost",
};

/** What staff log on a deal; each counts as a response to the lead (the time to first response). */
export const DEAL_NOTE_KINDS = ["note", "call", "email", "meeting"] as const;
export type DealNoteKind = (typeof DEAL_NOTE_KINDS)[number];
/** What the server logs on a deal as its quotation travels (the buyer's page and the outbox). */
const DEAL_EVENT_KINDS = ["quotation-sent", "quotation-viewed", "quotation-accepted", "quotation-declined"] as const;
export type DealEventKind = (typeof DEAL_EVENT_KINDS)[number];
const TIMELINE_KINDS: readonly string[] = [...DEAL_NOTE_KINDS, ...DEAL_EVENT_KINDS];
/** A stored kind as the timeline shows it (an unknown one as a note). */
export const timelineKind = (kind: string): DealNoteKind | DealEventKind =>
  TIMELINE_KINDS.includes(kind) ? (kind as DealNoteKind | DealEventKind) : "note";

interface DealNote {
  _id: string;
  kind: DealNoteKind | DealEventKind;
  text: string;
  author: string;
  date: string;
}

export interface Deal {
  _id: string;
  title: string;
  customerId: string | null;
  /** The customer's name, for lists (null when none). */
  customerName: string | null;
  /** The lead (an enquiry) the deal came from. */
  contactId: string | null;
  ownerId: string | null;
  ownerName: string | null;
  stage: DealStage;
  lostReason: string;
  /**
   * Rupees (two decimals at most); null when not estimated yet. It follows the deal's latest quotation sent
   * or accepted (an accepted one first) unless staff typed it (`valueByHand`); cleared, it follows again.
   */
  expectedValue: number | null;
  valueByHand: boolean;
  expectedCloseDate: string | null;
  nextStep: { text: string; dueDate: string | null };
  /** When the lead was received: the enquiry's time, or the deal's own when it came from no enquiry. */
  receivedAt: string;
  /** The first note, call, e-mail or meeting logged (later: quotation sent); null while none. */
  firstResponseAt: string | null;
  closedAt: string | null;
  notes: DealNote[];
  createdAt: string;
  updatedAt: string;
}

const nullableDay = (label: string) =>
  z.union([z.literal("").transform(() => null), z.null(), calendarDay(label)], {
    error: `${label} must be a date like 2026-01-31.`,
  });

/** Rupees as typed or sent (a number or text, up to two decimals) to paise; "" or null is none. */
/** ₹1,000 crore: far above any order for compressors, far below where paise stop being exact. */
const MAX_DEAL_VALUE_PAISE = 1_000_00_00_000_00;

const rupees = (label: string) =>
  z.union([z.number(), z.string(), z.null()], { error: `${label} must be an amount in rupees.` }).transform((v, ctx) => {
    if (v === null || v === "") return null;
    const paise = toHundredths(typeof v === "string" ? v.replace(/,/g, "") : v);
    if (paise === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be an amount in rupees of 0 or more, with at most two decimals.` });
      return z.NEVER;
    }
    if (paise > MAX_DEAL_VALUE_PAISE) {
      ctx.addIssue({ code: "custom", message: `${label} must be at most ₹1,000 crore.` });
      return z.NEVER;
    }
    return paise;
  });

/** POST /api/deals and PUT /api/deals/{id} (every field; the panel sends the whole deal). */
export const dealInput = z
  .object({
    title: requiredText("Title", LIMITS.title),
    customerId: z.string({ error: "customerId must be text." }).trim().nullable().default(null),
    contactId: z.string({ error: "contactId must be text." }).trim().nullable().default(null),
    /** Left out: a new deal is its sales person's (an owner's stays unassigned); a change keeps the owner. */
    ownerId: z.string({ error: "ownerId must be text." }).trim().nullable().optional(),
    stage: z.enum(DEAL_STAGES, { error: `Stage must be one of: ${DEAL_STAGES.join(", ")}.` }).default("new"),
    lostReason: optionalText("Lost reason", LIMITS.short),
    expectedValue: rupees("Expected value").default(null),
    expectedCloseDate: nullableDay("Expected close date").default(null),
    nextStep: z
      .object(
        { text: optionalText("Next step", LIMITS.short), dueDate: nullableDay("Next step's due date").default(null) },
        { error: "nextStep must be an object with text and dueDate." },
      )
      .default({ text: "", dueDate: null }),
  })
  .superRefine((d, ctx) => {
    if (d.stage === "lost" && !d.lostReason) {
      ctx.addIssue({ code: "custom", path: ["lostReason"], message: "Please give the reason the deal was lost." });
    }
    if (d.nextStep.dueDate && !d.nextStep.text) {
      ctx.addIssue({ code: "custom", path: ["nextStep", "text"], message: "Please say what the next step is." });
    }
  });
export type DealInput = z.infer<typeof dealInput>;

export const dealNoteInput = z.object({
  text: requiredText("Note", LIMITS.text, { lines: true }),
  kind: z.enum(DEAL_NOTE_KINDS, { error: `Kind must be one of: ${DEAL_NOTE_KINDS.join(", ")}.` }).default("note"),
});

/** Where a deal's lead came from (its enquiry's source); "direct": made with no enquiry, as the figures count it. */
export const DEAL_SOURCES = [...LEAD_SOURCES, "direct"] as const;
export type DealSource = (typeof DEAL_SOURCES)[number];
export const DEAL_SOURCE_LABEL: Record<DealSource, string> = { ...LEAD_SOURCE_LABEL, direct: "Direct" };

/**
 * GET /api/deals and its CSV export: a stage ("open": not won or lost), an owner (a staff id, "me" or "none"),
 * a source, the India days made from and to (both inclusive), a search, a page.
 */
export const dealListQuery = z
  .object({
    stage: z
      .union([z.literal(""), z.literal("all"), z.literal("open"), z.enum(DEAL_STAGES)], {
        error: `Stage must be one of: all, open, ${DEAL_STAGES.join(", ")}.`,
      })
      .optional(),
    owner: z.string({ error: "Owner must be text." }).trim().max(40, "Owner is too long.").optional(),
    source: z
      .union([z.literal(""), z.literal("all"), z.enum(DEAL_SOURCES)], {
        error: `Source must be one of: all, ${DEAL_SOURCES.join(", ")}.`,
      })
      .optional(),
  })
  .extend(contactListQuery.pick({ q: true, page: true, limit: true, from: true, to: true }).shape)
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "To must be on or after From." });
export type DealListQuery = z.infer<typeof dealListQuery>;

/** GET /api/deals/stats: the sales dashboard's figures (server/sales/deal-stats.ts). */
export interface DealStats {
  /**
   * Deals received in the last 90 days (`leads`), how many have a first response (`deals`) and how many not
   * (`unanswered`); the median time to it in whole minutes; the share of all the leads answered within one
   * working day (an unanswered one counts as not, issue 45).
   */
  firstResponse: {
    leads: number;
    deals: number;
    unanswered: number;
    medianMinutes: number | null;
    withinOneWorkingDay: number | null;
  };
  /** Open deals per stage: how many, and their expected value in rupees. */
  openByStage: { stage: DealStage; deals: number; value: number }[];
  /** Of the deals closed in the last 90 days, the share won (null when none closed). */
  winRate: number | null;
  /** Deals won in the last 90 days by where their lead came from (website, manual, indiamart; direct: no lead). */
  winsBySource: { source: string; deals: number; value: number }[];
  /** Deals won in the last 90 days by the products of their latest quotation. */
  winsByProduct: { productId: string; name: string; deals: number }[];
  /**
   * Quotations the buyer accepted in the last 7 days, newest first (issue 45: the owner is told at once): every
   * deal's for an owner, a sales person's own deals' for them.
   */
  recentAcceptances: RecentAcceptance[];
}

/** An accepted quotation on the dashboard: its number and version, the buyer it names, its total and when. */
export interface RecentAcceptance {
  /** The quotation's id (its screen: /admin/quotations/{_id}). */
  _id: string;
  number: string;
  version: number;
  dealId: string;
  customerId: string | null;
  /** The buyer's name as the quotation names them. */
  customer: string;
  totalPaise: number;
  /** When the buyer accepted it (ISO). */
  acceptedAt: string;
}
