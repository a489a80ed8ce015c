import { z } from "zod";

/**
 * What a person can ask for at /privacy/request (docs/decisions/030-privacy.md), and how staff see it on the
 * Privacy requests screen.
 */

export const PRIVACY_REQUEST_KINDS = ["access", "correction", "withdrawal", "erasure"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export const PRIVACY_REQUEST_KIND_LABEL: Record<PrivacyRequestKind, string> = {
  access: "See and download their data",
  correction: "Correct their data",
  withdrawal: "Withdraw consent",
  erasure: "Erase their data",
};

export const PRIVACY_REQUEST_STATUSES = ["open", "done", "refused"] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

export const PRIVACY_REQUEST_STATUS_LABEL: Record<PrivacyRequestStatus, string> = {
  open: "Open",
  done: "Done",
  refused: "Refused",
};

/** One request as GET /api/privacy/requests answers it. */
export interface PrivacyRequest {
  _id: string;
  kind: PrivacyRequestKind;
  /** The address it came from; masked ("r•••@example.com") once the person was erased. */
  email: string;
  details: string;
  status: PrivacyRequestStatus;
  /** When it must be answered by: its arrival plus Site Settings → Privacy → "Answer requests within". */
  dueAt: string;
  outcome: string;
  doneAt: string | null;
  doneByName: string;
  createdAt: string;
}

/** "ravi@example.com" → "r•••@example.com": what a request keeps of an erased person's address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** A request as the staff list shows it: open and past its due date is overdue. */
export interface PrivacyRequestWithDue extends PrivacyRequest {
  overdue: boolean;
}

const pageNumber = z.coerce
  .number({ error: "Page must be a whole number from 1." })
  .int("Page must be a whole number from 1.")
  .min(1, "Page must be a whole number from 1.")
  .max(1_000_000, "Page is too large.")
  .default(1);
const pageLimit = z.coerce
  .number({ error: "Limit must be a whole number from 1 to 500." })
  .int("Limit must be a whole number from 1 to 500.")
  .min(1, "Limit must be a whole number from 1 to 500.")
  .max(500, "Limit must be a whole number from 1 to 500.")
  .default(100);

/** GET /api/privacy/requests: ?status, ?kind, ?q (an e-mail address), ?page, ?limit. */
export const privacyRequestListQuery = z.object({
  status: z
    .union([z.literal(""), z.literal("all"), z.enum(PRIVACY_REQUEST_STATUSES)], {
      error: `Status must be one of: all, ${PRIVACY_REQUEST_STATUSES.join(", ")}.`,
    })
    .optional(),
  kind: z
    .union([z.literal(""), z.literal("all"), z.enum(PRIVACY_REQUEST_KINDS)], {
      error: `Kind must be one of: all, ${PRIVACY_REQUEST_KINDS.join(", ")}.`,
    })
    .optional(),
  q: z.string({ error: "Search must be text." }).trim().max(200, "Search must be at most 200 characters.").optional(),
  page: pageNumber,
  limit: pageLimit,
});

/** PATCH /api/privacy/requests/{id}: done or refused need what was done, in words. */
export const privacyRequestStatusInput = z
  .object({
    status: z.enum(PRIVACY_REQUEST_STATUSES, { error: `Status must be one of: ${PRIVACY_REQUEST_STATUSES.join(", ")}.` }),
    outcome: z
      .string({ error: "What was done must be text." })
      .trim()
      .max(5000, "What was done must be at most 5000 characters.")
      .default(""),
  })
  .refine((v) => v.status === "open" || v.outcome !== "", {
    path: ["outcome"],
    message: "Please say what was done (or why the request was refused).",
  });
