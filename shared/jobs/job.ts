/** How one background job stands, as GET /api/jobs answers (server/jobs/registry.ts, the Settings screen's panel). */
export interface JobView {
  name: string;
  label: string;
  /** In words: "Every hour", "Daily from 09:00 India time". */
  schedule: string;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastSummary: string;
  lastError: string;
  /** Who ran it by hand last ("" for the schedule). */
  lastRunBy: string;
  running: boolean;
}
