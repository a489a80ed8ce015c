import { STAR_MAX } from "../../../shared/schemas/defaults";
import { reviewsLabel } from "../../lib/format";
import { StarIcon } from "../icons";

const STARS = Array.from({ length: STAR_MAX }, (_, i) => i + 1);

/** A testimonial's stars as a whole number from 1 to 5, or null when it is not rated. */
export function starRating(star: string | null): number | null {
  if (star === null || star.trim() === "") return null;
  const n = Number(star);
  return Number.isInteger(n) && n >= 1 && n <= STAR_MAX ? n : null;
}

/** A product's rating: the average and number of the rated testimonials about it; null when none is rated. */
export function reviewSummary(reviews: readonly { star: string | null }[]): { average: number; count: number } | null {
  const stars = reviews.map((r) => starRating(r.star)).filter((n) => n !== null);
  if (stars.length === 0) return null;
  return { average: stars.reduce((sum, n) => sum + n, 0) / stars.length, count: stars.length };
}

/** The rating rounded to the nearest half star, within 0–5. */
export function roundToHalf(rating: number): number {
  return Math.min(STAR_MAX, Math.max(0, Math.round(rating * 2) / 2));
}

/** "4.5", "4" — one decimal at most. */
export function ratingText(rating: number): string {
  return String(Math.round(Math.min(STAR_MAX, Math.max(0, rating)) * 10) / 10);
}

/**
 * Five stars filled to the rating (halves included), with the rating as text for assistive technology, and
 * the number of reviews linking to them (`reviewsHref`).
 */
export function RatingStars({ rating, reviewCount, reviewsHref }: { rating: number; reviewCount: number; reviewsHref: string }) {
  const shown = roundToHalf(rating);
  return (
    <div className="flex flex-wrap items-center gap-2" data-rating={shown}>
      <span role="img" aria-label={`Rated ${ratingText(rating)} out of ${STAR_MAX}`} className="flex text-accent-500">
        {STARS.map((n) => {
          const fill = Math.min(1, Math.max(0, shown - (n - 1))); // 1, 0.5 or 0
          return (
            <span
              key={n}
              className="relative inline-block h-5 w-5"
              data-star={fill === 1 ? "full" : fill === 0.5 ? "half" : "empty"}
            >
              <StarIcon filled={false} className="absolute inset-0 h-5 w-5 text-slate-300" />
              {fill > 0 && (
                <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                  <StarIcon filled className="h-5 w-5" />
                </span>
              )}
            </span>
          );
        })}
      </span>
      <span aria-hidden="true" className="text-sm font-semibold text-slate-800">
        {ratingText(rating)}
      </span>
      <a href={reviewsHref} className="text-sm text-slate-600 underline-offset-2 hover:text-brand-700 hover:underline">
        {reviewsLabel(reviewCount)}
      </a>
    </div>
  );
}
