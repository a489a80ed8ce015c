/** The retention pass's kinds and the dashboard's outlook (GET /api/privacy/retention; server/privacy/retention.ts). */

export type RetentionKind = "enquiry" | "deal" | "quotation";

export interface RetentionOutlookItem {
  kind: RetentionKind;
  id: string;
  /** The enquiry's reference (a deal's or quotation's lead), or "". */
  reference: string;
  /** An enquiry's reference, a deal's title, a quotation's number and version. */
  title: string;
  lastActivityAt: string;
  /** India's day of the first daily pass that may erase it (48 hours after its warning). */
  erasesOn: string;
  warned: boolean;
}

export interface RetentionOutlook {
  days: number;
  total: number;
  counts: Record<RetentionKind, number>;
  /** The first ones to go (at most 100), soonest first. */
  items: RetentionOutlookItem[];
}
