import { readList } from "../../server/content/public-reads";
import type { Service } from "../../shared/content/service";
import { serviceContent } from "../../shared/content/service";
import { CardGrid } from "../components/card-grid";
import { ArrowRightIcon } from "../components/icons";
import { PageHero } from "../components/page-hero";
import { ServiceQuoteLink } from "../components/services/quote-link";
import { ServiceCard } from "../components/services/service-card";
import { SERVICES_EMPTY, SERVICES_FAILED } from "../components/services/texts";
import { WhyChooseUs } from "../components/services/why-choose-us";
import { orFallback } from "../lib/read-with-fallback.server";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/services";

export async function loader({ context }: Route.LoaderArgs) {
  const { value, failed } = await orFallback("services", () => readList(context.app, serviceContent), [] as Service[]);
  return { services: value, failed };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Services",
    description:
      "Installation, annual maintenance contracts, 24-hour breakdown repair, energy audits, spares and compressor rental from Pneuma's service team in Salem.",
    path: "/services",
  });
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { services, failed } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Service & support"
        title="Our Services"
        intro="From the first site survey to the hundredth maintenance visit, our own engineers install, service, repair and audit compressed air systems of every make."
      >
        <a
          href="/contact"
          className="inline-flex items-center gap-2 rounded-md bg-accent-500 px-5 py-3 font-semibold text-brand-900 hover:bg-accent-600"
        >
          Request a service visit
          <ArrowRightIcon className="h-4 w-4" />
        </a>
        <ServiceQuoteLink className="inline-flex items-center gap-2 rounded-md border-2 border-white px-5 py-2.5 font-semibold text-white hover:bg-white hover:text-brand-900" />
      </PageHero>

      <section aria-labelledby="our-services" className="mx-auto max-w-7xl px-4 py-14 sm:py-16">
        <h2 id="our-services" className="text-2xl font-bold text-brand-700 sm:text-3xl">
          What we do
        </h2>
        {services.length === 0 ? (
          <p
            role={failed ? "alert" : undefined}
            className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-8 text-center text-slate-700"
          >
            {failed ? SERVICES_FAILED : SERVICES_EMPTY}
          </p>
        ) : (
          <CardGrid items={services} className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {(s) => <ServiceCard service={s} />}
          </CardGrid>
        )}
      </section>

      <WhyChooseUs />

      <section className="mx-auto max-w-7xl px-4 pt-14 sm:pt-16" aria-labelledby="services-cta">
        <div className="flex flex-col items-start gap-6 rounded-lg bg-brand-700 p-8 text-white sm:p-10 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 id="services-cta" className="text-2xl font-bold">
              Not sure which service you need?
            </h2>
            <p className="mt-2 max-w-2xl text-brand-100">
              Tell us about your compressors and how you use air. An engineer will call you back with advice and a quote.
            </p>
          </div>
          <a href="/contact" className="shrink-0 rounded-md bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
            Talk to an engineer
          </a>
        </div>
      </section>
    </>
  );
}
