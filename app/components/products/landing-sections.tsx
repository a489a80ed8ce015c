import type { ReactNode } from "react";
import { telHref } from "../../lib/format";
import { BadgedPoint } from "../badged-point";
import { ArrowRightIcon, PhoneIcon } from "../icons";

/** Static content of the products landing page: the technology and applications blocks and a closing call to action. */

const glyph = (children: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    className="h-6 w-6"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

const TECHNOLOGY = [
  {
    title: "Energy-efficient airends",
    stat: "Low specific power",
    text: "Large, slow-running twin-screw airends with optimised rotor profiles deliver more air for every kilowatt, driven by IE3 premium-efficiency motors.",
    icon: glyph(
      <>
        <circle cx="8" cy="12" r="5" />
        <circle cx="16" cy="12" r="5" />
        <path d="M8 7v10M16 7v10" />
      </>,
    ),
  },
  {
    title: "Variable speed drive",
    stat: "Up to 35% less energy",
    text: "VSD compressors follow your demand instead of running unloaded, hold pressure within 0.1 bar and soft-start without current peaks.",
    icon: glyph(
      <>
        <path d="M3 17c3-8 6-8 9 0s6 8 9 0" />
        <path d="M3 21h18" />
      </>,
    ),
  },
  {
    title: "Heat recovery",
    stat: "Reuse up to 75% of input power",
    text: "Optional heat-recovery kits turn compressor heat into hot water for boiler feed, process washing or space heating.",
    icon: glyph(
      <>
        <path d="M12 3c3 4 5 6.5 5 10a5 5 0 0 1-10 0c0-3.5 2-6 5-10Z" />
        <path d="M12 18a2 2 0 0 0 2-2" />
      </>,
    ),
  },
  {
    title: "Smart controllers",
    stat: "Remote alarms and reports",
    text: "Touch-screen controllers show pressure, temperature and service hours, warn before maintenance is due and sequence several compressors.",
    icon: glyph(
      <>
        <rect x="3" y="4" width="18" height="13" rx="2" />
        <path d="M7 13l3-3 3 2 4-4M8 21h8M12 17v4" />
      </>,
    ),
  },
] as const;

const APPLICATIONS = [
  {
    title: "Textiles",
    text: "Air-jet looms, spinning and winding machines in Salem, Tiruppur and Coimbatore mills run on steady, dry air.",
  },
  {
    title: "Foundries",
    text: "Moulding machines, fettling tools and sand conveying need robust compressors that cope with dust and heat.",
  },
  {
    title: "Pharmaceuticals",
    text: "Tablet coating, packaging and process air call for Class 0 oil-free air with certified filtration.",
  },
  {
    title: "Food & beverage",
    text: "Bottling, filling and packaging lines use oil-free air with dryers and sterile filters at the point of use.",
  },
  {
    title: "Automotive",
    text: "Paint shops, assembly tools and tyre service bays need clean air at the right pressure, shift after shift.",
  },
  {
    title: "Construction",
    text: "Diesel portable compressors power breakers, rock drills and sandblasting on sites far from the grid.",
  },
] as const;

export function TechnologyBlock() {
  return (
    <section aria-labelledby="technology-heading" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <div className="max-w-2xl">
          <p className="text-sm font-bold tracking-wide text-accent-500 uppercase">Technology</p>
          <h2 id="technology-heading" className="mt-2 text-3xl font-bold">
            Engineered to save energy
          </h2>
          <p className="mt-4 text-brand-100">
            Electricity is up to 80% of what a compressor costs over its life. Every Pneuma machine is designed to keep that bill
            down.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TECHNOLOGY.map((t) => (
            <li key={t.title} className="rounded-lg border border-white/10 bg-white/5 p-6">
              <span className="grid h-12 w-12 place-items-center rounded-md bg-accent-500 text-brand-900">{t.icon}</span>
              <h3 className="mt-4 text-lg font-semibold">{t.title}</h3>
              <p className="mt-1 text-sm font-semibold text-accent-500">{t.stat}</p>
              <p className="mt-3 text-sm leading-relaxed text-brand-100">{t.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ApplicationsBlock() {
  return (
    <section aria-labelledby="applications-heading" className="mx-auto max-w-7xl px-4 py-16">
      <div className="max-w-2xl">
        <p className="text-sm font-bold tracking-wide text-brand-500 uppercase">Applications</p>
        <h2 id="applications-heading" className="mt-2 text-3xl font-bold text-brand-700">
          Compressed air for every industry
        </h2>
        <p className="mt-4 text-slate-600">
          From spinning mills to pharma clean rooms, we size the compressor, dryer and filters to the air quality and demand of
          your process.
        </p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {APPLICATIONS.map((a, i) => (
          <BadgedPoint
            key={a.title}
            badge={String(i + 1).padStart(2, "0")}
            title={a.title}
            className="rounded-lg border border-slate-200 bg-slate-50 p-5"
          >
            <p className="mt-1 text-sm leading-relaxed text-slate-600">{a.text}</p>
          </BadgedPoint>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Not sure which compressor you need?" with Request a Quote (the quote form, where a request may name no
 * model) and the sales phone number.
 */
export function SalesCallToAction({ phone }: { phone?: string }) {
  return (
    <section aria-labelledby="sales-cta-heading" className="mx-auto max-w-7xl px-4">
      <div className="flex flex-col gap-6 rounded-xl bg-brand-50 p-8 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="sales-cta-heading" className="text-2xl font-bold text-brand-700">
            Not sure which compressor you need?
          </h2>
          <p className="mt-2 text-slate-700">
            Tell us about your air demand and pressure. Our engineers will recommend the right compressor, dryer and filters, with
            a clear quotation.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            href="/quote"
            className="inline-flex items-center gap-2 rounded-md bg-accent-500 px-5 py-3 font-semibold text-brand-900 hover:bg-accent-600"
          >
            Request a Quote
            <ArrowRightIcon className="h-4 w-4" />
          </a>
          {phone && (
            <a
              href={telHref(phone)}
              className="inline-flex items-center gap-2 rounded-md border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-100"
            >
              <PhoneIcon className="h-4 w-4" />
              {phone}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
