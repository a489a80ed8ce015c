import { and, asc, eq, gt, isNull, notExists, sql } from "drizzle-orm";
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

/**
 * The next active sales person after `last` in a fixed order (by id), wrapping round; null when there are none.
 * Someone disabled or deleted since their turn still leaves the order intact: the next one after their id.
 */
async function nextAfter(tx: Database, last: string | null): Promise<{ id: string; username: string } | null> {
  const active = and(eq(admins.role, "sales"), isNull(admins.disabledAt));
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

/** Gives `lead` to the next sales person: a deal in stage "new", logged. Needs the desk row locked (lockTurn). */
async function giveNext(tx: Database, lead: Lead, last: string | null, actor: Actor): Promise<string | null> {
  const person = await nextAfter(tx, last);
  if (!person) return null;
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
  await tx.update(salesDesk).set({ lastAssignedId: person.id, updatedAt: new Date() }).where(eq(salesDesk.id, DESK_ID));
  // The deal's first version, as one made by hand gets (its history starts here).
  const deal = await getDeal(tx, dealId);
  if (deal) await keepVersion(tx, "deal", deal, "create", actor);
  await recordActivity(tx, actor, {
    action: "create",
    entityType: "deal",
    entityId: dealId,
    entityLabel: title,
    detail: `lead ${lead.reference} assigned round-robin to ${person.username}`,
  });
  return person.id;
}

/**
 * Called in the transaction that stores a lead (server/content/enquiry.ts): with round-robin assignment on,
 * the lead becomes a deal of the next sales person. Held enquiries (maybe a flood) are left for staff.
 */
export async function assignNewLead(tx: Database, lead: Lead & { held: boolean }): Promise<void> {
  if (lead.held) return;
  if ((await getSettings(tx)).leadAssignment !== "round-robin") return;
  await giveNext(tx, lead, await lockTurn(tx), AUTOMATIC);
}

/**
 * POST /api/deals/assign: every current unassigned lead (new, not held, no deal; the oldest first) to the
 * sales people in turn, whatever the setting. Returns how many were assigned (0 when there are no sales staff).
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
        const person = await giveNext(tx, lead, last, actor);
        if (!person) return true;
        last = person;
        assigned++;
      }
      return leads.length < BATCH;
    });
    if (done) return assigned;
  }
}
