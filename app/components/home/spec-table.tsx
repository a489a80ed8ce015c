import type { SiteSettings } from "../../../shared/content/settings";
import { CheckList } from "../check-list";
import { SectionHeading } from "../section-heading";
import { SpecificationsTable } from "../specifications-table";

const PROMISES = ["Tested on our own test bay before dispatch", "Genuine spares held in stock", "Sizing advice at no cost"];

type Row = SiteSettings["homeSpecifications"][number];

/** The range at a glance: the label/value rows staff keep in the site settings. */
export function SpecTable({ rows }: { rows: Row[] }) {
  return (
    <section aria-labelledby="specs-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:gap-16 lg:px-8">
        <SectionHeading id="specs-title" eyebrow="Specifications" title="Our range at a glance" className="lg:col-span-2">
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            Typical figures across our compressor range. Every model has its own detailed data sheet, and our engineers will size
            a system for your plant.
          </p>
          <CheckList items={PROMISES} className="mt-6 space-y-3 text-slate-700" />
          <a
            href="/contact"
            className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Ask for a data sheet
          </a>
        </SectionHeading>
        <div className="lg:col-span-3">
          <SpecificationsTable
            rows={rows}
            caption="Technical specifications of our compressor range"
            valueHeading="Range"
            className="rounded-xl shadow-sm"
          />
        </div>
      </div>
    </section>
  );
}
