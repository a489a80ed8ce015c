import { and, eq } from "drizzle-orm";
import { isId } from "../../shared/lib/ids";
import type { Actor } from "../activity/log";
import { listRevisions } from "../content/history";
import type { Database } from "../db/client";
import { revisions } from "../db/schema";

/**
 * The versions of customers and deals (issue 32), kept in the content history's table (so its pruning to
 * REVISIONS_KEEP per record applies): every create, change and merge keeps the record as the API answered it.
 * A deal's notes are its own timeline and are not copied into every version. Quotations need none: a revised
 * quotation is a new version of its number, and the earlier ones stay.
 */

export type SalesRecordKind = "customer" | "deal";

export async function keepVersion(
  db: Database,
  kind: SalesRecordKind,
  view: { _id: string },
  action: "create" | "update" | "merge",
  actor: Actor,
): Promise<void> {
  const { notes: _notes, ...kept } = view as { _id: string; notes?: unknown };
  await db.insert(revisions).values({
    contentType: kind,
    recordId: view._id,
    action,
    rows: {},
    view: kept,
    actorId: actor.id,
    actorName: actor.name,
  });
}

/** Newest first, each with the fields it changed. */
export const versionsOf = (db: Database, kind: SalesRecordKind, id: string, keep: number) =>
  listRevisions(db, { name: kind }, id, keep);

/** One version as it was kept, or null. */
export async function versionOf(db: Database, kind: SalesRecordKind, id: string, versionId: string) {
  if (!isId(versionId)) return null;
  const [row] = await db
    .select({
      _id: revisions.id,
      createdAt: revisions.createdAt,
      action: revisions.action,
      actorName: revisions.actorName,
      view: revisions.view,
    })
    .from(revisions)
    .where(and(eq(revisions.id, versionId), eq(revisions.contentType, kind), eq(revisions.recordId, id)));
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}
