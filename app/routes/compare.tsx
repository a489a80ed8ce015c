import { redirect } from "react-router";
import { readProduct, readProducts } from "../../server/content/public-reads";
import type { Product } from "../../shared/content/product";
import {
  CHOICE_FIGURE_KEYS,
  CHOICE_FIGURES,
  choiceLabel,
  formatFigureValue,
  NUMBER_FIGURE_KEYS,
  NUMBER_FIGURES,
  type NumberFigure,
  type NumberFigureKey,
} from "../../shared/content/product-figures";
import { DEFAULT_FINDER_UNITS, type FinderUnits, readFinderParams } from "../../shared/content/product-finder";
import { productPath } from "../../shared/lib/product-paths";
import { BOUND_TOLERANCE, CANONICAL, formatRange, type Quantity, statedFigure } from "../../shared/lib/units";
import { PageHero } from "../components/page-hero";
import { PriceNote } from "../components/products/price-note";
import { UnitSelect } from "../components/products/unit-select";
import { ResponsiveImage } from "../components/responsive-image";
import { dataModule } from "../enhance/data-module";
import { formatPrice } from "../lib/format";
import { orFallback } from "../lib/read-with-fallback.server";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/compare";

/**
 * /compare?products=slug-a,slug-b (issue 14): two to four machines side by side, every key figure in the
 * visitor's units, every specification and feature row with the rows that differ marked. Works without
 * JavaScript: products are added with a GET form and removed with links; the list is the URL.
 */

const COMPARE_MAX = 4;
const SLUG = /^[a-z0-9-]{1,200}$/;

/** The slugs of a `products` parameter (comma-separated, or repeated), first four distinct. */
function slugsOf(params: URLSearchParams): string[] {
  const slugs: string[] = [];
  for (const part of params.getAll("products").flatMap((v) => v.split(","))) {
    const slug = part.trim().toLowerCase();
    if (SLUG.test(slug) && !slugs.includes(slug)) slugs.push(slug);
  }
  return slugs;
}

const compareUrl = (slugs: string[], units?: URLSearchParams) => {
  const params = new URLSearchParams();
  if (slugs.length > 0) params.set("products", slugs.join(","));
  for (const [name, value] of units ?? []) params.set(name, value);
  const query = params.toString().replaceAll("%2C", ",");
  return query ? `/compare?${query}` : "/compare";
};

/** The unit parameters of the URL that differ from the defaults, to keep them on every link. */
function unitParams(units: FinderUnits): URLSearchParams {
  const params = new URLSearchParams();
  if (units.flow !== DEFAULT_FINDER_UNITS.flow) params.set("flowUnit", units.flow);
  if (units.pressure !== DEFAULT_FINDER_UNITS.pressure) params.set("pressureUnit", units.pressure);
  if (units.power !== DEFAULT_FINDER_UNITS.power) params.set("powerUnit", units.power);
  return params;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { units } = readFinderParams(url.searchParams);
  let slugs = slugsOf(url.searchParams);
  // "Add a product" (a GET form): into the list, then the clean URL.
  const add = url.searchParams.get("add")?.trim().toLowerCase();
  if (add !== undefined) {
    if (add && SLUG.test(add) && !slugs.includes(add)) slugs = [...slugs, add];
    throw redirect(compareUrl(slugs.slice(0, COMPARE_MAX), unitParams(units)), 303);
  }
  const [found, catalogue] = await Promise.all([
    Promise.all(
      slugs.slice(0, COMPARE_MAX).map((slug) => orFallback("compared product", () => readProduct(context.app, slug), null)),
    ),
    orFallback("compare choices", () => readProducts(context.app, { page: 1, limit: 100 }), null),
  ]);
  const products = found.map((r) => r.value).filter((p): p is Product => p !== null);
  return {
    products,
    units,
    unitQuery: unitParams(units).toString(),
    missing: slugs.length - products.length,
    tooMany: slugs.length > COMPARE_MAX,
    failed: found.some((r) => r.failed) || Boolean(catalogue.failed),
    choices: (catalogue.value?.data ?? [])
      .filter((p) => !products.some((c) => c._id === p._id))
      .map((p) => ({ slug: p.slug, name: p.name, category: p.categoryId.name })),
  };
}

/**
 * A comparison of two or more real machines is a page worth finding ("PN-RS 15 vs PN-RS 37"), under one
 * canonical URL (the slugs as found, in their order, without units); anything else is not indexed.
 */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const products = loaderData?.products ?? [];
  const names = products.map((p) => p.name);
  const complete = products.length >= 2 && !loaderData?.missing && !loaderData?.tooMany;
  return pageMeta(siteInfoFrom(matches), {
    title: names.length > 0 ? `Compare ${names.join(", ")}` : "Compare compressors",
    description: complete
      ? `${names.join(" vs ")}: flow, pressure, power, type, price and every specification side by side.`
      : "Compare air compressors side by side: flow, pressure, power, type, price and every specification.",
    path: complete ? `/compare?products=${products.map((p) => p.slug).join(",")}` : "/compare",
    noIndex: !complete,
  });
}

