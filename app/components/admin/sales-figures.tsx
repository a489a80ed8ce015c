import { useEffect, useState } from "react";
import { Link } from "react-router";
import { DEAL_STAGE_LABEL, type DealStats } from "../../../shared/sales/deal";
import { dayInWords, indiaDateOf } from "../../../shared/sales/financial-year";
import { formatRupees } from "../../../shared/sales/money";
import { api, errorDetail } from "../../lib/api-client";
import { rupeesText } from "./deal-parts";
import { DownloadButton } from "./download-button";
import { ErrorState, LoadingState } from "./screen-parts";

/**
 * The sales desk's figures for the dashboard (issue 32), from GET /api/deals/stats: the time to first
 * response, open deals by stage in ₹, the win rate and the wins by product and by source over the last 90
 * days, with the same as a CSV. Plain tables: they read on a phone and to a screen reader alike.
 */

const SOURCE_LABEL: Record<string, string> = {
  website: "Website",
  manual: "Entered by staff",
  indiamart: "IndiaMART",
  direct: "No lead (made directly)",
};

const percent = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)}%`);

/** A time in whole minutes as people say it: "1 minute", "45 minutes", "2.5 hours", "3.2 days". */
export function durationText(minutes: number | null): string {
  if (minutes === null) return "—";
  if (minutes < 60) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  if (minutes < 48 * 60) return `${Math.round((minutes / 60) * 10) / 10} hours`;
  return `${Math.round((minutes / (24 * 60)) * 10) / 10} days`;
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-700">{value}</dd>
      <dd className="mt-1 text-xs text-slate-600">{note}</dd>
    </div>
  );
}

function FigureTable({
  caption,
  headings,
  rows,
  empty,
}: {
  caption: string;
  headings: string[];
  rows: string[][];
  empty: string;
}) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="border-b border-slate-200 px-4 py-3 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-700">
          <tr>
            {headings.map((h, i) => (
              <th key={h} scope="col" className={`px-4 py-2 ${i > 0 ? "text-right" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headings.length} className="px-4 py-3 text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                  <td key={i} className={`px-4 py-2 ${i > 0 ? "text-right whitespace-nowrap tabular-nums" : "break-words"}`}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * GET /api/deals/stats, asked once for the dashboard's sales parts (the figures and the recent acceptances);
 * not at all when `enabled` is false (a role without the sales desk).
 */
export function useDealStats(enabled: boolean) {
  const [state, setState] = useState<{ stats: DealStats | null; error: string | null }>({ stats: null, error: null });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again (Try Again)
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    api<DealStats>("/api/deals/stats")
      .then((stats) => current && setState({ stats, error: null }))
      .catch((err) => current && setState({ stats: null, error: `Failed to fetch the sales figures: ${errorDetail(err)}` }));
    return () => {
      current = false;
    };
  }, [attempt, enabled]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

type DealStatsState = ReturnType<typeof useDealStats>;

/**
 * Quotations accepted in the last 7 days (issue 45: the owner hears of an acceptance at once, by e-mail and
 * here): every deal's for an owner, a sales person's own; each links to its quotation. Nothing while loading
 * or when the figures failed (the figures say so).
 */
export function RecentAcceptances({ stats }: { stats: DealStats | null }) {
  if (!stats) return null;
  const accepted = stats.recentAcceptances;
  return (
    <section
      aria-labelledby="recent-acceptances"
      data-testid="recent-acceptances"
      className={`rounded-lg border p-5 shadow-sm ${accepted.length ? "border-green-300 bg-green-50" : "border-slate-200 bg-white"}`}
    >
      <h2 id="recent-acceptances" className="text-lg font-bold text-brand-700">
        Quotations accepted in the last 7 days
      </h2>
      {accepted.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">None in the last 7 days.</p>
      ) : (
        // Newest first: an ordered list.
        <ol className="mt-2 divide-y divide-green-200">
          {accepted.map((a) => (
            <li key={a._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="min-w-0 break-words">
                <Link
                  to={`/admin/quotations/${a._id}`}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  {a.number} v{a.version}
                </Link>{" "}
                <span className="text-slate-900">{a.customer}</span>
              </span>
              <span className="text-sm whitespace-nowrap text-slate-800">
                <strong className="tabular-nums">{formatRupees(a.totalPaise)}</strong>, accepted{" "}
                {dayInWords(indiaDateOf(new Date(a.acceptedAt)))}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The sales figures, for owners and sales people (the caller checks the "sales" permission and asks for them). */
export function SalesFigures({ deal }: { deal: DealStatsState }) {
  const { stats, error, retry } = deal;
  const f = stats?.firstResponse;
  return (
    <section aria-labelledby="sales-figures-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sales-figures-title" className="text-xl font-bold text-brand-700">
          Sales figures
        </h2>
        <DownloadButton
          path="/api/deals/stats.csv"
          fileName="sales-figures.csv"
          label="Download CSV"
          busyLabel="Downloading..."
          failure="Failed to download the sales figures"
          what="of the sales figures"
          size="sm"
        />
      </div>
      {error ? (
        <ErrorState text={error} onRetry={retry} />
      ) : !stats || !f ? (
        <LoadingState label="Loading the sales figures..." />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure
              label="First response, median"
              value={durationText(f.medianMinutes)}
              note={f.deals ? `Of the ${f.deals} leads of the last 90 days answered` : "No lead of the last 90 days answered yet"}
            />
            <Figure
              label="Answered within one working day"
              value={percent(f.withinOneWorkingDay)}
              note={
                f.leads
                  ? `Of all ${f.leads} leads of the last 90 days; ${f.unanswered} not answered yet`
                  : "No lead in the last 90 days"
              }
            />
            <Figure label="Win rate" value={percent(stats.winRate)} note="Deals won of those closed in the last 90 days" />
          </dl>
          <div className="grid gap-4 lg:grid-cols-3">
            <FigureTable
              caption="Open deals by stage"
              headings={["Stage", "Deals", "Expected value"]}
              rows={stats.openByStage.map((s) => [DEAL_STAGE_LABEL[s.stage], String(s.deals), rupeesText(s.value)])}
              empty="No open deals."
            />
            <FigureTable
              caption="Wins by source, last 90 days"
              headings={["Source", "Deals", "Value"]}
              rows={stats.winsBySource.map((s) => [SOURCE_LABEL[s.source] ?? s.source, String(s.deals), rupeesText(s.value)])}
              empty="No deals won in the last 90 days."
            />
            <FigureTable
              caption="Wins by product, last 90 days"
              headings={["Product", "Deals"]}
              rows={stats.winsByProduct.map((p) => [p.name, String(p.deals)])}
              empty="No won deal with a quoted product in the last 90 days."
            />
          </div>
        </>
      )}
    </section>
  );
}
