import { data, redirect, useRouteLoaderData } from "react-router";
import { readProduct, readProductReviews, readRelatedProducts } from "../../server/content/public-reads";
import { publicAlt } from "../../shared/content/alt-text";
import type { Product } from "../../shared/content/product";
import { categoryPath, datasheetPath, productPath } from "../../shared/lib/product-paths";
import { STAR_MAX } from "../../shared/schemas/defaults";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CardGrid } from "../components/card-grid";
import { CompareToggle } from "../components/compare/compare-toggle";
import { ProductGallery } from "../components/gallery/gallery";
import { type TestimonialItem, TestimonialList } from "../components/home/testimonials";
import { ArrowRightIcon, PhoneIcon } from "../components/icons";
import { Paragraphs } from "../components/paragraphs";
import { ProductDownloads } from "../components/products/downloads";
import { FeatureList } from "../components/products/feature-list";
import { KeyFiguresList } from "../components/products/key-figures";
import { CatalogueNotFound } from "../components/products/not-found-view";
import { PriceNote } from "../components/products/price-note";
import { ProductCard, type ProductSummary, toProductSummary } from "../components/products/product-card";
import { RatingStars, ratingText, reviewSummary } from "../components/products/rating-stars";
import { ShareLinks } from "../components/share-links/share-links";
import { SpecificationsTable } from "../components/specifications-table";
import { formatPrice, telHref } from "../lib/format";
import { orFallback } from "../lib/read-with-fallback.server";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  type Crumb,
  describe,
  pageMeta,
  SITE_LAYOUT_ID,
  type SiteInfo,
  siteInfoFrom,
} from "../lib/seo";
import type { Route } from "./+types/products.$category.$product";
import type { loader as siteLayoutLoader } from "./site-layout";

const PRODUCT_NOT_FOUND = "Product Not Found";
const PRODUCT_NOT_FOUND_TEXT = "The product you're looking for doesn't exist or has been removed.";
/** Other products of the same category shown under the product. */
const RELATED_MAX = 3;
/** Where the rating's "(2 reviews)" leads: the section with the testimonials about the product. */
const REVIEWS_ID = "reviews";

interface ProductPageData {
  product: Product | null;
  related: ProductSummary[];
  /** The testimonials about the product; the rated ones make its rating. */
  reviews: TestimonialItem[];
  failed: boolean;
}

/**
 * A product by slug (or id) that belongs to the category in the URL (by slug or id). Any URL other than
 * /products/{category-slug}/{product-slug} for an existing product redirects there permanently.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  // The related products are read beside the product (by the URL's slugs): one wait instead of two. They
  // are used only when the URL is the product's canonical one, whose slugs they match.
  const [read, others] = await Promise.all([
    orFallback("product", () => readProduct(context.app, params.product), null),
    orFallback(
      "related products",
      () => readRelatedProducts(context.app, params.category.toLowerCase(), params.product.toLowerCase(), RELATED_MAX),
      [],
    ),
  ]);
  const product = read.value;
  const category = product?.categoryId;
  const inCategory = category && (params.category === category._id || params.category.toLowerCase() === category.slug);
  if (!product || !category || !inCategory) {
    return data<ProductPageData>(
      { product: null, related: [], reviews: [], failed: read.failed },
      { status: read.failed ? 503 : 404 },
    );
  }
  const canonical = productPath(category.slug, product.slug);
  if (params.category !== category.slug || params.product !== product.slug) throw redirect(canonical, 301);
  const reviews = await orFallback("product reviews", () => readProductReviews(context.app, product._id), []);
  return data<ProductPageData>({
    product,
    related: others.value.map(toProductSummary),
    reviews: reviews.value.map(({ _id, name, designation, feedback, image, star }) => ({
      _id,
      name,
      designation,
      feedback,
      image,
      star,
    })),
    failed: false,
  });
}

const crumbsFor = (product: Product): Crumb[] => [
  { name: "Home", path: "/" },
  { name: "Products", path: "/products" },
  { name: product.categoryId.name, path: categoryPath(product.categoryId.slug) },
  { name: product.name, path: productPath(product.categoryId.slug, product.slug) },
];

const imagesOf = (product: Product): string[] => [product.mainImage, ...product.additionalImages].filter((src) => src !== "");
/** Their alt texts, in the same order ("" for one marked decorative: the gallery names it by the product). */
const imageAltsOf = (p: Product): string[] =>
  [
    { src: p.mainImage, alt: publicAlt({ alt: p.mainImageAlt, decorative: p.mainImageDecorative }, "") },
    ...p.additionalImages.map((src, i) => ({
      src,
      alt: publicAlt({ alt: p.additionalImagesAlt[i], decorative: p.additionalImagesDecorative[i] }, ""),
    })),
  ]
    .filter((x) => x.src !== "")
    .map((x) => x.alt);