interface Row {
  key: string;
  label: string;
  values: string[];
}

const DASH = "—";
const differs = (row: Row) => new Set(row.values).size > 1;

const unitsOf = (units: FinderUnits): Record<string, string> => ({
  flow: units.flow,
  pressure: units.pressure,
  power: units.power,
});

function figureRows(products: Product[], units: FinderUnits): Row[] {
  const unitOf = unitsOf(units);
  const rows: Row[] = [];
  for (const key of CHOICE_FIGURE_KEYS) {
    rows.push({ key, label: CHOICE_FIGURES[key].label, values: products.map((p) => choiceLabel(key, p[key]) ?? DASH) });
  }
  for (const key of NUMBER_FIGURE_KEYS) {
    const figure: NumberFigure = NUMBER_FIGURES[key];
    const unit = unitOf[figure.quantity] ?? CANONICAL[figure.quantity];
    rows.push({
      key,
      label: figure.label,
      values: products.map((p) => {
        const v = p[key];
        if (v == null) return DASH;
        return formatFigureValue(key, v, unit);
      }),
    });
  }
  // A figure none of them states says nothing.
  return rows.filter((r) => r.values.some((v) => v !== DASH));
}

/** Rows by name, in the order they first appear; a product without the row shows a dash. */
function namedRows(products: Product[], rowsOf: (p: Product) => { name: string; value: string }[]): Row[] {
  const names: string[] = [];
  for (const p of products) for (const r of rowsOf(p)) if (!names.includes(r.name)) names.push(r.name);
  return names.map((name) => ({
    key: name,
    label: name,
    values: products.map((p) => rowsOf(p).find((r) => r.name === name)?.value || DASH),
  }));
}

/** The key figure that states each quantity, to check a specification row against. */
const FIGURE_OF: Record<Quantity, NumberFigureKey> = {
  flow: "freeAirDelivery",
  pressure: "maxPressure",
  power: "motorPower",
  noise: "noiseLevel",
  weight: "weight",
  volume: "tankVolume",
};

const same = (a: number, b: number) => Math.abs(a - b) <= Math.abs(b) * BOUND_TOLERANCE;

/**
 * The specification rows, each figure once and in the chosen units: a row that only states a figure
 * ("60 CFM") the key figures already give for every machine gives way to them; one that states another
 * figure of a known quantity is shown in the chosen unit; any other text as it is.
 */
function specificationRows(products: Product[], units: FinderUnits): Row[] {
  const unitOf = unitsOf(units);
  const rows = namedRows(products, (p) => p.specifications.map((s) => ({ name: s.specName, value: s.specValue })));
  return rows.flatMap((row) => {
    const stated = row.values.map((v) => (v === DASH ? null : statedFigure(v)));
    const quantity = stated.find((f) => f !== null)?.quantity;
    const allFigures = row.values.every((v, i) => v === DASH || stated[i]?.quantity === quantity);
    if (!quantity || !allFigures) return [row];
    const key = FIGURE_OF[quantity];
    const repeatsKeyFigure = products.every((p, i) => {
      const figure = stated[i];
      const own = p[key];
      if (!figure) return true;
      if (own == null) return false;
      const [min, max] = typeof own === "number" ? [own, own] : [own.min, own.max];
      return same(figure.min, min) && same(figure.max, max);
    });
    if (repeatsKeyFigure) return [];
    const unit = unitOf[quantity] ?? CANONICAL[quantity];
    return [{ ...row, values: stated.map((f) => (f ? formatRange(quantity, f, unit) : DASH)) }];
  });
}

