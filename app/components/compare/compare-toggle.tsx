import { dataModule } from "../../enhance/data-module";
/**
 * "Compare" for one machine: a link to /compare with it (without JavaScript), which ./compare.enhance.ts
 * turns into an "Add to compare" switch that keeps a list across pages.
 */
export function CompareToggle({ slug, className = "" }: { slug: string; className?: string }) {
  return (
    <div {...dataModule("compare-toggle")} data-slug={slug} className={`relative z-10 ${className}`}>
      <a
        href={`/compare?products=${encodeURIComponent(slug)}`}
        data-compare-link
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 data-[added=true]:border-brand-700 data-[added=true]:bg-brand-50"
      >
        Compare
      </a>
      <span role="status" data-compare-status className="mt-1 block text-xs text-red-700 empty:hidden" />
    </div>
  );
}
