import type { FacetCount, FinderResult } from "../../server/content/product-finder";
import { readFinder } from "../../server/content/public-reads";
import { CHOICE_FIGURES, type ChoiceFigureKey } from "../../shared/content/product-figures";
import {
  FINDER_SORTS,
  type FinderFilters,
  type FinderProblem,
  type FinderRequest,
  type FinderUnits,
  hasFilters,
  hasNumberFilters,
  marksBestFit,
  readFinderParams,
} from "../../shared/content/product-finder";
import { PRODUCTS_PER_PAGE } from "../../shared/lib/product-paths";
import { unitLabel } from "../../shared/lib/units";
import { PageHero } from "../components/page-hero";
import { PriceNote } from "../components/products/price-note";
import { type FigureCard, FigureCardGrid, toFigureCard } from "../components/products/product-card";
import { UnitSelect } from "../components/products/unit-select";
import { orFallback } from "../lib/load.server";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/finder";

/**
 * /finder (issue 14): narrow the catalogue by type, flow, pressure, power, oil-free, drive, cooling and
 * category, in the units the visitor reads. A plain GET form: every state is a URL, and it works without
 * JavaScript; app/enhance/finder.ts updates the results while the filters change.
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

const countOf = (facet: FacetCount[], value: string) => facet.find((f) => f.value === value)?.count ?? 0;

function NumberInput({ name, label, value, unit }: { name: string; label: string; value: string; unit: string }) {
  return (
    <label className="block min-w-0 text-sm">
      <span className="font-semibold text-slate-800">{label}</span>
      <span className="mt-1 flex items-center gap-2">
        <input
          type="text"
          inputMode="decimal"
          name={name}
          defaultValue={value}
          autoComplete="off"
          pattern="[0-9]*[.,]?[0-9]*"
          className="w-full min-w-0 rounded-md border border-slate-400 px-3 py-2"
        />
        <span className="shrink-0 text-slate-600" data-unit-label={name}>
          {unit}
        </span>
      </span>
    </label>
  );
}

function ChoiceGroup({
  name,
  figure,
  value,
  facet,
}: {
  name: string;
  figure: ChoiceFigureKey;
  value: string | null;
  facet: FacetCount[];
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-slate-800">{CHOICE_FIGURES[figure].label}</legend>
      <div className="mt-1 space-y-1 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name={name} value="" defaultChecked={value === null} className="h-4 w-4" />
          Any
        </label>
        {CHOICE_FIGURES[figure].options.map((o) => (
          <label key={o.value} className="flex items-center gap-2">
            <input type="radio" name={name} value={o.value} defaultChecked={value === o.value} className="h-4 w-4" />
            {o.label}
            <span className="text-slate-600" data-facet-count={`${name}:${o.value}`}>
              ({countOf(facet, o.value)})
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FinderForm({ data }: { data: FinderPageData }) {
  const { filters, units, typed, facets } = data;
  const labelOf = (q: keyof FinderUnits) => unitLabel(q, units[q]);
  return (
    <form method="get" action="/finder" data-module="finder" aria-label="Filters" className="space-y-6">
      <div className="grid grid-cols-3 gap-2">
        <UnitSelect quantity="flow" value={units.flow} />
        <UnitSelect quantity="pressure" value={units.pressure} />
        <UnitSelect quantity="power" value={units.power} />
      </div>
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-800">Free air delivery</legend>
        <div className="mt-1 grid grid-cols-2 gap-3">
          <NumberInput name="flowMin" label="From" value={typed.flowMin ?? ""} unit={labelOf("flow")} />
          <NumberInput name="flowMax" label="To" value={typed.flowMax ?? ""} unit={labelOf("flow")} />
        </div>
      </fieldset>
      <NumberInput
        name="pressureMin"
        label="Working pressure, at least"
        value={typed.pressureMin ?? ""}
        unit={labelOf("pressure")}
      />
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-800">Motor power</legend>
        <div className="mt-1 grid grid-cols-2 gap-3">
          <NumberInput name="powerMin" label="From" value={typed.powerMin ?? ""} unit={labelOf("power")} />
          <NumberInput name="powerMax" label="To" value={typed.powerMax ?? ""} unit={labelOf("power")} />
        </div>
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-800">{CHOICE_FIGURES.compressorType.label}</legend>
        <div className="mt-1 space-y-1 text-sm">
          {CHOICE_FIGURES.compressorType.options.map((o) => (
            <label key={o.value} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="type"
                value={o.value}
                defaultChecked={filters.types.includes(o.value)}
                className="h-4 w-4"
              />
              {o.label}
              <span className="text-slate-600" data-facet-count={`type:${o.value}`}>
                ({countOf(facets.types, o.value)})
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ChoiceGroup name="lubrication" figure="lubrication" value={filters.lubrication} facet={facets.lubrication} />
      <ChoiceGroup name="drive" figure="drive" value={filters.drive} facet={facets.drive} />
      <ChoiceGroup name="cooling" figure="cooling" value={filters.cooling} facet={facets.cooling} />
      <label className="block text-sm">
        <span className="font-semibold text-slate-800">Category</span>
        <select
          name="category"
          defaultValue={filters.category ?? ""}
          className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2"
        >
          <option value="">All categories</option>
          {facets.category.map((c) => (
            <option key={c.value} value={c.value} data-facet-count={`category:${c.value}`}>
              {c.label} ({c.count})
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm">
        <span className="font-semibold text-slate-800">Sort by</span>
        <select
          name="sort"
          defaultValue={filters.sort}
          className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2"
        >
          {FINDER_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.value === "" && !hasNumberFilters(filters) ? "Catalogue order" : s.label}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="rounded-md bg-accent-500 px-5 py-2.5 font-semibold text-brand-900 hover:bg-accent-600">
          Show machines
        </button>
        <a href="/finder" className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
          Clear all filters
        </a>
      </div>
    </form>
  );
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
          <FinderForm data={data} />
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
