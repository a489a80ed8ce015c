import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, notExists, notInArray, sql } from "drizzle-orm";
import { CLOSED_STAGES, type Deal } from "../../shared/sales/deal";
import { addDays, indiaDateOf } from "../../shared/sales/financial-year";
import type { Quotation } from "../../shared/sales/quotation";
import type { Contact } from "../../shared/schemas/enquiry-values";
import { listContactsByIds } from "../content/contact";
import type { Database } from "../db/client";
import { contacts, deals, quotations } from "../db/schema";
import { dealsByIds } from "./deals";
import { quotationsByIds } from "./quotations";

/** How far ahead "about to expire" looks. */
const EXPIRY_DAYS = 7;

export interface MyDay {
  /** India's day the lists are for (YYYY-MM-DD). */
  day: string;
  /**
   * My deals from a lead that nobody has acted on yet (no note, call or e-mail logged, no next step, still
   * "new"): leads given to me in turn, or taken up and left. The oldest first: it has waited longest.
   */
  newDeals: Deal[];
  /** My open deals whose next step was due before today, the longest overdue first. */
  overdue: Deal[];
  /** My open deals whose next step is due today. */
  today: Deal[];
  /** New enquiries no deal has taken up yet, newest first (at most 50). */
  unassignedLeads: Contact[];
  /** The latest versions of my deals' quotations, not yet accepted or declined, valid until within a week. */
  expiringQuotations: Quotation[];
}

/** The sales person's start screen (and the morning e-mail): what needs doing today. */
export async function myDay(db: Database, userId: string, now = new Date()): Promise<MyDay> {
  const day = indiaDateOf(now);
  const mine = and(eq(deals.ownerId, userId), notInArray(deals.stage, [...CLOSED_STAGES]), isNotNull(deals.nextStepDue));
  const [fresh, overdue, today, leads, expiring] = await Promise.all([
    db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.ownerId, userId), eq(deals.stage, "new"), isNull(deals.firstResponseAt), isNull(deals.nextStepDue)))
      .orderBy(asc(deals.receivedAt), asc(deals.id))
      .limit(100),
    db
      .select({ id: deals.id })
      .from(deals)
      .where(and(mine, lt(deals.nextStepDue, day)))
      .orderBy(asc(deals.nextStepDue), asc(deals.id))
      .limit(100),
    db
      .select({ id: deals.id })
      .from(deals)
      .where(and(mine, eq(deals.nextStepDue, day)))
      .orderBy(asc(deals.id))
      .limit(100),
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.status, "new"),
          eq(contacts.held, false),
          notExists(db.select({ one: sql`1` }).from(deals).where(eq(deals.contactId, contacts.id))),
        ),
      )
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(50),
    db
      .select({ id: quotations.id })
      .from(quotations)
      .innerJoin(deals, eq(deals.id, quotations.dealId))
      .where(
        and(
          eq(deals.ownerId, userId),
          inArray(quotations.status, ["draft", "sent", "viewed"]),
          gte(quotations.validUntil, day),
          lte(quotations.validUntil, addDays(day, EXPIRY_DAYS)),
          // Only the latest version of each number: an earlier one was replaced, not left to expire.
          sql`${quotations.version} = (SELECT max(q2.version) FROM ${quotations} q2 WHERE q2.number = ${quotations.number})`,
        ),
      )
      .orderBy(asc(quotations.validUntil))
      .limit(50),
  ]);
  return {
    day,
    newDeals: await dealsByIds(
      db,
      fresh.map((r) => r.id),
    ),
    overdue: await dealsByIds(
      db,
      overdue.map((r) => r.id),
    ),
    today: await dealsByIds(
      db,
      today.map((r) => r.id),
    ),
    unassignedLeads: await listContactsByIds(
      db,
      leads.map((r) => r.id),
    ),
    expiringQuotations: await quotationsByIds(
      db,
      expiring.map((r) => r.id),
    ),
  };
}
