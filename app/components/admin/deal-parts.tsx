import type { Deal, DealStage } from "../../../shared/sales/deal";
import { DEAL_STAGE_LABEL, isOpenDeal } from "../../../shared/sales/deal";
import { formatRupees, rupeesToPaise } from "../../../shared/sales/money";
import { formatDate } from "./screen-parts";

/** Small pieces of the sales desk's deal lists (Deals, My day): the stage, the next step, an amount. */

/** Rupees from the API as printed on an invoice (₹12,50,000.00); "—" when not estimated. */
export function rupeesText(value: number | null): string {
  if (value === null) return "—";
  const paise = rupeesToPaise(value);
  return paise === null ? "—" : formatRupees(paise);
}

/** How long ago `iso` was, as people say it: "just now", "40 minutes ago", "3 hours ago", "2 days ago". */
export function ageText(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  const say = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 1) return "just now";
  if (minutes < 60) return say(minutes, "minute");
  if (minutes < 48 * 60) return say(Math.floor(minutes / 60), "hour");
  return say(Math.floor(minutes / (24 * 60)), "day");
}

export function StageBadge({ stage }: { stage: DealStage }) {
  const tone =
    stage === "won"
      ? "bg-green-100 text-green-900"
      : stage === "lost"
        ? "bg-slate-200 text-slate-800"
        : "bg-brand-50 text-brand-800 ring-1 ring-brand-200";
  return (
    <span data-stage={stage} className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>
      {DEAL_STAGE_LABEL[stage]}
    </span>
  );
}

/** The next step and its due date; an open deal's step due before today is marked Overdue. */
export function NextStep({ deal, today }: { deal: Deal; today: string }) {
  const { text, dueDate } = deal.nextStep;
  if (!text) return <span className="text-slate-600">No next step</span>;
  const overdue = dueDate !== null && dueDate < today && isOpenDeal(deal);
  return (
    <span className="block min-w-0 break-words">
      <span className="text-slate-800">{text}</span>
      {dueDate && (
        <span
          className={`block text-xs ${overdue ? "font-semibold text-red-700" : "text-slate-600"}`}
          data-overdue={overdue || undefined}
        >
          {overdue ? "Overdue: was due " : dueDate === today ? "Due today, " : "Due "}
          <time dateTime={dueDate}>{formatDate(dueDate)}</time>
        </span>
      )}
    </span>
  );
}
