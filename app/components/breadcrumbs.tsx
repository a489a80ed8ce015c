import type { Crumb } from "../lib/seo";

/** Home > Products > Category: the last crumb is the current page. Pair with breadcrumbJsonLd in meta. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={c.name + String(i)} className="flex items-center gap-2">
              {i > 0 && (
                <span aria-hidden="true" className="text-slate-400">
                  &gt;
                </span>
              )}
              {last || !c.path ? (
                <span aria-current={last ? "page" : undefined} className="font-medium text-slate-800">
                  {c.name}
                </span>
              ) : (
                <a href={c.path} className="underline-offset-2 hover:text-brand-700 hover:underline">
                  {c.name}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
