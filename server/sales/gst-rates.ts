import { asc, eq } from "drizzle-orm";
import type { GstRate } from "../../shared/sales/gst";
import type { GstRateEntry } from "../../shared/sales/gst-rate";
import type { Database } from "../db/client";
import { gstRates } from "../db/schema";

type GstRateRow = typeof gstRates.$inferSelect;

const toApi = (r: GstRateRow): GstRateEntry => ({
  _id: r.id,
  hsn: r.hsn,
  rate: r.rateBasisPoints / 100,
  effectiveFrom: r.effectiveFrom,
  description: r.description,
  createdAt: r.createdAt.toISOString(),
});

/** The whole table (a few dozen rows at most), by code and then day. */
export async function listGstRates(db: Database): Promise<GstRateEntry[]> {
  return (await db.select().from(gstRates).orderBy(asc(gstRates.hsn), asc(gstRates.effectiveFrom))).map(toApi);
}

/** Adds a rate; null when the code already has one from that day (the unique index says so). */
export async function addGstRate(db: Database, rate: GstRate): Promise<GstRateEntry | null> {
  const [row] = await db.insert(gstRates).values(rate).onConflictDoNothing().returning();
  return row ? toApi(row) : null;
}

export async function deleteGstRate(db: Database, id: string): Promise<GstRateEntry | null> {
  const [row] = await db.delete(gstRates).where(eq(gstRates.id, id)).returning();
  return row ? toApi(row) : null;
}
