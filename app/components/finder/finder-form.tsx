import type { FacetCount, FinderResult } from "../../../server/content/product-finder";
import { CHOICE_FIGURES, type ChoiceFigureKey } from "../../../shared/content/product-figures";
import {
  FINDER_SORTS,
  type FinderFilters,
  type FinderRequest,
  type FinderUnits,
  hasNumberFilters,
} from "../../../shared/content/product-finder";
import { unitLabel } from "../../../shared/lib/units";
import { dataModule } from "../../enhance/data-module";
import { UnitSelect } from "../products/unit-select";

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

interface FinderFormProps {
  filters: FinderFilters;
  units: FinderUnits;
  /** The numbers as typed, in the visitor's units. */
  typed: FinderRequest["typed"];
  facets: FinderResult["facets"];
}

/**
 * The /finder page's filters (issue 14): a plain GET form, so every state is a URL and it works without
 * JavaScript. The `finder` module (./finder.enhance.ts) updates the page's results while the filters change.
 */
export function FinderForm({ filters, units, typed, facets }: FinderFormProps) {
  const labelOf = (q: keyof FinderUnits) => unitLabel(q, units[q]);
  return (
    <form method="get" action="/finder" {...dataModule("finder")} aria-label="Filters" className="space-y-6">
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
