import { createHash } from "node:crypto";
import { newId } from "../../shared/lib/ids";
import type { PrivacyRequest, PrivacyRequestKind, PrivacyRequestStatus } from "../../shared/privacy/request";
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
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
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
      email: input.email.trim().toLowerCase(),
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

export function privacyRequestToApi(row: RequestRow): PrivacyRequest {
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
