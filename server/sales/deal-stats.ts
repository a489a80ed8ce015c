import { and, count, desc, eq, gte, inArray, notInArray, sql, sum } from "drizzle-orm";
import type { Role } from "../../shared/auth/roles";
import { CLOSED_STAGES, DEAL_STAGES, type DealStage, type DealStats, type RecentAcceptance } from "../../shared/sales/deal";
import { INDIA_OFFSET_MS } from "../../shared/sales/financial-year";
import type { Database } from "../db/client";
import { queryRows } from "../db/client";
import { contacts, deals, quotations } from "../db/schema";

/** The sales dashboard's figures (issue 32), counted by the database over the last 90 days where it says so. */

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 90;
/** Acceptances the dashboard lists: the last week's, at most this many. */
const ACCEPTANCE_DAYS = 7;
const ACCEPTANCES_SHOWN = 10;
const OPEN = DEAL_STAGES.filter((stage) => !CLOSED_STAGES.includes(stage));

/**
 * A response counts as within one working day when it came before the same time on the next working day
 * (India time; Sundays are not working days, so a Saturday's lead may be answered on Monday).
 */
export function withinOneWorkingDay(receivedAt: Date, respondedAt: Date): boolean {
  let deadline = receivedAt.getTime() + DAY_MS;
  while (new Date(deadline + INDIA_OFFSET_MS).getUTCDay() === 0) deadline += DAY_MS;
  return respondedAt.getTime() <= deadline;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function firstResponses(db: Database, since: Date): Promise<DealStats["firstResponse"]> {
  const all = await db
    .select({ receivedAt: deals.receivedAt, firstResponseAt: deals.firstResponseAt })
    .from(deals)
    .where(gte(deals.receivedAt, since));
  const answered = all.filter((r): r is { receivedAt: Date; firstResponseAt: Date } => r.firstResponseAt !== null);
  // Minutes from the times themselves: rounding to tenths of an hour first made 5 minutes "0.1 h" and 2 minutes "0".
  const minutes = median(answered.map((r) => Math.max(0, r.firstResponseAt.getTime() - r.receivedAt.getTime()) / 60_000));
  const inTime = answered.filter((r) => withinOneWorkingDay(r.receivedAt, r.firstResponseAt)).length;
  return {
    leads: all.length,
    deals: answered.length,
    unanswered: all.length - answered.length,
    medianMinutes: minutes === null ? null : Math.round(minutes),
    withinOneWorkingDay: all.length ? inTime / all.length : null,
  };
}

async function winsByProduct(db: Database, since: Date): Promise<DealStats["winsByProduct"]> {
  // The products on the latest version of each won deal's latest quotation.
  const rows = await queryRows<{ product_id: string; name: string; deals: number }>(
    db,
    sql`SELECT line->>'productId' AS product_id, min(line->>'description') AS name, count(DISTINCT d.id)::int AS deals
        FROM deals d
        JOIN LATERAL (
          SELECT q.lines FROM quotations q WHERE q.deal_id = d.id ORDER BY q.created_at DESC, q.id DESC LIMIT 1
        ) latest ON true
        CROSS JOIN LATERAL jsonb_array_elements(latest.lines) AS line
        WHERE d.stage = 'won' AND d.closed_at >= ${since.toISOString()}::timestamptz AND line->>'productId' IS NOT NULL
        GROUP BY line->>'productId'
        ORDER BY deals DESC, name`,
  );
  return rows.map((r) => ({ productId: r.product_id, name: r.name, deals: Number(r.deals) }));
}

/** Who asks for the figures: an owner sees every deal's acceptances, anyone else their own deals'. */
export interface StatsViewer {
  id: string;
  role: Role;
}

async function recentAcceptances(db: Database, viewer: StatsViewer | null, now: Date): Promise<RecentAcceptance[]> {
  const since = new Date(now.getTime() - ACCEPTANCE_DAYS * DAY_MS);
  const accepted = and(eq(quotations.status, "accepted"), gte(quotations.decidedAt, since));
  const rows = await db
    .select({
      _id: quotations.id,
      number: quotations.number,
      version: quotations.version,
      dealId: quotations.dealId,
      customerId: quotations.customerId,
      buyer: quotations.buyer,
      totalPaise: quotations.totalPaise,
      decidedAt: quotations.decidedAt,
    })
    .from(quotations)
    .innerJoin(deals, eq(deals.id, quotations.dealId))
    .where(viewer?.role === "owner" ? accepted : and(accepted, eq(deals.ownerId, viewer?.id ?? "")))
    .orderBy(desc(quotations.decidedAt), desc(quotations.id))
    .limit(ACCEPTANCES_SHOWN);
  return rows.map(({ buyer, decidedAt, ...r }) => ({
    ...r,
    customer: buyer.name,
    totalPaise: Number(r.totalPaise),
    acceptedAt: (decidedAt ?? now).toISOString(),
  }));
}

/** The figures; `viewer` decides whose acceptances are listed (none without one). */
export async function dealStats(db: Database, now = new Date(), viewer: StatsViewer | null = null): Promise<DealStats> {
  const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const closedSince = and(inArray(deals.stage, [...CLOSED_STAGES]), gte(deals.closedAt, since));
  const [firstResponse, byStage, closed, bySource, products, acceptances] = await Promise.all([
    firstResponses(db, since),
    db
      .select({ stage: deals.stage, deals: count(), value: sum(deals.expectedValuePaise) })
      .from(deals)
      .where(notInArray(deals.stage, [...CLOSED_STAGES]))
      .groupBy(deals.stage),
    db.select({ stage: deals.stage, deals: count() }).from(deals).where(closedSince).groupBy(deals.stage),
    db
      .select({
        source: sql<string>`coalesce(${contacts.source}, 'direct')`,
        deals: count(),
        value: sum(deals.expectedValuePaise),
      })
      .from(deals)
      .leftJoin(contacts, eq(contacts.id, deals.contactId))
      .where(and(eq(deals.stage, "won"), gte(deals.closedAt, since)))
      .groupBy(sql`coalesce(${contacts.source}, 'direct')`),
    winsByProduct(db, since),
    viewer ? recentAcceptances(db, viewer, now) : [],
  ]);
  const won = Number(closed.find((c) => c.stage === "won")?.deals ?? 0);
  const lost = Number(closed.find((c) => c.stage === "lost")?.deals ?? 0);
  const stageRow = (stage: DealStage) => byStage.find((r) => r.stage === stage);
  return {
    firstResponse,
    openByStage: OPEN.map((stage) => ({
      stage,
      deals: Number(stageRow(stage)?.deals ?? 0),
      value: Number(stageRow(stage)?.value ?? 0) / 100,
    })),
    winRate: won + lost ? won / (won + lost) : null,
    winsBySource: bySource
      .map((r) => ({ source: r.source, deals: Number(r.deals), value: Number(r.value ?? 0) / 100 }))
      .sort((a, b) => b.deals - a.deals || a.source.localeCompare(b.source)),
    winsByProduct: products,
    recentAcceptances: acceptances,
  };
}
