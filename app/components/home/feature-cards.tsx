import { ArrowRightIcon } from "../icons";
import { HeadedSection } from "../section-heading";

const svgBase = {
  viewBox: "0 0 48 48",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2.5,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
  focusable: false,
};

/** A tank-mounted compressor, drawn. */
function CompressorIcon({ className }: { className?: string }) {
  return (
    <svg {...svgBase} className={className}>
      <rect x="6" y="26" width="36" height="12" rx="6" />
      <rect x="14" y="12" width="14" height="14" rx="2" />
      <path d="M28 17h6a3 3 0 0 1 3 3v6" />
      <circle cx="12" cy="41" r="3" />
      <circle cx="36" cy="41" r="3" />
      <path d="M18 12V8h6v4" />
    </svg>
  );
}

/** A spanner, drawn. */
function ServiceIcon({ className }: { className?: string }) {
  return (
    <svg {...svgBase} className={className}>
      <path d="M29.4 12.6a2 2 0 0 0 0 2.8l3.2 3.2a2 2 0 0 0 2.8 0l7.6-7.6a12 12 0 0 1-15.8 15.8L13.4 40.6a4.2 4.2 0 0 1-6-6l13.8-13.8a12 12 0 0 1 15.8-15.8l-7.6 7.6Z" />
    </svg>
  );
}

const CARDS = [
  {
    to: "/products",
    title: "Our Products",
    text: "Reciprocating, rotary screw and oil-free compressors, dryers and air treatment for workshops and factories of every size.",
    action: "View all products",
    Icon: CompressorIcon,
  },
  {
    to: "/services",
    title: "Our Services",
    text: "Installation, maintenance contracts, repairs and energy audits, carried out by our own trained engineers.",
    action: "View all services",
    Icon: ServiceIcon,
  },
] as const;

/** Two large cards: the catalogue and the services. The whole card is the link. */
export function FeatureCards() {
  return (
    <HeadedSection
      id="features-title"
      eyebrow="What we do"
      title="Machines and service under one roof"
      className="bg-brand-50 py-16 sm:py-20"
      headingClassName="max-w-3xl"
    >
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {CARDS.map(({ to, title, text, action, Icon }) => (
          <li key={to}>
            <a
              href={to}
              className="group flex h-full flex-col rounded-xl border border-brand-100 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:p-8"
            >
              <span className="grid h-14 w-14 place-items-center rounded-lg bg-brand-700 text-white">
                <Icon className="h-8 w-8" />
              </span>
              <h3 className="mt-5 text-2xl font-bold text-brand-700">{title}</h3>
              <p className="mt-3 flex-1 leading-relaxed text-slate-700">{text}</p>
              <span className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 group-hover:underline">
                {action}
                <ArrowRightIcon className="h-4 w-4 transition-transform group-hover:translate-x-1" />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
