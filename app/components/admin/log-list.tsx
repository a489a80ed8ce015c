import type { ReactNode } from "react";

/**
 * A log's entries (the activity log, who looked at whom): the count, then one row each of when, who, what and
 * from which address, in columns on a desktop and stacked on a phone.
 */
export function LogList({ total, children }: { total: number; children: ReactNode }) {
  return (
    <>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {total === 1 ? "1 entry" : `${total} entries`}
      </p>
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">{children}</ol>
    </>
  );
}

/** One entry; `data` names it for the tests and styles (data-activity, data-access). */
export function LogRow({
  data,
  time,
  timeText,
  who,
  ip,
  children,
}: {
  data: Record<`data-${string}`, string>;
  time: string;
  timeText: string;
  who: string;
  ip: string;
  /** What was done, to what. */
  children: ReactNode;
}) {
  return (
    <li
      {...data}
      className="grid gap-1 p-4 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-x-4 lg:grid-cols-[11rem_10rem_minmax(0,1fr)_9rem]"
    >
      <time dateTime={time} className="text-sm text-slate-700">
        {timeText}
      </time>
      <p className="text-sm font-semibold break-words text-slate-900">{who || "—"}</p>
      {children}
      <p className="text-xs break-all text-slate-600 lg:text-right">
        <span className="sr-only">From </span>
        {ip}
      </p>
    </li>
  );
}
