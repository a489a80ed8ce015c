import { reviewsLabel } from "../../lib/format";
import { StarIcon } from "../icons";

const STAR_COUNT = 5;
const STARS = [1, 2, 3, 4, 5] as const;

/** The rating rounded to the nearest half star, within 0–5. */
export function roundToHalf(rating: number): number {
  return Math.min(STAR_COUNT, Math.max(0, Math.round(rating * 2) / 2));
}

/** "4.5", "4" — one decimal at most. */
export function ratingText(rating: number): string {
  return String(Math.round(Math.min(STAR_COUNT, Math.max(0, rating)) * 10) / 10);
}

/** Five stars filled to the rating (halves included), with the rating as text for assistive technology. */
export function RatingStars({ rating, reviewCount }: { rating: number; reviewCount: number | null }) {
  const shown = roundToHalf(rating);
  return (
    <div className="flex flex-wrap items-center gap-2" data-rating={shown}>
      <span role="img" aria-label={`Rated ${ratingText(rating)} out of ${STAR_COUNT}`} className="flex text-accent-500">
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
      {reviewCount !== null && <span className="text-sm text-slate-600">{reviewsLabel(reviewCount)}</span>}
    </div>
  );
}
