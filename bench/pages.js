// The pages the benchmarks visit, with real slugs from the demo content: every public page kind and the
// admin sign-in page. Used by bench/run.js (JavaScript and HTML sizes) and bench/lighthouse.js.

const items = (body) => (Array.isArray(body) ? body : body.data);

async function first(baseUrl, pathname) {
  const res = await fetch(baseUrl + pathname);
  if (!res.ok) throw new Error(`GET ${pathname}: ${res.status}`);
  const list = items(await res.json());
  if (!list?.length) throw new Error(`GET ${pathname}: no items (is the demo content loaded?)`);
  return list[0];
}

/**
 * [{ name, path, admin }]: home, about, products, category, product, services, service, contact, quote,
 * search, finder, compare (three machines), the calculators and one of them, and "admin sign-in" with `admin` set (the admin panel's page: no goal, reported for the record).
 */
export async function benchPages(baseUrl) {
  const product = await first(baseUrl, "/api/product?limit=1");
  const compared = items(await (await fetch(`${baseUrl}/api/product?limit=3`)).json()).map((p) => p.slug);
  const category = await first(baseUrl, "/api/category");
  const service = await first(baseUrl, "/api/service");
  const page = (name, path, admin = false) => ({ name, path, admin });
  return [
    page("home", "/"),
    page("about", "/about"),
    page("products", "/products"),
    page("category", `/products/${category.slug}`),
    page("product", `/products/${product.categoryId.slug}/${product.slug}`),
    page("services", "/services"),
    page("service", `/services/${service.slug}`),
    page("contact", "/contact"),
    page("quote", "/quote"),
    page("search", "/search?q=air"),
    page("finder", "/finder"),
    page("compare", `/compare?products=${compared.join(",")}`),
    page("tools", "/tools"),
    page("air leaks", "/tools/air-leak-cost"),
    // app/routes/admin/routes.ts: route("login") under prefix("admin").
    page("admin sign-in", "/admin/login", true),
  ];
}
