/** Public URLs of the catalogue: slugs, never ids. */

export function categoryPath(categorySlug: string, query?: { page?: number; type?: string }): string {
  const params = new URLSearchParams();
  if (query?.type) params.set("type", query.type);
  if (query?.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/products/${categorySlug}${search ? `?${search}` : ""}`;
}

export function productPath(categorySlug: string, productSlug: string): string {
  return `/products/${categorySlug}/${productSlug}`;
}

/** A product's PDF datasheet, beside its page (app/routes/products.$category.$product.datasheet.ts). */
export function datasheetPath(categorySlug: string, productSlug: string): string {
  return `${productPath(categorySlug, productSlug)}/datasheet.pdf`;
}

/** Products per category page. */
export const PRODUCTS_PER_PAGE = 24;
/** Specifications shown on a product card (SPEC §9). */
export const CARD_SPECIFICATIONS = 3;
/** Features shown on a category card (SPEC §9). */
export const CARD_FEATURES = 4;