function RowGroup({ title, rows, columns }: { title: string; rows: Row[]; columns: number }) {
  if (rows.length === 0) return null;
  return (
    <tbody>
      <tr>
        <th scope="colgroup" colSpan={columns + 1} className="bg-slate-100 px-4 py-2 text-left text-sm font-bold text-brand-700">
          {title}
        </th>
      </tr>
      {rows.map((row) => (
        <tr
          key={row.key}
          data-differs={differs(row) || undefined}
          className="group border-t border-slate-200 data-differs:bg-amber-50"
        >
          <th
            scope="row"
            className="sticky left-0 w-28 bg-white px-3 py-2 text-left text-xs font-medium text-slate-700 group-data-differs:bg-amber-50 sm:w-44 sm:px-4 sm:text-sm"
          >
            {row.label}
            {differs(row) && <span className="sr-only"> (differs)</span>}
          </th>
          {row.values.map((value, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one cell per compared product, in column order
            <td key={i} className="px-4 py-2 text-sm text-slate-900">
              {value}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { products, units, unitQuery, choices, missing, tooMany, failed } = loaderData;
  const slugs = products.map((p) => p.slug);
  const unitSearch = new URLSearchParams(unitQuery);
  const quoteUrl = `/quote?${slugs.map((s) => `product=${encodeURIComponent(s)}`).join("&")}`;
  const figures = figureRows(products, units);
  const specs = specificationRows(products, units);
  const features = namedRows(products, (p) => p.features.map((f) => ({ name: f.featureName, value: f.featureValue || "Yes" })));
  return (
    <>
      <div className="print:hidden">
        <PageHero
          eyebrow="Products"
          title="Compare compressors"
          intro="Up to four machines side by side, every figure in the units you read. Rows that differ are marked."
        />
      </div>
      <div className="mx-auto max-w-7xl px-4 py-10" {...dataModule("compare-list")} data-slugs={slugs.join(",")}>
        <h1 className="mb-6 hidden text-2xl font-bold text-brand-700 print:block">
          Comparison: {products.map((p) => p.name).join(", ")}
        </h1>
        {(missing > 0 || tooMany || failed) && (
          <p role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {failed
              ? "Some machines could not be loaded. Please try again."
              : tooMany
                ? `Up to ${COMPARE_MAX} machines can be compared; the first ${COMPARE_MAX} are shown.`
                : "A machine in the link is no longer in our catalogue and was left out."}
          </p>
        )}
        <div className="flex flex-wrap items-end gap-4 print:hidden">
          <form method="get" action="/compare" className="flex flex-wrap items-end gap-2" aria-label="Units">
            <input type="hidden" name="products" value={slugs.join(",")} />
            {(["flow", "pressure", "power"] as const).map((q) => (
              <UnitSelect key={q} quantity={q} value={units[q]} />
            ))}
            <button type="submit" className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700">
              Show in these units
            </button>
          </form>
          {products.length < COMPARE_MAX && choices.length > 0 && (
            <form method="get" action="/compare" className="flex flex-wrap items-end gap-2" aria-label="Add a machine">
              <input type="hidden" name="products" value={slugs.join(",")} />
              {[...unitSearch].map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <label className="text-sm">
                <span className="block font-semibold text-slate-800">Add a machine</span>
                <select name="add" className="mt-1 max-w-72 rounded-md border border-slate-400 bg-white px-2 py-2">
                  {[...new Set(choices.map((c) => c.category))].map((category) => (
                    <optgroup key={category} label={category}>
                      {choices
                        .filter((c) => c.category === category)
                        .map((c) => (
                          <option key={c.slug} value={c.slug}>
                            {c.name}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </select>
              </label>
              <button
                type="submit"
                className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
              >
                Add
              </button>
            </form>
          )}
        </div>

        {products.length < 2 && (
          <p className="mt-8 text-lg text-slate-700">
            {products.length === 0 ? "Choose two to four machines to compare." : "Add one more machine to compare."} Use “Add a
            machine” above, or “Compare” on any product page.
          </p>
        )}

        {products.length > 0 && (
          <div className="mt-8 overflow-x-auto rounded-lg border border-slate-200 print:overflow-visible" data-compare-table>
            <table className="w-full border-collapse bg-white text-left">
              <caption className="sr-only">Comparison of {products.map((p) => p.name).join(", ")}</caption>
              <thead>
                <tr>
                  <td className="sticky left-0 w-28 bg-white sm:w-44" />
                  {products.map((p) => (
                    <th key={p._id} scope="col" className="min-w-36 px-4 py-4 align-top">
                      <div className="aspect-[4/3] w-full max-w-56 overflow-hidden rounded-md bg-slate-100">
                        <ResponsiveImage src={p.mainImage} alt="" sizes="224px" className="h-full w-full object-cover" />
                      </div>
                      <a
                        href={productPath(p.categoryId.slug, p.slug)}
                        className="mt-3 block font-bold text-brand-700 hover:underline"
                      >
                        {p.name}
                      </a>
                      <p className="mt-1 text-lg font-extrabold text-slate-900" data-price>
                        {formatPrice(p.price)}
                      </p>
                      <a
                        href={compareUrl(
                          slugs.filter((s) => s !== p.slug),
                          unitSearch,
                        )}
                        className="mt-2 inline-block text-sm font-semibold text-red-700 underline print:hidden"
                        aria-label={`Remove ${p.name} from the comparison`}
                      >
                        Remove
                      </a>
                    </th>
                  ))}
                </tr>
              </thead>
              <RowGroup title="Key figures" rows={figures} columns={products.length} />
              <RowGroup title="Specifications" rows={specs} columns={products.length} />
              <RowGroup title="Features" rows={features} columns={products.length} />
            </table>
          </div>
        )}
        {products.length > 0 && <PriceNote lead="Prices:" className="mt-4" />}

        {products.length > 0 && (
          <div className="mt-8 flex flex-wrap gap-3 print:hidden">
            <a href={quoteUrl} className="rounded-md bg-accent-500 px-6 py-3 font-semibold text-brand-900 hover:bg-accent-600">
              Request a Quote for these
            </a>
            <a href="/finder" className="rounded-md border border-brand-700 px-6 py-3 font-semibold text-brand-700">
              Find more machines
            </a>
          </div>
        )}
      </div>
    </>
  );
}
