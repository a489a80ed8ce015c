import type { SiteSettings } from "../../../shared/content/settings";
import { CheckIcon } from "../icons";

type Row = SiteSettings["homeSpecifications"][number];

/** The range at a glance: the label/value rows staff keep in the site settings. */
export function SpecTable({ rows }: { rows: Row[] }) {
  return (
    <section aria-labelledby="specs-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:gap-16 lg:px-8">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">Specifications</p>
          <h2 id="specs-title" className="mt-2 text-3xl font-bold text-brand-700 sm:text-4xl">
            Our range at a glance
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Typical figures across our compressor range. Every model has its own detailed data sheet, and our engineers will size
            a system for your plant.
          </p>
          <ul className="mt-6 space-y-3 text-slate-700">
            {["Tested on our own test bay before dispatch", "Genuine spares held in stock", "Sizing advice at no cost"].map(
              (point) => (
                <li key={point} className="flex items-start gap-3">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-500" />
                  {point}
                </li>
              ),
            )}
          </ul>
          <a
            href="/contact"
            className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Ask for a data sheet
          </a>
        </div>
        <div className="lg:col-span-3">
          <div className="overflow-hidden rounded-xl border border-slate-200 shadow-sm">
            <table className="w-full text-left">
              <caption className="sr-only">Technical specifications of our compressor range</caption>
              <thead className="bg-brand-700 text-white">
                <tr>
                  <th scope="col" className="px-4 py-3 text-sm font-semibold sm:px-6">
                    Specification
                  </th>
                  <th scope="col" className="px-4 py-3 text-sm font-semibold sm:px-6">
                    Range
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the rows are a fixed list
                  <tr key={`${row.label}-${i}`} className="odd:bg-white even:bg-slate-50">
                    <th scope="row" className="px-4 py-3 align-top font-medium text-slate-800 sm:px-6">
                      {row.label}
                    </th>
                    <td className="px-4 py-3 text-slate-700 sm:px-6">{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </section>
  );
}
