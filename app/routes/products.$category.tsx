import { data, redirect, useRouteLoaderData } from "react-router";
import { readCategory, readProducts } from "../../server/content/public-reads";
import { imageAltOf } from "../../shared/content/alt-text";
import type { Category } from "../../shared/content/category";
import { categoryPath, PRODUCTS_PER_PAGE } from "../../shared/lib/product-paths";
import { slugify } from "../../shared/lib/slug";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CardGrid } from "../components/card-grid";
import { Paragraphs } from "../components/paragraphs";
import { productCountLabel } from "../components/products/category-card";
import { FeatureList } from "../components/products/feature-list";
import { SalesCallToAction } from "../components/products/landing-sections";
import { CatalogueNotFound } from "../components/products/not-found-view";
import { Pagination } from "../components/products/pagination";
import { PriceNote } from "../components/products/price-note";
import { ProductCard, type ProductSummary, toProductSummary } from "../components/products/product-card";
import { ResponsiveImage } from "../components/responsive-image";
import { orFallback } from "../lib/read-with-fallback.server";
import { breadcrumbJsonLd, type Crumb, describe, pageMeta, SITE_LAYOUT_ID, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/products.$category";
import type { loader as siteLayoutLoader } from "./site-layout";

const NO_PRODUCTS = "No products found in this category.";
const CATEGORY_NOT_FOUND = "Category Not Found";
const CATEGORY_NOT_FOUND_TEXT = "The category you're looking for doesn't exist or has been removed.";

type CategoryView = Pick<
  Category,
  "_id" | "name" | "slug" | "description" | "image" | "imageAlt" | "imageDecorative" | "features" | "productCount"
> & {
  /** Subcategories as filter links: ?type={slug}. */
  types: { name: string; slug: string }[];
};

interface CategoryPageData {
  category: CategoryView | null;
  failed: boolean;
  products: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** The subcategory filter in use (its slug), or null for all. */
  type: string | null;
}

const notFound = (failed: boolean) =>
  data<CategoryPageData>(
    { category: null, failed, products: [], total: 0, page: 1, pageCount: 1, type: null },
    { status: failed ? 503 : 404 },
  );

/**
 * A category by slug (an id or differently written slug redirects to the slug URL, query kept), its
 * products 24 to a page (?page=N), optionally only one subcategory (?type={subcategory slug}).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const read = await orFallback("category", () => readCategory(context.app, params.category), null);
  const category = read.value;
  if (!category) return notFound(read.failed);
  if (params.category !== category.slug) throw redirect(`/products/${category.slug}${url.search}`, 301);

  const types = category.subcategories.map((s) => ({ _id: s._id, name: s.name, slug: slugify(s.name) }));
  const typeParam = url.searchParams.get("type");
  const type = typeParam ? types.find((t) => t.slug === typeParam.toLowerCase()) : undefined;
  const pageParam = url.searchParams.get("page");
  const page = pageParam === null ? 1 : /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : Number.NaN;
  // One URL per listing: unknown filters and malformed or first-page numbers go to the clean URL.
  if ((typeParam !== null && type?.slug !== typeParam) || (pageParam !== null && !(page > 1))) {
    throw redirect(categoryPath(category.slug, { type: type?.slug, page: page > 1 ? page : undefined }), 301);
  }

  const listed = await orFallback(
    "category products",
    () => readProducts(context.app, { categoryId: category._id, subcategoryId: type?._id, page, limit: PRODUCTS_PER_PAGE }),
    null,
  );
  const total = listed.value?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  // A page past the end (products were removed since the link was made) shows the last page.
  if (page > pageCount && !listed.failed) throw redirect(categoryPath(category.slug, { type: type?.slug, page: pageCount }), 302);

  return data<CategoryPageData>({
    category: {
      _id: category._id,
      name: category.name,
      slug: category.slug,
      description: category.description,
      image: category.image,
      imageAlt: category.imageAlt,
      imageDecorative: category.imageDecorative,
      features: category.features,
      productCount: category.productCount,
      types: types.map(({ name, slug }) => ({ name, slug })),
    },
    failed: false,
    products: (listed.value?.data ?? []).map(toProductSummary),
    total,
    page,
    pageCount,
    type: type?.slug ?? null,
  });
}

const crumbsFor = (category: { name: string; slug: string }): Crumb[] => [
  { name: "Home", path: "/" },
  { name: "Products", path: "/products" },
  { name: category.name, path: categoryPath(category.slug) },
];

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const site = siteInfoFrom(matches);
  const category = loaderData?.category;
  if (!loaderData || !category) {
    return pageMeta(site, {
      title: CATEGORY_NOT_FOUND,
      description: CATEGORY_NOT_FOUND_TEXT,
      path: location.pathname,
      noIndex: true,
    });
  }
  const path = categoryPath(category.slug, { type: loaderData.type ?? undefined, page: loaderData.page });
  const typeName = category.types.find((t) => t.slug === loaderData.type)?.name;
  const title = [typeName ? `${category.name}: ${typeName}` : category.name, loaderData.page > 1 ? `Page ${loaderData.page}` : ""]
    .filter(Boolean)
    .join(" – ");
  const company = site?.settings.companyName ?? "Pneuma Air Systems";
  return pageMeta(site, {
    title,
    description: describe(category.description || `${category.name} from ${company}, Salem.`),
    path,
    image: category.image || undefined,
    jsonLd: site ? [breadcrumbJsonLd(site, crumbsFor(category), path)] : [],
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof siteLayoutLoader>(SITE_LAYOUT_ID);
  const { category, products, page, pageCount, total, type } = loaderData;
  if (!category) {
    return <CatalogueNotFound title={CATEGORY_NOT_FOUND} text={CATEGORY_NOT_FOUND_TEXT} failed={loaderData.failed} />;
  }
  const crumbs = crumbsFor(category);
  return (
    <>
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 pt-6 pb-10">
          <Breadcrumbs crumbs={crumbs} />
          <div className="mt-6 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]">
            <div>
              <p className="text-sm font-bold tracking-wide text-brand-500 uppercase">
                {productCountLabel(category.productCount)}
              </p>
              <h1 className="mt-2 text-3xl font-bold text-brand-700 sm:text-4xl">{category.name}</h1>
              <Paragraphs text={category.description} className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700" />
              {category.features.length > 0 && (
                <FeatureList
                  features={category.features.map((f) => ({ name: f.name, detail: f.description }))}
                  look="category"
                  className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-2"
                />
              )}
            </div>
            {category.image && (
              // Wide screens only, so not preloaded: a phone would fetch a picture it never shows.
              <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm lg:block">
                <ResponsiveImage
                  src={category.image}
                  alt={imageAltOf(category, "")}
                  sizes="416px"
                  className="aspect-[4/3] h-auto w-full object-cover"
                />
              </div>
            )}
          </div>
        </div>
      </div>

      <section aria-labelledby="category-products-heading" className="mx-auto max-w-7xl px-4 py-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="category-products-heading" className="text-2xl font-bold text-brand-700">
            {category.types.find((t) => t.slug === type)?.name ?? "All products"}
            <span className="ml-2 text-base font-normal text-slate-600">({total})</span>
          </h2>
          {category.types.length > 0 && (
            <nav aria-label="Filter by type">
              <ul className="flex flex-wrap gap-2">
                {[{ name: "All", slug: null as string | null }, ...category.types].map((t) => {
                  const active = t.slug === type;
                  return (
                    <li key={t.slug ?? "all"}>
                      <a
                        href={categoryPath(category.slug, { type: t.slug ?? undefined })}
                        aria-current={active ? "page" : undefined}
                        className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold ${active ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700"}`}
                      >
                        {t.name}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
        </div>
        {products.length === 0 ? (
          <p className="mt-8 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-10 text-center text-slate-600">
            {NO_PRODUCTS}
          </p>
        ) : (
          <>
            <CardGrid items={products} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {(p) => <ProductCard product={p} comparable />}
            </CardGrid>
            {/* Once for every price on the cards above. */}
            <PriceNote className="mt-6" lead="Prices:" />
          </>
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          href={(n) => categoryPath(category.slug, { type: type ?? undefined, page: n })}
        />
      </section>
      <SalesCallToAction phone={layout?.site.settings.phones[0]?.value} />
    </>
  );
}
