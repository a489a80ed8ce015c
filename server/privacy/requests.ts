import { createHash } from "node:crypto";
import { and, count, desc, eq, or, type SQL } from "drizzle-orm";
import { newId } from "../../shared/lib/ids";
import type {
  PrivacyRequest,
  PrivacyRequestKind,
  PrivacyRequestStatus,
  PrivacyRequestWithDue,
} from "../../shared/privacy/request";
import { emailKey } from "../../shared/sales/customer";
import type { Database } from "../db/client";
import { privacyRequests } from "../db/schema";

/**
 * People's privacy requests (docs/decisions/030-privacy.md). The self-service page (/privacy/request) makes
 * them; staff answer them on the Privacy requests screen (server/api/privacy-requests.ts).
 */

type RequestRow = typeof privacyRequests.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;

/** SHA-256 of the lower-cased address: finds a person's requests after their address itself was masked. */
export function emailHashOf(email: string): string {
  return createHash("sha256").update(emailKey(email)).digest("hex");
}

export interface NewPrivacyRequest {
  kind: PrivacyRequestKind;
  email: string;
  details?: string;
  /** Done at once (an access, a withdrawal, an erasure the site carried out) or open for staff. */
  status?: PrivacyRequestStatus;
  outcome?: string;
  /** Site Settings → Privacy → "Answer requests within" (days). */
  dueDays: number;
  doneByName?: string;
}

export async function createPrivacyRequest(db: Database, input: NewPrivacyRequest, now = new Date()): Promise<PrivacyRequest> {
  const status = input.status ?? "open";
  const [row] = await db
    .insert(privacyRequests)
    .values({
      id: newId(),
      kind: input.kind,
      email: emailKey(input.email),
      emailHash: emailHashOf(input.email),
      details: input.details ?? "",
      status,
      dueAt: new Date(now.getTime() + input.dueDays * DAY_MS),
      outcome: input.outcome ?? "",
      doneAt: status === "open" ? null : now,
      doneByName: input.doneByName ?? "",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return privacyRequestToApi(row!);
}

function privacyRequestToApi(row: RequestRow): PrivacyRequest {
  return {
    _id: row.id,
    kind: row.kind as PrivacyRequestKind,
    email: row.email,
    details: row.details,
    status: row.status as PrivacyRequestStatus,
    dueAt: row.dueAt.toISOString(),
    outcome: row.outcome,
    doneAt: row.doneAt?.toISOString() ?? null,
    doneByName: row.doneByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface PrivacyRequestListQuery {
  status?: PrivacyRequestStatus | "all" | "";
  kind?: PrivacyRequestKind | "all" | "";
  /** An e-mail address: the stored one, or (for erased people, whose address is masked) its hash. */
  q?: string;
  page: number;
  limit: number;
}

export async function listPrivacyRequests(
  db: Database,
  query: PrivacyRequestListQuery,
  now = new Date(),
): Promise<{ items: PrivacyRequestWithDue[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status && query.status !== "all") conditions.push(eq(privacyRequests.status, query.status));
  if (query.kind && query.kind !== "all") conditions.push(eq(privacyRequests.kind, query.kind));
  if (query.q) {
    const email = emailKey(query.q);
    conditions.push(or(eq(privacyRequests.email, email), eq(privacyRequests.emailHash, emailHashOf(email)))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(privacyRequests)
      .where(where)
      .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(privacyRequests).where(where),
  ]);
  return { items: rows.map((row) => withOverdue(privacyRequestToApi(row), now)), total: Number(total?.n ?? 0) };
}

export async function getPrivacyRequest(db: Database, id: string, now = new Date()): Promise<PrivacyRequestWithDue | null> {
  const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
  return row ? withOverdue(privacyRequestToApi(row), now) : null;
}

/** Staff answer a request: done or refused with what was done, or open again (which clears the answer's time). */
export async function updatePrivacyRequestStatus(
  db: Database,
  id: string,
  change: { status: PrivacyRequestStatus; outcome: string; doneByName: string },
  now = new Date(),
): Promise<PrivacyRequestWithDue | null> {
  const open = change.status === "open";
  const [row] = await db
    .update(privacyRequests)
    .set({
      status: change.status,
      outcome: change.outcome,
      doneAt: open ? null : now,
      doneByName: open ? "" : change.doneByName,
      updatedAt: now,
    })
    .where(eq(privacyRequests.id, id))
    .returning();
  return row ? withOverdue(privacyRequestToApi(row), now) : null;
}

function withOverdue(request: PrivacyRequest, now: Date): PrivacyRequestWithDue {
  return { ...request, overdue: request.status === "open" && Date.parse(request.dueAt) < now.getTime() };
}
