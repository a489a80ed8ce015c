import type { Category } from "../../../shared/content/category";
import { CARD_FEATURES, categoryPath } from "../../../shared/lib/product-paths";
import { CardMore, CardPicture } from "../card-parts";
import { CheckIcon } from "../icons";

export type CategorySummary = Pick<Category, "_id" | "name" | "slug" | "description" | "image" | "features" | "productCount">;

export function toCategorySummary(c: Category): CategorySummary {
  return {
    _id: c._id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    image: c.image,
    features: c.features.slice(0, CARD_FEATURES).map((f) => ({ name: f.name })),
    productCount: c.productCount,
  };
}

export function productCountLabel(n: number): string {
  return `${n} ${n === 1 ? "product" : "products"}`;
}

/** A category on the products landing page: picture, name, description, up to 4 features, product count. */
export function CategoryCard({ category }: { category: CategorySummary }) {
  const features = category.features.slice(0, CARD_FEATURES);
  return (
    <article
      data-category-card={category.slug}
      data-render-near
      className="group relative flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-lg"
    >
      <CardPicture
        src={category.image}
        sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
        className="relative aspect-[4/3] overflow-hidden bg-slate-100"
      >
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm">
          {productCountLabel(category.productCount)}
        </span>
      </CardPicture>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-xl font-bold text-brand-700">
          <a href={categoryPath(category.slug)} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
            {category.name}
          </a>
        </h3>
        {category.description && (
          <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{category.description}</p>
        )}
        {features.length > 0 && (
          <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
            {features.map((f) => (
              <li key={f.name} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-accent-600" />
                <span>{f.name}</span>
              </li>
            ))}
          </ul>
        )}
        <CardMore label="View products" className="mt-auto pt-5" />
      </div>
    </article>
  );
}
