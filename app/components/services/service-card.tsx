import type { Service } from "../../../shared/content/service";
import { CardMore, CardPicture } from "../card-parts";
import { CheckIcon } from "../icons";

/** Benefits shown on a card; the detail page lists them all. */
const CARD_BENEFITS = 3;

export const serviceHref = (service: Pick<Service, "slug">) => `/services/${service.slug}`;

/**
 * One service in the list: image, title, description, up to 3 benefits. The title's link covers the
 * whole card, so the card is one target and screen readers hear one link per service.
 */
export function ServiceCard({ service, headingLevel = 3 }: { service: Service; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const benefits = service.benefits.slice(0, CARD_BENEFITS);
  return (
    <article
      data-render-near
      className="group relative flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg"
    >
      <CardPicture
        src={service.image}
        sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
        className="aspect-[3/2] overflow-hidden bg-brand-50"
      />
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <Heading className="text-xl font-bold text-brand-700">
          <a
            href={serviceHref(service)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-500"
          >
            {service.title}
          </a>
        </Heading>
        <p className="mt-2 text-slate-600">{service.description}</p>
        {benefits.length > 0 && (
          <ul className="mt-4 space-y-2 text-sm text-slate-700">
            {benefits.map((b) => (
              <li key={b} className="flex gap-2">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-500" />
                <span>{b}</span>
              </li>
            ))}
          </ul>
        )}
        <CardMore label="View details" className="mt-auto pt-5" />
      </div>
    </article>
  );
}
