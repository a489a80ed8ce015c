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
