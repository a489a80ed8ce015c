import { useRouteLoaderData } from "react-router";
import { readList, readProducts } from "../../server/content/public-reads";
import { bannerContent } from "../../shared/content/banner";
import { industrialContent } from "../../shared/content/industrial";
import { testimonialContent } from "../../shared/content/testimonial";
import { DEFAULT_SITE_SETTINGS } from "../../shared/schemas/defaults";
import { FeatureCards } from "../components/home/feature-cards";
import { FeaturedProducts, HOME_FEATURED_LIMIT, toFeaturedCard } from "../components/home/featured-products";
import { HeroBanner } from "../components/home/hero-banner";
import { IndustrialFeature } from "../components/home/industrial-feature";
import { QuoteBand } from "../components/home/quote-band";
import { SpecTable } from "../components/home/spec-table";
import { MAX_TESTIMONIALS, Testimonials } from "../components/home/testimonials";
import { orFallback } from "../lib/read-with-fallback.server";
import { pageMeta, SITE_LAYOUT_ID, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/home";
import type { loader as siteLayoutLoader } from "./site-layout";

const HOME_DESCRIPTION =
  "Industrial air compressors, dryers and air treatment, designed, built and serviced in Salem, Tamil Nadu.";

/**
 * Banners, the first industrial item, the featured products and the first three testimonials; a failed read
 * shows that part's fallback.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [banners, industrials, featured, testimonials] = await Promise.all([
    orFallback("banners", () => readList(context.app, bannerContent), []),
    orFallback("industrial content", () => readList(context.app, industrialContent), []),
    orFallback(
      "featured products",
      () => readProducts(context.app, { featured: true, page: 1, limit: HOME_FEATURED_LIMIT }),
      null,
    ),
    orFallback("testimonials", () => readList(context.app, testimonialContent), []),
  ]);
  const first = industrials.value[0];
  return {
    banners: banners.value.map(({ _id, title, description, image, imageAlt, imageDecorative }) => ({
      _id,
      title,
      description,
      image,
      imageAlt,
      imageDecorative,
    })),
    industrial: first
      ? {
          title: first.title,
          description: first.description,
          image: first.image,
          imageAlt: first.imageAlt,
          imageDecorative: first.imageDecorative,
        }
      : null,
    featured: (featured.value?.data ?? []).map(toFeaturedCard),
    testimonials: testimonials.value
      .slice(0, MAX_TESTIMONIALS)
      .map(({ _id, name, designation, feedback, image, star }) => ({ _id, name, designation, feedback, image, star })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    description: HOME_DESCRIPTION,
    path: "/",
    image: loaderData?.banners[0]?.image || undefined,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof siteLayoutLoader>(SITE_LAYOUT_ID);
  const settings = layout?.site.settings ?? DEFAULT_SITE_SETTINGS;
  const { banners, industrial, featured, testimonials } = loaderData;
  return (
    <>
      <HeroBanner banners={banners} companyName={settings.companyName} tagline={settings.tagline} />
      {industrial && (industrial.title || industrial.description || industrial.image) && <IndustrialFeature item={industrial} />}
      <FeaturedProducts cards={featured} />
      <FeatureCards />
      {settings.homeSpecifications.length > 0 && <SpecTable rows={settings.homeSpecifications} />}
      <Testimonials items={testimonials} />
      <QuoteBand phone={settings.phones[0]} />
    </>
  );
}
