import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, notExists, or, type SQL, sql } from "drizzle-orm";
import { CLOSED_STAGES } from "../../shared/sales/deal";
import { indiaDateOf } from "../../shared/sales/financial-year";
import { LIMITS } from "../../shared/schemas/fields";
import { type Actor, recordActivity } from "../activity/log";
import { getSettings } from "../content/settings";
import type { Database } from "../db/client";
import { admins, contacts, deals, salesDesk } from "../db/schema";
import { createDeal, getDeal } from "./deals";
import { keepVersion } from "./history";

/**
 * Round-robin assignment of leads (docs/decisions/029-sales-desk.md): with the owners' setting on, each new
 * lead becomes a deal of the next active sales person in turn, inside the enquiry's own transaction. The turn
 * is the sales desk row's `last_assigned_id`, read and moved under the row's lock, so two app servers storing
 * leads at once take consecutive turns, never the same one.
 *
 * One customer, one person (issue 45): a lead whose customer already has a deal goes to that customer's person
 * (the owner of their newest open deal, else of their newest deal) if they are active and not on leave, as a
 * deal of its own, and the turn stays where it is. A deal of its own rather than joining the open deal: a deal
 * holds one lead (`deals.contact_id`), so a lead joined to the open deal would stay "unassigned" on My day and
 * for POST /api/deals/assign, its enquiry would no longer follow a deal, and a second request is often another
 * sale (a dryer after a compressor) with its own quotation, value and outcome. The person is the same either way.
 * Someone on leave (`admins.away_until`, an India day, inclusive) is passed by, by the turn and by this rule.
 */

const DESK_ID = "desk";
/** Leads a bulk assignment gives out per transaction (each holds the desk row while it runs). */
const BATCH = 100;
/** Who the activity log names for an assignment nobody clicked. */
const AUTOMATIC: Actor = { id: null, name: "round-robin", ip: "" };

interface Lead {
  id: string;
  reference: string;
  name: string;
  company: string;
  subject: string;
  customerId: string | null;
}

/** The desk row, made if missing and locked until the transaction ends: the last person given a lead. */
async function lockTurn(tx: Database): Promise<string | null> {
  const [row] = await tx
    .insert(salesDesk)
    .values({ id: DESK_ID })
    .onConflictDoUpdate({ target: salesDesk.id, set: { lastAssignedId: sql`${salesDesk.lastAssignedId}` } })
    .returning({ lastAssignedId: salesDesk.lastAssignedId });
  return row?.lastAssignedId ?? null;
}

interface Person {
  id: string;
  username: string;
}

/** Who may be given a lead on India day `today`: an enabled account, not on leave that day. */
function available(today: string): SQL | undefined {
  return and(isNull(admins.disabledAt), or(isNull(admins.awayUntil), lt(admins.awayUntil, today)));
}

/**
 * The next available sales person after `last` in a fixed order (by id), wrapping round; null when there are
 * none. Someone disabled, deleted or on leave since their turn still leaves the order intact: the next one after
 * their id.
 */
async function nextAfter(tx: Database, last: string | null, today: string): Promise<Person | null> {
  const active = and(eq(admins.role, "sales"), available(today));
  const pick = (after: string | null) =>
    tx
      .select({ id: admins.id, username: admins.username })
      .from(admins)
      .where(after === null ? active : and(active, gt(admins.id, after)))
      .orderBy(asc(admins.id))
      .limit(1);
  const [next] = last === null ? [] : await pick(last);
  return next ?? (await pick(null))[0] ?? null;
}

function titleOf(lead: Lead): string {
  const who = lead.company.trim() || lead.name.trim();
  const what = lead.subject.trim() || `Enquiry ${lead.reference}`;
  return (who ? `${what} – ${who}` : what).slice(0, LIMITS.title);
}

/**
 * The customer's person, when they may take the lead today: the owner of the customer's newest open deal, else
 * of their newest deal (won or lost), still a sales person or owner, active and not on leave. Otherwise null.
 */
async function customersPerson(tx: Database, customerId: string, today: string): Promise<Person | null> {
  const [latest] = await tx
    .select({ ownerId: deals.ownerId })
    .from(deals)
    .where(and(eq(deals.customerId, customerId), isNotNull(deals.ownerId)))
    .orderBy(asc(inArray(deals.stage, [...CLOSED_STAGES])), desc(deals.createdAt), desc(deals.id))
    .limit(1);
  if (!latest?.ownerId) return null;
  const [person] = await tx
    .select({ id: admins.id, username: admins.username })
    .from(admins)
    .where(and(eq(admins.id, latest.ownerId), inArray(admins.role, ["sales", "owner"]), available(today)));
  return person ?? null;
}

/** Whom `lead` goes to: the customer's person, else the next in turn (`byTurn`: the turn moves); null: nobody. */
async function personFor(tx: Database, lead: Lead, last: string | null): Promise<{ person: Person; byTurn: boolean } | null> {
  const today = indiaDateOf(new Date());
  const kept = lead.customerId ? await customersPerson(tx, lead.customerId, today) : null;
  if (kept) return { person: kept, byTurn: false };
  const next = await nextAfter(tx, last, today);
  return next ? { person: next, byTurn: true } : null;
}

