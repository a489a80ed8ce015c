import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/client";
import { contacts } from "../db/schema";
import { errorFields, log } from "../log";
import { customerForEnquiry } from "./customers";

/**
 * Enquiries stored before customers existed have none: at start-up each not-held one is linked to its customer
 * (found by e-mail or phone, or made) as a new enquiry would be. Batches of ids, then one short transaction per
 * enquiry that locks its row (SKIP LOCKED: another server on it moves on) and looks again, so two servers
 * never link one twice, and a rerun finds nothing to do. One enquiry per transaction, because the matching
 * takes advisory locks per e-mail and phone in its own order, which held across enquiries could deadlock.
 */

const BATCH = 200;

type Enquiry = { id: string; name: string; email: string; phone: string; company: string };

/** Links one enquiry; false when it was linked meanwhile or another server holds it. */
async function linkOne(db: Database, id: string): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [row] = await queryRows<Enquiry>(
      tx,
      sql`SELECT id, name, email, phone, company FROM ${contacts}
          WHERE id = ${id} AND customer_id IS NULL AND NOT held FOR UPDATE SKIP LOCKED`,
    );
    if (!row) return false;
    const customerId = await customerForEnquiry(tx, row, { create: true });
    await tx.update(contacts).set({ customerId }).where(eq(contacts.id, id));
    return customerId !== null;
  });
}

/** Links every not-held enquiry without a customer; returns how many it linked. */
export async function linkEnquiriesToCustomers(db: Database): Promise<number> {
  let linked = 0;
  let after = "";
  for (;;) {
    const ids = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(isNull(contacts.customerId), eq(contacts.held, false), gt(contacts.id, after)))
      .orderBy(asc(contacts.id))
      .limit(BATCH);
    for (const { id } of ids) if (await linkOne(db, id)) linked++;
    if (ids.length < BATCH) return linked;
    after = ids[ids.length - 1]!.id;
  }
}

/** The start-up pass, in the background: logs what it linked, or why it stopped (the next start resumes). */
export async function backfillEnquiryCustomers(db: Database): Promise<void> {
  try {
    const linked = await linkEnquiriesToCustomers(db);
    if (linked > 0) log.info("linked earlier enquiries to their customers", { linked });
  } catch (err) {
    log.error("could not link earlier enquiries to their customers", errorFields(err));
  }
}
