/**
 * The text a "Chat on WhatsApp" link starts the chat with: it names the product, or the page, the visitor
 * was looking at, with the page's address, so the sales desk knows what the question is about.
 */

/** A matched route as `useMatches()` (or a meta function's `matches`) gives it. */
export interface PageMatch {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

/** Titles of the public pages whose title does not come from their data (as their `meta` gives them). */
const PAGE_TITLES: Record<string, string> = {
  "routes/about": "About Us",
  "routes/products": "Products",
  "routes/services": "Services",
  "routes/contact": "Contact Us",
  "routes/quote": "Request a Quote",
  "routes/search": "Search",
};

const PRODUCT_ROUTE = "routes/products.$category.$product";
const CATEGORY_ROUTE = "routes/products.$category";
const SERVICE_ROUTE = "routes/services.$service";

type Named = { name?: unknown; title?: unknown };

function dataOf(match: PageMatch | undefined): Record<string, unknown> | null {
  const data = match?.loaderData ?? match?.data;
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** The product a page shows, or null on every other page (and on a product that was not found). */
function productName(matches: readonly PageMatch[]): string | null {
  const leaf = matches.at(-1);
  if (leaf?.id !== PRODUCT_ROUTE) return null;
  return text((dataOf(leaf)?.product as Named | null | undefined)?.name);
}

/** The page's title as the visitor sees it; the company name for the home page and anything unknown. */
export function pageTitle(matches: readonly PageMatch[], companyName: string): string {
  const leaf = matches.at(-1);
  const data = dataOf(leaf);
  switch (leaf?.id) {
    case CATEGORY_ROUTE: {
      const category = data?.category as (Named & { types?: { slug: string; name: string }[] }) | null | undefined;
      const name = text(category?.name);
      if (!name) break;
      const type = category?.types?.find((t) => t.slug === data?.type)?.name;
      return type ? `${name}: ${type}` : name;
    }
    case SERVICE_ROUTE:
      return text((data?.service as Named | null | undefined)?.title) ?? companyName;
    case PRODUCT_ROUTE:
      return productName(matches) ?? companyName;
  }
  return (leaf && PAGE_TITLES[leaf.id]) ?? companyName;
}

/** "Hello, I'm interested in {product} ({url})" on a product page, else "Hello, I have a question about {page} ({url})". */
export function whatsappMessage(matches: readonly PageMatch[], pageUrl: string | null, companyName: string): string {
  const product = productName(matches);
  const where = pageUrl ? ` (${pageUrl})` : "";
  if (product) return `Hello, I'm interested in ${product}${where}`;
  return `Hello, I have a question about ${pageTitle(matches, companyName)}${where}`;
}