/** schema.org Product: offers only with a price, aggregateRating only with rated testimonials about it. */
function productJsonLd(site: SiteInfo, product: Product, reviews: TestimonialItem[]): object {
  const rating = reviewSummary(reviews);
  const url = absoluteUrl(site, productPath(product.categoryId.slug, product.slug));
  const images = imagesOf(product).map((src) => absoluteUrl(site, src));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    name: product.name,
    description: product.shortDescription || describe(product.fullDescription),
    ...(images.length > 0 ? { image: images } : {}),
    sku: product.slug,
    url,
    category: product.categoryId.name,
    brand: { "@type": "Brand", name: site.settings.companyName },
    manufacturer: { "@id": `${site.siteUrl}/#organization` },
    ...(product.price !== null
      ? {
          offers: {
            "@type": "Offer",
            price: Math.round(product.price),
            priceCurrency: "INR",
            availability: "https://schema.org/InStock",
            url,
            seller: { "@id": `${site.siteUrl}/#organization` },
          },
        }
      : {}),
    ...(rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Number(ratingText(rating.average)), // as the page shows it: one decimal at most
            reviewCount: rating.count,
            bestRating: STAR_MAX,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const site = siteInfoFrom(matches);
  const product = loaderData?.product;
  if (!product) {
    return pageMeta(site, {
      title: PRODUCT_NOT_FOUND,
      description: PRODUCT_NOT_FOUND_TEXT,
      path: location.pathname,
      noIndex: true,
    });
  }
  const path = productPath(product.categoryId.slug, product.slug);
  return pageMeta(site, {
    title: product.name,
    description: describe(product.shortDescription || product.fullDescription),
    path,
    image: product.mainImage || undefined,
    type: "product",
    jsonLd: site ? [productJsonLd(site, product, loaderData.reviews), breadcrumbJsonLd(site, crumbsFor(product), path)] : [],
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof siteLayoutLoader>(SITE_LAYOUT_ID);
  const { product, related, reviews } = loaderData;
  if (!product) return <CatalogueNotFound title={PRODUCT_NOT_FOUND} text={PRODUCT_NOT_FOUND_TEXT} failed={loaderData.failed} />;

  const site = layout?.site;
  const path = productPath(product.categoryId.slug, product.slug);
  const pageUrl = site ? absoluteUrl(site, path) : path;
  const phone = site?.settings.phones[0]?.value;
  const crumbs = crumbsFor(product);
  const rating = reviewSummary(reviews);
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-12">
        <Breadcrumbs crumbs={crumbs} />
        <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
          <ProductGallery images={imagesOf(product)} alts={imageAltsOf(product)} name={product.name} />
          <div>
            <a
              href={categoryPath(product.categoryId.slug)}
              className="text-sm font-bold tracking-wide text-brand-500 uppercase hover:text-brand-700 hover:underline"
            >
              {product.categoryId.name}
            </a>
            <h1 className="mt-2 text-3xl leading-tight font-bold text-brand-700 sm:text-4xl">{product.name}</h1>
            {rating && (
              <div className="mt-3">
                <RatingStars rating={rating.average} reviewCount={rating.count} reviewsHref={`#${REVIEWS_ID}`} />
              </div>
            )}
            <p className="mt-5 text-3xl font-extrabold text-slate-900" data-product-price>
              {formatPrice(product.price)}
            </p>
            {product.price === null ? (
              <p className="mt-1 text-sm text-slate-600">Ask our sales team for a quotation.</p>
            ) : (
              <PriceNote className="mt-1" />
            )}
            <p className="mt-5 text-lg leading-relaxed text-slate-700">{product.shortDescription}</p>
            {/* One primary action (the quote form with this product); the others are outlined, smaller. */}
            <div className="mt-6 space-y-3" data-product-actions>
              <a
                href={`/quote?product=${encodeURIComponent(product.slug)}`}
                data-primary-action
                className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-accent-500 px-7 py-3 text-lg font-bold text-brand-900 shadow-sm hover:bg-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:w-auto"
              >
                Request a Quote
                <ArrowRightIcon className="h-5 w-5" />
              </a>
              <div className="flex flex-wrap gap-3">
                <a
                  href="/contact"
                  className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
                >
                  Contact Sales
                </a>
                {phone && (
                  <a
                    href={telHref(phone)}
                    className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    <PhoneIcon className="h-4 w-4" />
                    Call {phone}
                  </a>
                )}
              </div>
            </div>
            <div className="mt-4 flex flex-wrap items-start gap-3">
              <CompareToggle slug={product.slug} />
              <a
                href={datasheetPath(product.categoryId.slug, product.slug)}
                className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                Download datasheet <span className="font-normal text-slate-600">(PDF)</span>
              </a>
            </div>
            <KeyFiguresList figures={product} className="mt-8" />
            <ProductDownloads
              attachments={product.attachments}
              datasheetHref={datasheetPath(product.categoryId.slug, product.slug)}
              className="mt-8"
            />
            <div className="mt-8 border-t border-slate-200 pt-6">
              <ShareLinks url={pageUrl} title={product.name} summary={product.shortDescription} />
            </div>
          </div>
        </div>

        <section aria-labelledby="description-heading" className="mt-12 max-w-4xl">
          <h2 id="description-heading" className="text-2xl font-bold text-brand-700">
            Description
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
            <Paragraphs text={product.fullDescription} />
          </div>
        </section>

        {(product.features.length > 0 || product.specifications.length > 0) && (
          <div className="mt-12 grid gap-10 lg:grid-cols-2">
            {product.features.length > 0 && (
              <section aria-labelledby="features-heading">
                <h2 id="features-heading" className="text-2xl font-bold text-brand-700">
                  Key features
                </h2>
                <FeatureList
                  features={product.features.map((f) => ({ name: f.featureName, detail: f.featureValue }))}
                  look="product"
                  className="mt-4 space-y-3"
                />
              </section>
            )}
            {product.specifications.length > 0 && (
              <section aria-labelledby="specifications-heading">
                <h2 id="specifications-heading" className="text-2xl font-bold text-brand-700">
                  Specifications
                </h2>
                <SpecificationsTable
                  rows={product.specifications.map((s) => ({ label: s.specName, value: s.specValue }))}
                  caption={`Specifications of ${product.name}`}
                  valueHeading="Value"
                  className="mt-4 rounded-lg text-sm"
                />
              </section>
            )}
          </div>
        )}

        {reviews.length > 0 && (
          <section id={REVIEWS_ID} aria-labelledby="reviews-heading" className="mt-12 scroll-mt-24">
            <h2 id="reviews-heading" className="text-2xl font-bold text-brand-700">
              Customer reviews
            </h2>
            <TestimonialList items={reviews} className="mt-4" itemTestId="review" />
          </section>
        )}
      </div>

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="bg-slate-50">
          <div className="mx-auto max-w-7xl px-4 py-12">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="related-heading" className="text-2xl font-bold text-brand-700">
                More {product.categoryId.name}
              </h2>
              <a
                href={categoryPath(product.categoryId.slug)}
                className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                View all<span className="sr-only"> {product.categoryId.name}</span>
                <ArrowRightIcon className="h-4 w-4" />
              </a>
            </div>
            <CardGrid items={related} className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {(p) => <ProductCard product={p} />}
            </CardGrid>
          </div>
        </section>
      )}
    </>
  );
}
