/** The answers of the history and trash API (server/api/history.ts, trash.ts), read by the admin panel. */

/** GET /api/{type}/{id}/revisions: one version, newest first. */
export interface RevisionSummary {
  _id: string;
  createdAt: string;
  /** create, update or restore. */
  action: string;
  actorName: string;
  /** The newest version: what the record is now. */
  current: boolean;
  /** What staff call the fields this version changed from the one before ("Name", "Price"); empty for the first. */
  changed: string[];
}

/** A field that differs between a version and the record now. */
interface RevisionChange {
  field: string;
  /** What staff call the field. */
  label: string;
  revision: unknown;
  current: unknown;
}

/** GET /api/{type}/{id}/revisions/{revisionId}: the version (`data`), the record now (`current`), what differs. */
export interface RevisionDetail {
  _id: string;
  createdAt: string;
  action: string;
  actorName: string;
  data: Record<string, unknown>;
  current: Record<string, unknown> | null;
  changes: RevisionChange[];
}

/** GET /api/trash: one deleted record. */
export interface TrashItem {
  _id: string;
  /** The content type's declared name. */
  type: string;
  typeLabel: string;
  recordId: string;
  label: string;
  deletedAt: string;
  deletedBy: string;
  /** The record as the API answered it when it was deleted. */
  view: Record<string, unknown>;
}