/**
 * Gives `lead` to its customer's person or the next sales person: a deal in stage "new", logged. Needs the desk
 * row locked (lockTurn), which also makes a second lead of the same customer wait and then find this one's deal.
 * Returns the turn after it (unchanged when the customer's person took it), or null when nobody could.
 */
async function giveLead(tx: Database, lead: Lead, last: string | null, actor: Actor): Promise<{ last: string | null } | null> {
  const chosen = await personFor(tx, lead, last);
  if (!chosen) return null;
  const { person, byTurn } = chosen;
  const title = titleOf(lead);
  const dealId = await createDeal(tx, {
    title,
    customerId: lead.customerId,
    contactId: lead.id,
    ownerId: person.id,
    stage: "new",
    lostReason: "",
    expectedValue: null,
    expectedCloseDate: null,
    nextStep: { text: "", dueDate: null },
  });
  // The person hears of it by e-mail within a minute (a burst in one e-mail): server/sales/lead-notices.ts.
  await tx.update(deals).set({ ownerNoticeDue: true }).where(eq(deals.id, dealId));
  if (byTurn) {
    await tx.update(salesDesk).set({ lastAssignedId: person.id, updatedAt: new Date() }).where(eq(salesDesk.id, DESK_ID));
  }
  // The deal's first version, as one made by hand gets (its history starts here).
  const deal = await getDeal(tx, dealId);
  if (deal) await keepVersion(tx, "deal", deal, "create", actor);
  await recordActivity(tx, actor, {
    action: "create",
    entityType: "deal",
    entityId: dealId,
    entityLabel: title,
    detail: byTurn
      ? `lead ${lead.reference} assigned round-robin to ${person.username}`
      : `lead ${lead.reference} given to ${person.username}, the customer's sales person`,
  });
  return { last: byTurn ? person.id : last };
}

/**
 * Called in the transaction that stores a lead (server/content/enquiry.ts): with round-robin assignment on,
 * the lead becomes a deal of its customer's person or the next sales person. Held enquiries (maybe a flood)
 * are left for staff.
 */
export async function assignNewLead(tx: Database, lead: Lead & { held: boolean }): Promise<void> {
  if (lead.held) return;
  if ((await getSettings(tx)).leadAssignment !== "round-robin") return;
  await giveLead(tx, lead, await lockTurn(tx), AUTOMATIC);
}

/**
 * POST /api/deals/assign: every current unassigned lead (new, not held, no deal; the oldest first) to its
 * customer's person or the sales people in turn, whatever the setting. Returns how many were assigned (0 when
 * there are no sales staff).
 */
export async function assignUnassignedLeads(db: Database, actor: Actor): Promise<number> {
  let assigned = 0;
  for (;;) {
    const done = await db.transaction(async (t) => {
      const tx = t as unknown as Database;
      // The lock first, then the read: a second owner's click waits, then finds these leads taken.
      let last = await lockTurn(tx);
      const leads = await tx
        .select({
          id: contacts.id,
          reference: contacts.reference,
          name: contacts.name,
          company: contacts.company,
          subject: contacts.subject,
          customerId: contacts.customerId,
        })
        .from(contacts)
        .where(
          and(
            eq(contacts.status, "new"),
            eq(contacts.held, false),
            notExists(tx.select({ one: sql`1` }).from(deals).where(eq(deals.contactId, contacts.id))),
          ),
        )
        .orderBy(asc(contacts.createdAt), asc(contacts.id))
        .limit(BATCH);
      for (const lead of leads) {
        const given = await giveLead(tx, lead, last, actor);
        if (!given) return true;
        last = given.last;
        assigned++;
      }
      return leads.length < BATCH;
    });
    if (done) return assigned;
  }
}

/**
 * A deal an owner gave to someone else (PUT /api/deals/{id}, issue 45): the new owner is told as of a lead
 * given in turn (the e-mail within a minute: lead-notices.ts), unless they took it themselves.
 */
export async function tellNewOwner(tx: Database, dealId: string, change: { from: string | null; to: string | null; by: string }) {
  if (change.to === null || change.to === change.from || change.to === change.by) return;
  await tx.update(deals).set({ ownerNoticeDue: true }).where(eq(deals.id, dealId));
}

/** The activity log's words for a change of owner ("owner asha → bala"); "" when the owner stayed. */
export async function ownerChangeDetail(db: Database, from: string | null, to: string | null): Promise<string> {
  if (from === to) return "";
  const ids = [from, to].filter((id): id is string => id !== null);
  const rows = await db.select({ id: admins.id, username: admins.username }).from(admins).where(inArray(admins.id, ids));
  const name = (id: string | null) => (id === null ? "nobody" : (rows.find((r) => r.id === id)?.username ?? "a deleted account"));
  return `owner ${name(from)} → ${name(to)}`;
}
