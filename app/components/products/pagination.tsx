/** Page numbers to show: the first, the last and the current one with its neighbours; null is a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === "number" && n - prev === 2) out.push(prev + 1);
    else if (typeof prev === "number" && n - prev > 2) out.push(null);
    out.push(n);
  }
  return out;
}

const box =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/** Real links (work without JavaScript): Previous, page numbers, Next. */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev" className={`${box} border-slate-300 text-brand-700 hover:bg-brand-50`}>
              Previous
            </a>
          ) : (
            <span aria-disabled="true" className={`${box} border-slate-200 text-slate-500`}>
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <a
                href={href(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className={`${box} ${n === page ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-brand-700 hover:bg-brand-50"}`}
              >
                {n}
              </a>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <a href={href(page + 1)} rel="next" className={`${box} border-slate-300 text-brand-700 hover:bg-brand-50`}>
              Next
            </a>
          ) : (
            <span aria-disabled="true" className={`${box} border-slate-200 text-slate-500`}>
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
