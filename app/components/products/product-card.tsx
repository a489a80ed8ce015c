import type { Product } from "../../../shared/content/product";
import { choiceLabel, formatFigureValue } from "../../../shared/content/product-figures";
import type { FinderUnits } from "../../../shared/content/product-finder";
import { CARD_SPECIFICATIONS, productPath } from "../../../shared/lib/product-paths";
import { formatPrice } from "../../lib/format";
import { CardMore, CardPicture } from "../card-parts";
import { CompareToggle } from "../compare/compare-toggle";

/** What a product card needs; loaders send only these fields. */
export type ProductSummary = Pick<Product, "_id" | "name" | "slug" | "shortDescription" | "price" | "mainImage"> & {
  categorySlug: string;
  categoryName: string;
  /** The first CARD_SPECIFICATIONS specifications. */
  specifications: Product["specifications"];
};

export function toProductSummary(p: Product): ProductSummary {
  return {
    _id: p._id,
    name: p.name,
    slug: p.slug,
    shortDescription: p.shortDescription,
    price: p.price,
    mainImage: p.mainImage,
    categorySlug: p.categoryId.slug,
    categoryName: p.categoryId.name,
    specifications: p.specifications.slice(0, CARD_SPECIFICATIONS),
  };
}

/** The key figures a card shows instead of specifications (finder, sizing), in the visitor's units or canonical. */
function cardFigures(p: Product, units?: FinderUnits): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  if (p.freeAirDelivery)
    lines.push({ label: "Free air delivery", value: formatFigureValue("freeAirDelivery", p.freeAirDelivery, units?.flow) });
  if (p.maxPressure !== null)
    lines.push({ label: "Max. pressure", value: formatFigureValue("maxPressure", p.maxPressure, units?.pressure) });
  if (p.motorPower !== null)
    lines.push({ label: "Motor power", value: formatFigureValue("motorPower", p.motorPower, units?.power) });
  const type = choiceLabel("compressorType", p.compressorType);
  if (type) lines.push({ label: "Type", value: type });
  return lines;
}

/** A card with key figures instead of specifications (the finder's and the sizing calculator's). */
export type FigureCard = ProductSummary & { figures: { label: string; value: string }[]; bestFit?: boolean };

export function toFigureCard(p: Product, units?: FinderUnits): FigureCard {
  return { ...toProductSummary(p), figures: cardFigures(p, units) };
}

/** Figure cards in a grid, each with its category and a Compare toggle. `sizes` follows the grid's width. */
export function FigureCardGrid({ cards, sizes, className = "" }: { cards: FigureCard[]; sizes: string; className?: string }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 xl:grid-cols-3 ${className}`.trim()}>
      {cards.map((card) => (
        <li key={card._id} className="flex">
          <ProductCard product={card} figures={card.figures} comparable showCategory sizes={sizes} bestFit={card.bestFit} />
        </li>
      ))}
    </ul>
  );
}

interface ProductCardProps {
  product: ProductSummary;
  /** The card title's heading level, so the page outline stays in order. */
  headingLevel?: 2 | 3;
  showCategory?: boolean;
  showSpecifications?: boolean;
  /** Key figures to show instead of the first specifications (the finder's, in the visitor's units). */
  figures?: { label: string; value: string }[];
  /** A "Compare" toggle under the price (the finder's cards). */
  comparable?: boolean;
  sizes?: string;
  /** Marked "Best fit" (the finder's first machine for the flow asked). */
  bestFit?: boolean;
}

/** A product in a grid: picture, name, short description, first specifications, price. The whole card is the link. */
export function ProductCard({
  product,
  headingLevel = 3,
  showCategory = false,
  showSpecifications = true,
  figures,
  comparable = false,
  sizes = "(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw",
  bestFit = false,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const specs = figures
    ? figures.map((f) => ({ specName: f.label, specValue: f.value }))
    : product.specifications.slice(0, CARD_SPECIFICATIONS);
  return (
    <article
      data-product-card={product.slug}
      data-render-near
      className="group relative flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-lg"
    >
      <CardPicture src={product.mainImage} sizes={sizes} className="aspect-[4/3] overflow-hidden bg-slate-100" />
      <div className="flex flex-1 flex-col p-5">
        {bestFit && (
          <p className="mb-2 self-start rounded-full bg-accent-500 px-3 py-0.5 text-xs font-bold text-brand-900" data-best-fit>
            Best fit
          </p>
        )}
        {showCategory && <p className="text-xs font-semibold tracking-wide text-brand-500 uppercase">{product.categoryName}</p>}
        <Heading className="mt-1 text-lg leading-snug font-bold text-brand-700">
          <a
            href={productPath(product.categorySlug, product.slug)}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none"
          >
            {product.name}
          </a>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{product.shortDescription}</p>
        {showSpecifications && specs.length > 0 && (
          <dl className="mt-4 text-sm">
            {specs.map((s) => (
              <div
                key={s.specName}
                data-spec
                className="flex items-baseline justify-between gap-3 border-t border-slate-100 py-1.5 first:border-t-0"
              >
                <dt className="text-slate-600">{s.specName}</dt>
                <dd className="text-right font-semibold text-slate-800">{s.specValue}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4">
          <p className="text-lg font-bold text-slate-900" data-price>
            {formatPrice(product.price)}
          </p>
          <CardMore label="View details" />
        </div>
        {comparable && <CompareToggle slug={product.slug} className="mt-3" />}
      </div>
    </article>
  );
}
