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
