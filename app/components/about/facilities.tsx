import { type ImageTexts, imageAltOf } from "../../../shared/content/alt-text";
import type { Facility } from "../../../shared/content/facility";
import { CheckList } from "../check-list";
import { Paragraphs } from "../paragraphs";
import { ResponsiveImage } from "../responsive-image";
import { HeadedSection } from "../section-heading";

/** A facility card lists this many features, then "+ N more" (SPEC §9). */
const FACILITY_CARD_FEATURES = 3;

export type FacilityItem = Pick<Facility, "_id" | "title" | "description" | "features" | "image"> & ImageTexts;

function moreLabel(hidden: number): string {
  return `+ ${hidden} more`;
}

function FeaturedFacility({ facility }: { facility: FacilityItem }) {
  return (
    <article
      data-testid="featured-facility"
      className="grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:grid-cols-5"
    >
      <ResponsiveImage
        src={facility.image}
        alt={imageAltOf(facility, facility.title)}
        sizes="(min-width: 1280px) 740px, (min-width: 1024px) 60vw, 100vw"
        className="aspect-[4/3] h-full w-full object-cover lg:col-span-3"
      />
      <div className="flex flex-col justify-center p-6 sm:p-10 lg:col-span-2">
        <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">Featured facility</p>
        <h3 className="mt-2 text-2xl font-bold text-brand-700 sm:text-3xl">{facility.title}</h3>
        <Paragraphs text={facility.description} className="mt-4 text-lg leading-relaxed text-slate-700" />
        {facility.features.length > 0 && (
          <CheckList items={facility.features} className="mt-6 space-y-3 text-slate-700" label={`${facility.title} features`} />
        )}
      </div>
    </article>
  );
}

function FacilityCard({ facility }: { facility: FacilityItem }) {
  const shown = facility.features.slice(0, FACILITY_CARD_FEATURES);
  const hidden = facility.features.length - shown.length;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <ResponsiveImage
        src={facility.image}
        alt={imageAltOf(facility, facility.title)}
        sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className="aspect-[3/2] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-bold text-brand-700">{facility.title}</h3>
        <Paragraphs text={facility.description} className="mt-3 leading-relaxed text-slate-700" />
        {shown.length > 0 && (
          <CheckList items={shown} className="mt-4 space-y-2 text-sm text-slate-700" small label={`${facility.title} features`}>
            {hidden > 0 && (
              <li className="pl-6 font-semibold text-brand-500" data-testid="more-features">
                {moreLabel(hidden)}
              </li>
            )}
          </CheckList>
        )}
      </div>
    </article>
  );
}

/** The first facility large, the others in a grid (only when there is more than one). */
export function Facilities({ facilities }: { facilities: readonly FacilityItem[] }) {
  const [featured, ...rest] = facilities;
  if (!featured) return null;
  return (
    <HeadedSection
      id="facilities-title"
      eyebrow="Where we work"
      title="Our Facilities"
      className="py-16 sm:py-20"
      headingClassName="max-w-2xl"
    >
      <div className="mt-10">
        <FeaturedFacility facility={featured} />
      </div>
      {rest.length > 0 && (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="More facilities" data-testid="facility-grid">
          {rest.map((f) => (
            <li key={f._id}>
              <FacilityCard facility={f} />
            </li>
          ))}
        </ul>
      )}
    </HeadedSection>
  );
}
