import type { Faq as FaqRecord } from "../../../shared/content/faq";

/** The id of a question's answer, for links to it (/contact#faq-…): following one opens its <details>. */
export const faqAnchor = (id: string) => `faq-${id}`;

export type FaqItem = Pick<FaqRecord, "_id" | "question" | "answer">;

/** The questions staff keep under FAQ (admin), in their order. The header's FAQ link leads to #faq. */
export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-4xl scroll-mt-28 px-4 pt-14 sm:pt-16">
      <h2 id="faq-title" className="text-2xl font-bold text-brand-700 sm:text-3xl">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {items.map((item) => (
          <details key={item._id} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-brand-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
              <span>{item.question}</span>
              <span
                aria-hidden="true"
                className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-50 text-lg leading-none text-brand-700 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p id={faqAnchor(item._id)} className="scroll-mt-28 px-5 pb-5 leading-relaxed text-slate-700">
              {item.answer}
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}
