import { ArrowRightIcon } from "../components/icons";
import { PageHero } from "../components/page-hero";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/tools";

/** /tools (issue 14): the three calculators, each a card linking to its page. */

const TOOLS = [
  {
    href: "/tools/air-leak-cost",
    title: "Air leak cost",
    text: "Count your leaks by hole size, or enter the measured leak flow: the air, the kW and the rupees they waste a year.",
    action: "Work out what leaks cost",
  },
  {
    href: "/tools/fixed-vs-variable-speed",
    title: "Fixed speed or variable speed",
    text: "Your air demand over a year on a load/unload and on a variable-speed compressor: energy and rupees each, the saving and the payback.",
    action: "Compare the running costs",
  },
  {
    href: "/tools/sizing",
    title: "Compressor sizing",
    text: "Your air tools and machines, how many and how often they run: the flow and pressure you need, and the machines that deliver them.",
    action: "Size a compressor",
  },
] as const;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Calculators for sizing and savings",
    description:
      "Free compressed air calculators: the cost of air leaks, fixed against variable speed compressor savings, and compressor sizing from your air tools, with the formulas and sources shown.",
    path: "/tools",
  });
}

export default function ToolsPage() {
  return (
    <>
      <PageHero
        eyebrow="Calculators"
        title="Tools for sizing and savings"
        intro="Work out what your compressed air costs and what you need, in your units and in rupees. Every page shows its formulas and where its numbers come from, and hands your figures to our engineers when you want a quote or an audit."
      />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <ul className="grid gap-6 md:grid-cols-3">
          {TOOLS.map((tool) => (
            <li key={tool.href} className="flex">
              <article className="group relative flex w-full flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-lg">
                <h2 className="text-xl font-bold text-brand-700">
                  <a href={tool.href} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
                    {tool.title}
                  </a>
                </h2>
                <p className="mt-3 flex-1 text-slate-700">{tool.text}</p>
                <span aria-hidden="true" className="mt-5 inline-flex items-center gap-1 font-semibold text-brand-700">
                  {tool.action}
                  <ArrowRightIcon className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </article>
            </li>
          ))}
        </ul>
        <p className="mt-10 max-w-3xl text-slate-700">
          Know the machine you need already?{" "}
          <a href="/finder" className="font-semibold text-brand-700 underline">
            Find it by flow, pressure and power
          </a>{" "}
          or{" "}
          <a href="/quote" className="font-semibold text-brand-700 underline">
            ask us for a quote
          </a>
          .
        </p>
      </div>
    </>
  );
}
