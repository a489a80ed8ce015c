/** How many results a site search found, over all its kinds (products, categories, services, questions). */
export function resultCount(r: { products: unknown[]; categories: unknown[]; services: unknown[]; faqs: unknown[] }): number {
  return r.products.length + r.categories.length + r.services.length + r.faqs.length;
}
