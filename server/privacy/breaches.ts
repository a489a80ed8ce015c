import { desc, eq } from "drizzle-orm";
import { newId } from "../../shared/lib/ids";
import type { Breach, BreachInput } from "../../shared/privacy/breach";
import type { Database } from "../db/client";
import { privacyBreaches } from "../db/schema";

/** The breach register (owners): server/api/privacy-breaches.ts. */

type BreachRow = typeof privacyBreaches.$inferSelect;

const at = (iso: string | null) => (iso ? new Date(iso) : null);

function columnsOf(input: BreachInput) {
  return {
    title: input.title,
    description: input.description,
    occurredAt: at(input.occurredAt),
    discoveredAt: new Date(input.discoveredAt),
    affected: input.affected,
    affectedCount: input.affectedCount,
    measures: input.measures,
    boardNotifiedAt: at(input.boardNotifiedAt),
    peopleNotifiedAt: at(input.peopleNotifiedAt),
  };
}

function breachToApi(row: BreachRow): Breach {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    occurredAt: row.occurredAt?.toISOString() ?? null,
    discoveredAt: row.discoveredAt.toISOString(),
    affected: row.affected,
    affectedCount: row.affectedCount,
    measures: row.measures,
    boardNotifiedAt: row.boardNotifiedAt?.toISOString() ?? null,
    peopleNotifiedAt: row.peopleNotifiedAt?.toISOString() ?? null,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listBreaches(db: Database): Promise<Breach[]> {
  const rows = await db.select().from(privacyBreaches).orderBy(desc(privacyBreaches.discoveredAt), desc(privacyBreaches.id));
  return rows.map(breachToApi);
}

export async function getBreach(db: Database, id: string): Promise<Breach | null> {
  const [row] = await db.select().from(privacyBreaches).where(eq(privacyBreaches.id, id));
  return row ? breachToApi(row) : null;
}

export async function createBreach(db: Database, input: BreachInput, createdByName: string): Promise<Breach> {
  const [row] = await db
    .insert(privacyBreaches)
    .values({ id: newId(), ...columnsOf(input), createdByName })
    .returning();
  return breachToApi(row!);
}

export async function updateBreach(db: Database, id: string, input: BreachInput): Promise<Breach | null> {
  const [row] = await db
    .update(privacyBreaches)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(privacyBreaches.id, id))
    .returning();
  return row ? breachToApi(row) : null;
}
