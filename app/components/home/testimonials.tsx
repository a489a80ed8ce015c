import type { Testimonial } from "../../../shared/content/testimonial";
import { STAR_MAX } from "../../../shared/schemas/defaults";
import { StarIcon } from "../icons";
import { starRating } from "../products/rating-stars";
import { ResponsiveImage } from "../responsive-image";
import { HeadedSection } from "../section-heading";

/** At most this many testimonials on the home page (SPEC §9). */
export const MAX_TESTIMONIALS = 3;

const NO_TESTIMONIALS = "No testimonials available at the moment.";

export type TestimonialItem = Pick<Testimonial, "_id" | "name" | "designation" | "feedback" | "image" | "star">;

function Stars({ rating }: { rating: number }) {
  return (
    <p role="img" aria-label={`Rated ${rating} out of ${STAR_MAX}`} className="flex gap-0.5 text-accent-500">
      {Array.from({ length: STAR_MAX }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of five stars
        <StarIcon key={i} filled={i < rating} className={`h-5 w-5 ${i < rating ? "" : "text-slate-300"}`} />
      ))}
    </p>
  );
}

function QuoteMark() {
  return (
    <svg viewBox="0 0 32 32" className="h-8 w-8 text-brand-100" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M4 18c0-6 3-10 9-12l1 3c-3 1.3-4.6 3.3-5 6h5v9H4v-6Zm14 0c0-6 3-10 9-12l1 3c-3 1.3-4.6 3.3-5 6h5v9H18v-6Z" />
    </svg>
  );
}

/** One customer's quote with their stars (when rated), photo, name and designation: the home page and product pages. */
function TestimonialFigure({ item }: { item: TestimonialItem }) {
  const rating = starRating(item.star);
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-4">
        <QuoteMark />
        {rating !== null && <Stars rating={rating} />}
      </div>
      <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
        <p>{item.feedback}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4 border-t border-slate-100 pt-5">
        <ResponsiveImage
          src={item.image}
          alt=""
          sizes="56px"
          className="h-14 w-14 shrink-0 rounded-full bg-brand-50 object-cover"
        />
        <div>
          <p className="font-semibold text-slate-900">{item.name}</p>
          {item.designation && <p className="text-sm text-slate-600">{item.designation}</p>}
        </div>
      </figcaption>
    </figure>
  );
}

/** Customer quotes in a grid of up to three columns: the home page's testimonials, a product page's reviews. */
export function TestimonialList({
  items,
  className,
  itemTestId,
}: {
  items: TestimonialItem[];
  className: string;
  itemTestId: string;
}) {
  return (
    <ul className={`${className} grid gap-6 md:grid-cols-2 lg:grid-cols-3`}>
      {items.map((t) => (
        <li key={t._id} data-testid={itemTestId}>
          <TestimonialFigure item={t} />
        </li>
      ))}
    </ul>
  );
}

/** Up to three customer quotes, or the empty-state line when there are none. */
export function Testimonials({ items }: { items: TestimonialItem[] }) {
  const shown = items.slice(0, MAX_TESTIMONIALS);
  return (
    <HeadedSection
      id="testimonials-title"
      eyebrow="Testimonials"
      title="What our customers say"
      className="bg-slate-50 py-16 sm:py-20"
      headingClassName="mx-auto max-w-2xl text-center"
    >
      {shown.length === 0 ? (
        <p className="mx-auto mt-10 max-w-xl rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">
          {NO_TESTIMONIALS}
        </p>
      ) : (
        <TestimonialList items={shown} className="mt-10" itemTestId="testimonial" />
      )}
    </HeadedSection>
  );
}
