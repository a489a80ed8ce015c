import type { Product } from "../../../shared/content/product";
import { PriceNote } from "../products/price-note";
import { type FigureCard, ProductCard, toFigureCard } from "../products/product-card";

/** At most this many featured products on the home page (the same number as the products landing page). */
export const HOME_FEATURED_LIMIT = 6;

/** Figures on a home card: the key ones (flow and pressure, or what the product has), so the cards stay short. */
const HOME_CARD_FIGURES = 2;

/** A featured product as the home page sends it: name, image, key figures, price and its page. */
export function toFeaturedCard(p: Product): FigureCard {
  const card = toFigureCard(p);
  return { ...card, specifications: [], figures: card.figures.slice(0, HOME_CARD_FIGURES) };
}

/**
 * The products staff marked "Featured product (shown on the home page)", after the industrial block; the
 * section is left out when none is featured.
 */
export function FeaturedProducts({ cards }: { cards: FigureCard[] }) {
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="featured-products-title" data-featured-products className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">Featured</p>
            <h2 id="featured-products-title" className="mt-2 text-3xl font-bold text-brand-700 sm:text-4xl">
              Featured products
            </h2>
          </div>
          <a href="/products" className="rounded-md px-1 py-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline">
            All products
          </a>
        </div>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <li key={card._id} className="flex">
              <ProductCard
                product={card}
                figures={card.figures}
                showCategory
                sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              />
            </li>
          ))}
        </ul>
        <PriceNote lead="Prices:" className="mt-6" />
      </div>
    </section>
  );
}
