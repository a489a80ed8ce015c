/** Short answers to the questions the sales and service desks hear most. The header's FAQ links to #faq. */
export const FAQ = [
  {
    q: "How do I get a quote?",
    a: "Send us the form above or call our sales team. Tell us the air flow (CFM) and pressure you need, your application and your location; we usually reply with a quotation within one working day. For a new plant, our engineers can visit and size the system with you.",
  },
  {
    q: "Which areas do you serve?",
    a: "Our service centre is in Salem, and our engineers cover all of Tamil Nadu and the neighbouring districts of Kerala, Karnataka, Andhra Pradesh and Puducherry. We deliver compressors and spares anywhere in India.",
  },
  {
    q: "What does an annual maintenance contract (AMC) include?",
    a: "Scheduled visits based on your running hours, oil, filter and separator changes with genuine spares, checks of pressure, temperature, vibration and electrical load, a report after every visit, and priority breakdown response.",
  },
  {
    q: "Do you supply spare parts for other makes?",
    a: "Yes. We stock filters, separators, oils, valves and belts for most common makes in Salem, with same-day dispatch on stocked parts across South India, and we overhaul airends and reciprocating pumps at our workshop.",
  },
  {
    q: "How long does delivery take?",
    a: "Standard models in stock are dispatched within a week. Custom-built packages, dryers and large screw compressors usually take three to six weeks; we confirm the date with your quotation.",
  },
] as const;

export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="mx-auto max-w-4xl scroll-mt-28 px-4 pt-14 sm:pt-16">
      <h2 id="faq-title" className="text-2xl font-bold text-brand-700 sm:text-3xl">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {FAQ.map((item) => (
          <details key={item.q} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-brand-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
              <span>{item.q}</span>
              <span
                aria-hidden="true"
                className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-50 text-lg leading-none text-brand-700 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="px-5 pb-5 leading-relaxed text-slate-700">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
