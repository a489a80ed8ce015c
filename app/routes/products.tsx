import { useRouteLoaderData } from "react-router";
import { readCategories, readProducts } from "../../server/content/public-reads";
import { CardGrid } from "../components/card-grid";
import { CategoryCard, toCategorySummary } from "../components/products/category-card";
import { ApplicationsBlock, SalesCallToAction, TechnologyBlock } from "../components/products/landing-sections";
import { PriceNote } from "../components/products/price-note";
import { ProductCard, toProductSummary } from "../components/products/product-card";
import { ProductsHero } from "../components/products/products-hero";
import { orFallback } from "../lib/read-with-fallback.server";
import { pageMeta, SITE_LAYOUT_ID, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/products";
import type { loader as siteLayoutLoader } from "./site-layout";

/** How many featured products the landing page shows at most. */
const FEATURED_LIMIT = 6;

const NO_CATEGORIES = "No product categories available.";

export async function loader({ context }: Route.LoaderArgs) {
  const [categories, featured] = await Promise.all([
    orFallback("categories", () => readCategories(context.app), []),
    orFallback("featured products", () => readProducts(context.app, { featured: true, page: 1, limit: FEATURED_LIMIT }), null),
  ]);
  return {
    categories: categories.value.map(toCategorySummary),
    featured: (featured.value?.data ?? []).map(toProductSummary),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Products",
    description:
      "Reciprocating, rotary screw, oil-free and portable air compressors, air dryers and air treatment, designed and built in Salem, Tamil Nadu.",
    path: "/products",
  });
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { categories, featured } = loaderData;
  const layout = useRouteLoaderData<typeof siteLayoutLoader>(SITE_LAYOUT_ID);
  const phone = layout?.site.settings.phones[0]?.value;
  return (
    <>
      <ProductsHero categories={categories} />

      <section id="categories" aria-labelledby="products-heading" className="mx-auto max-w-7xl scroll-mt-24 px-4 py-14">
        <div className="max-w-3xl">
          <p className="text-sm font-bold tracking-wide text-brand-500 uppercase">Product range</p>
          <h1 id="products-heading" className="mt-2 text-3xl font-bold text-brand-700 sm:text-4xl">
            Our Products
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            Air compressors, dryers and air treatment for workshops, factories and process industries, designed and built at our
            works in Salem and supported by our own service engineers.
          </p>
          <p className="mt-5 flex flex-wrap gap-3">
            <a
              href="/finder"
              className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900"
            >
              Find a compressor by flow, pressure and power
            </a>
            <a
              href="/tools"
              className="inline-flex items-center gap-2 rounded-md border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
            >
              Tools for sizing and savings
            </a>
          </p>
        </div>
        <h2 className="sr-only">Product categories</h2>
        {categories.length === 0 ? (
          <p className="mt-10 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-10 text-center text-slate-600">
            {NO_CATEGORIES}
          </p>
        ) : (
          <CardGrid items={categories} className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(c) => <CategoryCard category={c} />}
          </CardGrid>
        )}
      </section>

      {featured.length > 0 && (
        <section aria-labelledby="featured-heading" className="bg-slate-50">
          <div className="mx-auto max-w-7xl px-4 py-14">
            <p className="text-sm font-bold tracking-wide text-brand-500 uppercase">Featured</p>
            <h2 id="featured-heading" className="mt-2 text-3xl font-bold text-brand-700">
              Featured products
            </h2>
            <CardGrid items={featured} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {(p) => <ProductCard product={p} showCategory />}
            </CardGrid>
            <PriceNote className="mt-6" lead="Prices:" />
          </div>
        </section>
      )}

      <TechnologyBlock />
      <ApplicationsBlock />
      <SalesCallToAction phone={phone} />
    </>
  );
}
