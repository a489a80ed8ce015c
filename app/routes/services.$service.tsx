import { data, redirect, useRouteLoaderData } from "react-router";
import { readList, readOne } from "../../server/content/public-reads";
import { imageAltOf } from "../../shared/content/alt-text";
import type { Service } from "../../shared/content/service";
import { serviceContent } from "../../shared/content/service";
import { Breadcrumbs } from "../components/breadcrumbs";
import { CardGrid } from "../components/card-grid";
import { CheckList } from "../components/check-list";
import { ArrowRightIcon, PhoneIcon } from "../components/icons";
import { Paragraphs } from "../components/paragraphs";
import { ResponsiveImage } from "../components/responsive-image";
import { ServiceQuoteLink } from "../components/services/quote-link";
import { ServiceCard, serviceHref } from "../components/services/service-card";
import { ServiceNotFound } from "../components/services/service-not-found";
import { OTHER_SERVICES_MAX, SERVICE_FAILED, SERVICE_NOT_FOUND } from "../components/services/texts";
import { splitDetails, telHref } from "../lib/format";
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
import type { Route } from "./+types/services.$service";

/** A service by slug (or by id, which redirects to the slug URL), with up to 3 other services. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { value, failed } = await orFallback(
    "service",
    async () => {
      const service = await readOne(context.app, serviceContent, params.service);
      if (!service) return null;
      const others = (await readList(context.app, serviceContent))
        .filter((s) => s._id !== service._id)
        .slice(0, OTHER_SERVICES_MAX);
      return { service, others };
    },
    null,
  );
  if (!value) {
    return data({ service: null, others: [] as Service[], failed }, { status: failed ? 503 : 404 });
  }
  // Old links by id (and differently cased slugs) move permanently to the one canonical URL.
  if (params.service !== value.service.slug) throw redirect(serviceHref(value.service), 301);
  return data({ service: value.service as Service | null, others: value.others, failed: false });
}

const crumbsFor = (service: Service): Crumb[] => [
  { name: "Home", path: "/" },
  { name: "Services", path: "/services" },
  { name: service.title },
];

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const site = siteInfoFrom(matches);
  const service = loaderData?.service;
  if (!service) {
    return pageMeta(site, {
      title: SERVICE_NOT_FOUND,
      description: "The service you're looking for doesn't exist or has been removed.",
      path: location.pathname,
      noIndex: true,
    });
  }
  const path = serviceHref(service);
  return pageMeta(site, {
    title: service.title,
    description: describe(service.description),
    path,
    image: service.image || undefined,
    jsonLd: site ? [serviceJsonLd(site, service, path), breadcrumbJsonLd(site, crumbsFor(service), path)] : [],
  });
}

function serviceJsonLd(site: SiteInfo, service: Service, path: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    serviceType: service.title,
    description: service.description,
    url: absoluteUrl(site, path),
    ...(service.image ? { image: absoluteUrl(site, service.image) } : {}),
    provider: { "@id": `${site.siteUrl}/#organization` },
    areaServed: { "@type": "Country", name: "India" },
  };
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, others, failed } = loaderData;
  const layout = useRouteLoaderData(SITE_LAYOUT_ID) as { site: SiteInfo } | undefined;
  if (!service) return <ServiceNotFound failedMessage={failed ? SERVICE_FAILED : undefined} />;

  const phone = layout?.site.settings.phones[0]?.value;
  const details = splitDetails(service.details);
  return (
    <>
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-3">
          <Breadcrumbs crumbs={crumbsFor(service)} />
        </div>
      </div>

      <article>
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:py-14 lg:grid-cols-2 lg:gap-12">
          <div>
            <p className="text-sm font-semibold tracking-wider text-brand-500 uppercase">Our services</p>
            <h1 className="mt-2 text-3xl leading-tight font-bold text-brand-700 sm:text-4xl">{service.title}</h1>
            <Paragraphs text={service.description} className="mt-4 text-lg leading-relaxed text-slate-700" />
            <div className="mt-8 flex flex-wrap gap-3">
              <a
                href={`/contact?service=${encodeURIComponent(service.slug)}`}
                className="inline-flex items-center gap-2 rounded-md bg-accent-500 px-5 py-3 font-semibold text-brand-900 hover:bg-accent-600"
              >
                Request Service
                <ArrowRightIcon className="h-4 w-4" />
              </a>
              <ServiceQuoteLink
                serviceTitle={service.title}
                className="inline-flex items-center gap-2 rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
              />
              {phone && (
                <a
                  href={telHref(phone)}
                  className="inline-flex items-center gap-2 rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
                >
                  <PhoneIcon className="h-4 w-4" />
                  Call Now
                  <span className="sr-only">: {phone}</span>
                </a>
              )}
            </div>
          </div>
          <div className="overflow-hidden rounded-lg bg-brand-50 shadow-md">
            <ResponsiveImage
              src={service.image}
              alt={imageAltOf(service, service.title)}
              sizes="(min-width: 1280px) 608px, (min-width: 1024px) 50vw, 100vw"
              priority
              className="aspect-[3/2] h-auto w-full object-cover"
            />
          </div>
        </div>

        <div className="mx-auto grid max-w-7xl gap-8 px-4 lg:grid-cols-3">
          <section aria-labelledby="service-details" className="lg:col-span-2">
            <h2 id="service-details" className="text-2xl font-bold text-brand-700">
              What the service includes
            </h2>
            <ul className="mt-5 space-y-3" data-testid="service-details">
              {details.map((line) => (
                <li key={line} className="flex gap-3 text-slate-700">
                  <span aria-hidden="true" className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-accent-600" />
                  <span>{line}</span>
                </li>
              ))}
            </ul>
          </section>
          {service.benefits.length > 0 && (
            <section aria-labelledby="service-benefits" className="self-start rounded-lg border border-brand-100 bg-brand-50 p-6">
              <h2 id="service-benefits" className="text-xl font-bold text-brand-700">
                Benefits
              </h2>
              <CheckList items={service.benefits} className="mt-4 space-y-3 text-slate-800" testId="service-benefits" />
            </section>
          )}
        </div>
      </article>

      {others.length > 0 && (
        <section aria-labelledby="other-services" className="mx-auto max-w-7xl px-4 pt-14 sm:pt-16">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="other-services" className="text-2xl font-bold text-brand-700">
              Other Services
            </h2>
            <a
              href="/services"
              className="rounded font-semibold text-brand-500 underline-offset-4 hover:text-brand-700 hover:underline"
            >
              All services
            </a>
          </div>
          <CardGrid items={others} className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" testId="other-services">
            {(s) => <ServiceCard service={s} />}
          </CardGrid>
        </section>
      )}
    </>
  );
}
