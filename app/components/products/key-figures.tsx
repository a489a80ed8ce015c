import { type KeyFigures, keyFigureLines } from "../../../shared/content/product-figures";

/** A product's key figures, metric with imperial beside it (issue 14); nothing when it has none. */
export function KeyFiguresList({ figures, className = "" }: { figures: KeyFigures; className?: string }) {
  const lines = keyFigureLines(figures);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="key-figures-heading" className={className}>
      <h2 id="key-figures-heading" className="text-sm font-bold tracking-wide text-slate-600 uppercase">
        Key figures
      </h2>
      <dl className="mt-3 grid gap-y-2 text-sm" data-key-figures>
        {lines.map((line) => (
          <div key={line.key} className="flex flex-wrap justify-between gap-x-3 border-b border-slate-200 pb-2">
            <dt className="text-slate-600">{line.label}</dt>
            <dd className="ml-auto text-right font-semibold text-slate-900">{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
