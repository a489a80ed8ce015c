import { CheckIcon } from "../icons";

/** The static "Why Choose Us" list of the services page (SPEC §2: exactly 4 items). */
const WHY_CHOOSE_US = [
  {
    title: "Factory-trained engineers",
    text: "Our service engineers are trained at our Salem works on the machines we build, and on every major make of compressor and dryer.",
  },
  {
    title: "Genuine spares from stock",
    text: "Filters, separators, oils, valves and airend parts kept in stock in Salem, with same-day dispatch on stocked items.",
  },
  {
    title: "24×7 breakdown support across Tamil Nadu",
    text: "Our breakdown line is answered round the clock, with stocked service vans and standby compressors ready to reach your plant.",
  },
  {
    title: "Energy audits that pay back",
    text: "Measured data, leaks tagged and a clear payback for every recommendation: most customers recover the audit cost within months.",
  },
] as const;

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-choose-us" className="bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-16">
        <h2 id="why-choose-us" className="text-2xl font-bold text-brand-700 sm:text-3xl">
          Why Choose Us
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">
          More than 4,000 installations across South India rely on our service team. Here is why.
        </p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {WHY_CHOOSE_US.map((item) => (
            <li key={item.title} className="rounded-lg border border-brand-100 bg-white p-6 shadow-sm">
              <span className="grid h-10 w-10 place-items-center rounded-full bg-brand-700 text-white">
                <CheckIcon className="h-5 w-5" />
              </span>
              <h3 className="mt-4 font-bold text-brand-900">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
