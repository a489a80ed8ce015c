import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { ActivityAction, ActivityEntry } from "../../shared/activity/actions";
import type { Database } from "../db/client";
import { activity } from "../db/schema";

/**
 * The activity log: every change, sign-in and export, with who, when, from where and what. Entries are
 * written in the same transaction as the change they tell of where there is one, so a change is never
 * left unrecorded. Kept ACTIVITY_RETENTION_DAYS (365) days.
 */

export interface Actor {
  /** The account, or null (a failed sign-in with an unknown name, the command line). */
  id: string | null;
  /** Its username at the time. */
  name: string;
  ip: string;
}

export interface ActivityRecord {
  action: ActivityAction;
  entityType: string;
  entityId?: string | null;
  entityLabel?: string;
  fields?: string[];
  detail?: string;
}

export async function recordActivity(db: Database, actor: Actor, entry: ActivityRecord): Promise<void> {
  await db.insert(activity).values({
    actorId: actor.id,
    actorName: actor.name.slice(0, 100),
    ip: actor.ip.slice(0, 100),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    entityLabel: (entry.entityLabel ?? "").slice(0, 200),
    fields: entry.fields ?? [],
    detail: (entry.detail ?? "").slice(0, 500),
  });
}

const NOT_COMPARED = new Set(["_id", "createdAt", "updatedAt"]);

/** The names of the fields that differ between two API answers of one record (what an update touched). */
export function changedFields(before: object | null, after: object | null): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !NOT_COMPARED.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k])).sort();
}

/** What a record is called in the log: its name, title or question, whichever it has. */
export function recordLabel(record: object | null): string {
  const r = (record ?? {}) as Record<string, unknown>;
  for (const key of ["name", "title", "question", "companyName", "reference", "username"]) {
    const value = r[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return "";
}

export interface ActivityFilter {
  actorId?: string;
  entityType?: string;
  action?: ActivityAction;
  /** From this day (inclusive) and to this day (inclusive), India time, as YYYY-MM-DD. */
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

/** India Standard Time, where the staff are: a day starts at 00:00 +05:30. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+05:30`);

export async function listActivity(db: Database, filter: ActivityFilter): Promise<{ items: ActivityEntry[]; total: number }> {
  const where: SQL[] = [];
  if (filter.actorId) where.push(eq(activity.actorId, filter.actorId));
  if (filter.entityType) where.push(eq(activity.entityType, filter.entityType));
  if (filter.action) where.push(eq(activity.action, filter.action));
  if (filter.from) where.push(gte(activity.createdAt, dayStart(filter.from)));
  if (filter.to) where.push(lt(activity.createdAt, new Date(dayStart(filter.to).getTime() + 24 * 60 * 60 * 1000)));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activity)
      .where(condition)
      .orderBy(desc(activity.createdAt), desc(activity.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(activity).where(condition),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      _id: r.id,
      createdAt: r.createdAt.toISOString(),
      actorId: r.actorId,
      actorName: r.actorName,
      ip: r.ip,
      action: r.action as ActivityAction,
      entityType: r.entityType,
      entityId: r.entityId,
      entityLabel: r.entityLabel,
      fields: r.fields,
      detail: r.detail,
    })),
  };
}

/** Retention: entries older than `days` days go. */
export async function deleteOldActivity(db: Database, days: number): Promise<number> {
  const rows = await db
    .delete(activity)
    .where(lt(activity.createdAt, new Date(Date.now() - days * 24 * 60 * 60 * 1000)))
    .returning({ id: activity.id });
  return rows.length;
}
