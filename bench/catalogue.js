// Catalogue scale for `npm run bench -- --catalogue=10k` (or BENCH_CATALOGUE=10k): the option, the seeding
// (bench/catalogue-seed.ts through tsx, on the stopped server's data directory) and the pages measured on
// the demo data and on the big catalogue. Used by bench/run.js.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Products per generated category: 10k products → 200 categories. */
const PRODUCTS_PER_CATEGORY = 50;
/** What the admin Products screen asks for (app/routes/admin/products.tsx, PRODUCT_PAGE_LIMIT_MAX). */
const ADMIN_PAGE_LIMIT = 100;

/** "--catalogue=10k" / BENCH_CATALOGUE=10k (also 2500, 2.5k, 1m) → { products, categories, label }, or null. */
export function catalogueOption(argv, envValue) {
  const arg = argv.find((a) => a.startsWith("--catalogue="))?.slice("--catalogue=".length) ?? envValue;
  if (!arg) return null;
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(arg.trim());
  if (!m) throw new Error(`--catalogue / BENCH_CATALOGUE: expected a product count such as 10k, got "${arg}"`);
  const products = Math.round(Number(m[1]) * { "": 1, k: 1000, m: 1_000_000 }[m[2].toLowerCase()]);
  if (!(products > 0)) throw new Error(`--catalogue / BENCH_CATALOGUE: "${arg}" is no product count`);
  return { products, categories: Math.max(1, Math.round(products / PRODUCTS_PER_CATEGORY)), label: arg.trim() };
}

/** Runs bench/catalogue-seed.ts on a stopped server's data directory; returns what it inserted. */
export function seedCatalogue(dataDir, { products, categories }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(root, "bench", "catalogue-seed.ts"), dataDir, String(products), String(categories)],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`catalogue seeding failed (exit ${code})`));
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1)));
      } catch {
        reject(new Error(`catalogue seeding printed no result: ${out}`));
      }
    });
  });
}

/** Signs in through the API like the admin panel; returns the token it sends as x-auth-token. */
export async function adminToken(baseUrl, username, password) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`admin login: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

async function getJson(url, headers = {}) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

/**
 * The catalogue pages to measure, as { key, label, path, headers }. The demo's first category and product
 * are measured on both data sets (the same page, a bigger database). Given `demo` (this function's answer
 * on the demo data), also a category and a product of the generated catalogue: a full page of products,
 * a realistic product.
 */
export async function cataloguePages(baseUrl, token, demo = null) {
  const admin = { "x-auth-token": token };
  const categories = (await getJson(`${baseUrl}/api/category`)).data;
  const demoCategory = demo?.demoCategory ?? categories.find((c) => c.productCount > 0) ?? categories[0];
  const demoProduct =
    demo?.demoProduct ?? (await getJson(`${baseUrl}/api/product?categoryId=${demoCategory._id}&limit=1`)).data[0];
  const total = (await getJson(`${baseUrl}/api/product?page=1&limit=1`, admin)).total;
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_PAGE_LIMIT));
  const page = (key, label, p, headers = {}) => ({ key, label, path: p, headers });
  const pages = [
    page("home", "home page (its footer lists the first 8 categories)", "/"),
    page("landing", "/products (category landing)", "/products"),
    page("category", "category page, demo category", `/products/${demoCategory.slug}`),
  ];
  const known = new Set(demo?.categorySlugs ?? []);
  const generated = demo ? categories.filter((c) => !known.has(c.slug) && c.productCount > 0).at(-1) : undefined;
  if (generated) {
    pages.push(
      page("category-generated", `category page, generated (${generated.productCount} products)`, `/products/${generated.slug}`),
    );
  }
  pages.push(page("product", "product page, demo product", `/products/${demoCategory.slug}/${demoProduct.slug}`));
  if (generated) {
    const p = (await getJson(`${baseUrl}/api/product?categoryId=${generated._id}&limit=1`)).data[0];
    pages.push(page("product-generated", "product page, generated", `/products/${generated.slug}/${p.slug}`));
  }
  // Issue 14: the finder, the same filters on the API, the site search and a product's datasheet (made once,
  // then kept). Typed figures and searches are asked the same way each time here, so the caches answer
  // (issue 29); bench/queries.js (section 9) measures them asked a new way each time as well.
  pages.push(
    page("finder", "/finder, no filters", "/finder"),
    page(
      "finder-numbers",
      "/finder, typed flow and pressure (repeated)",
      "/finder?flowMin=100&flowUnit=cfm&pressureMin=7&sort=power",
    ),
    page("api-finder", "GET /api/product, finder filters (repeated)", "/api/product?flowMin=3&pressureMin=7&sort=power&limit=24"),
    page("search", "/search?q=screw compressor", "/search?q=screw+compressor"),
    page("search-misspelt", "/search?q=compresor (Did you mean)", "/search?q=compresor"),
    page("search-model", "/search?q=rs15 (model code run together)", "/search?q=rs15"),
    page("search-suggestions", "GET /api/search/suggestions?q=rot", "/api/search/suggestions?q=rot"),
    page("datasheet", "datasheet PDF, demo product", `/products/${demoCategory.slug}/${demoProduct.slug}/datasheet.pdf`),
  );
  pages.push(
    page("sitemap", "/sitemap.xml", "/sitemap.xml"),
    page("admin-list", "admin product list, page 1", `/api/product?page=1&limit=${ADMIN_PAGE_LIMIT}`, admin),
    page("admin-list-last", "admin product list, last page", `/api/product?page=${lastPage}&limit=${ADMIN_PAGE_LIMIT}`, admin),
  );
  return {
    pages,
    total,
    categoryCount: categories.length,
    categorySlugs: categories.map((c) => c.slug),
    demoCategory,
    demoProduct,
  };
}
