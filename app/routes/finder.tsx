import type { FinderResult } from "../../server/content/product-finder";
import { readFinder } from "../../server/content/public-reads";
import {
  type FinderFilters,
  type FinderProblem,
  type FinderRequest,
  type FinderUnits,
  hasFilters,
  marksBestFit,
  readFinderParams,
} from "../../shared/content/product-finder";
import { PRODUCTS_PER_PAGE } from "../../shared/lib/product-paths";
import { FinderForm } from "../components/finder/finder-form";
import { PageHero } from "../components/page-hero";
import { PriceNote } from "../components/products/price-note";
import { type FigureCard, FigureCardGrid, toFigureCard } from "../components/products/product-card";
import { orFallback } from "../lib/read-with-fallback.server";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/finder";

/**
 * /finder (issue 14): narrow the catalogue by type, flow, pressure, power, oil-free, drive, cooling and
 * category, in the units the visitor reads. A plain GET form: every state is a URL, and it works without
 * JavaScript (app/components/finder/: the form, and the `finder` module that updates the results while the
 * filters change).
 */

interface FinderPageData {
  filters: FinderFilters;
  units: FinderUnits;
  typed: FinderRequest["typed"];
  problems: FinderProblem[];
  results: FigureCard[];
  closest: FigureCard[];
  total: number;
  facets: FinderResult["facets"];
  failed: boolean;
}

const EMPTY_FACETS: FinderResult["facets"] = { types: [], lubrication: [], drive: [], cooling: [], category: [] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { filters, units, typed, problems } = readFinderParams(new URL(request.url).searchParams);
  const read = await orFallback("finder", () => readFinder(context.app, filters, 1, PRODUCTS_PER_PAGE), null);
  const found = read.value;
  const bestFit = marksBestFit(filters);
  return {
    filters,
    units,
    typed,
    problems,
    results: (found?.data ?? []).map((p, i) => ({ ...toFigureCard(p, units), bestFit: bestFit && i === 0 })),
    closest: (found?.closest ?? []).map((p) => toFigureCard(p, units)),
    total: found?.total ?? 0,
    facets: found?.facets ?? EMPTY_FACETS,
    failed: read.failed,
  } satisfies FinderPageData;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Find a compressor",
    description:
      "Find the right air compressor by flow, pressure, power, type, oil-free air, drive and cooling, in CFM or m³/min, bar or psi, kW or HP.",
    path: "/finder",
  });
}

/** Beside the filters, a card is at most 300 px wide. */
const CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 640px) 45vw, 100vw";

export default function FinderPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const filtered = hasFilters(data.filters);
  const countText = `${data.total} ${data.total === 1 ? "machine matches" : "machines match"}`;
  return (
    <>
      <PageHero
        eyebrow="Products"
        title="Find a compressor"
        intro="Start from your numbers: the air you need, the pressure and the power. Use the units of your tender sheet; every figure on the page follows them."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 lg:grid-cols-[18rem_1fr]">
        <aside>
          <a
            href="#finder-results"
            className="mb-6 block rounded-md bg-brand-50 px-4 py-3 text-center font-semibold text-brand-700 lg:hidden"
          >
            Jump to the results
          </a>
          <FinderForm filters={data.filters} units={data.units} typed={data.typed} facets={data.facets} />
          <p className="sr-only" role="status" data-finder-status />
        </aside>
        <section id="finder-results" aria-labelledby="finder-results-heading" className="scroll-mt-24" data-finder-results>
          <h2 id="finder-results-heading" className="text-xl font-bold text-brand-700">
            {data.failed
              ? "The machines could not be loaded. Please try again."
              : filtered
                ? countText
                : `All ${data.total} ${data.total === 1 ? "machine" : "machines"}`}
          </h2>
          {data.problems.length > 0 && (
            <ul className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
              {data.problems.map((p) => (
                <li key={p.path}>{p.message} It was left out.</li>
              ))}
            </ul>
          )}
          {data.results.length > 0 ? (
            <div className="mt-6">
              <FigureCardGrid cards={data.results} sizes={CARD_SIZES} />
              <PriceNote lead="Prices:" className="mt-6" />
              {data.total > data.results.length && (
                <p className="mt-6 text-sm text-slate-700">
                  Showing the first {data.results.length} in this order. Narrow the filters, or change the order, to see others.
                </p>
              )}
            </div>
          ) : (
            !data.failed && (
              <div className="mt-6">
                <p className="text-lg text-slate-700">
                  {data.closest.length > 0 ? "No exact match — the closest:" : "No machines match these filters."}
                </p>
                {data.closest.length > 0 && (
                  <div className="mt-6">
                    <FigureCardGrid cards={data.closest} sizes={CARD_SIZES} />
                  </div>
                )}
                <p className="mt-6 text-sm text-slate-700">
                  Not sure?{" "}
                  <a href="/quote" className="font-semibold text-brand-700 underline">
                    Ask us for a quote
                  </a>{" "}
                  with your figures, and our engineers will size it for you.
                </p>
              </div>
            )
          )}
        </section>
      </div>
    </>
  );
}
