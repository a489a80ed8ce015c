import type { ReactNode } from "react";
import { EmptyState, ErrorState } from "./screen-parts";

/**
 * A screen's list of records, one row a record: why it could not be loaded (with Try Again), a line saying
 * there are none, or the rows.
 */
export function RecordList({
  error,
  onRetry,
  emptyText,
  children,
}: {
  error?: string | null;
  onRetry?: () => void;
  emptyText: string;
  /** The rows (`li` elements). */
  children: ReactNode[];
}) {
  if (error) return <ErrorState text={error} onRetry={onRetry} />;
  if (children.length === 0) return <EmptyState text={emptyText} />;
  return <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">{children}</ul>;
}
