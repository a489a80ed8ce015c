import type { CoreValue } from "../../../shared/content/core-value";
import { HeadedSection } from "../section-heading";
import { CoreValueIcon } from "./core-value-icon";

export type CoreValueItem = Pick<CoreValue, "_id" | "title" | "description" | "icon">;

export function CoreValues({ values }: { values: readonly CoreValueItem[] }) {
  return (
    <HeadedSection
      id="values-title"
      eyebrow="What drives us"
      title="Our Core Values"
      className="bg-brand-50 py-16 sm:py-20"
      headingClassName="mx-auto max-w-2xl text-center"
    >
      <ul className="mt-10 grid gap-6 md:grid-cols-3" data-testid="core-values">
        {values.map((v) => (
          <li key={v._id} className="rounded-xl bg-white p-6 text-center shadow-sm sm:p-8">
            <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-brand-700 text-white">
              <CoreValueIcon name={v.icon} className="h-8 w-8" />
            </span>
            <h3 className="mt-5 text-xl font-bold text-brand-700">{v.title}</h3>
            {v.description && <p className="mt-3 leading-relaxed text-slate-700">{v.description}</p>}
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
