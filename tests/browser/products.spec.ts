import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";
import { jsonLd, readPage, textOf, within } from "./html";
import { ADMIN, ADMIN_URL, EMPTY_URL, expectNoA11yViolations, openWithPausedClock, watchErrors } from "./support";

/** The products landing page (/products) and the category pages (/products/{category}). */

interface ApiCategory {
  _id: string;
  name: string;
  slug: string;
  features: { name: string }[];
  productCount: number;
}
interface ApiProduct {
  _id: string;
  name: string;
  slug: string;
  categoryId: { _id: string; slug: string; name: string };
  specifications: { specName: string; specValue: string }[];
}

const SCREW = "rotary-screw-compressors";

async function categories(request: APIRequestContext): Promise<ApiCategory[]> {
  const res = await request.get("/api/category");
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

async function login(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).token;
}

async function createCategory(request: APIRequestContext, token: string, name: string): Promise<ApiCategory> {
  const res = await request.post("/api/category", {
    data: { name, description: `${name}: made by a browser test.` },
    headers: { "x-auth-token": token },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data;
}

let pngCache: Buffer | null = null;
async function png(): Promise<Buffer> {
  pngCache ??= await sharp({ create: { width: 64, height: 48, channels: 3, background: "#1d5c96" } })
    .png()
    .toBuffer();
  return pngCache;
}

async function createProduct(
  request: APIRequestContext,
  token: string,
  categoryId: string,
  name: string,
  position: number,
  fullDescription = `${name}, in full.`,
) {
  const res = await request.post("/api/product", {
    headers: { "x-auth-token": token },
    multipart: {
      categoryId,
      name,
      shortDescription: `${name}, short.`,
      fullDescription,
      price: "125000",
      position: String(position),
      specifications: JSON.stringify([
        { specName: "Free air delivery", specValue: `${position} CFM` },
        { specName: "Working pressure", specValue: "8 bar" },
        { specName: "Motor", specValue: "5 kW" },
        { specName: "Weight", specValue: "100 kg" },
      ]),
      features: JSON.stringify([{ featureName: "Test", featureValue: "Yes" }]),
      mainImage: { name: "main.png", mimeType: "image/png", buffer: await png() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe("products landing page", () => {
  test("shows every category from the database, each linking to its slug URL", { tag: "@journey" }, async ({ page, request }) => {
    const problems = watchErrors(page);
    const list = await categories(request);
    expect(list.length).toBeGreaterThanOrEqual(6);
    const res = await page.goto("/products");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Products");
    await expect(page).toHaveTitle(/^Products \| Pneuma Air Systems$/);
    for (const c of list) {
      const card = page.locator(`[data-category-card="${c.slug}"]`);
      await expect(card.getByRole("link", { name: c.name, exact: true })).toHaveAttribute("href", `/products/${c.slug}`);
      await expect(card).toContainText(`${c.productCount} ${c.productCount === 1 ? "product" : "products"}`);
      // Up to 4 features.
      const shown = c.features.slice(0, 4).map((f) => f.name);
      await expect(card.locator("ul li")).toHaveText(shown);
    }
    await page.locator(`[data-category-card="${SCREW}"]`).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/products/${SCREW}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rotary Screw Compressors");
    expect(problems).toEqual([]);
  });

  test("lists the featured products from the database, each linking to its page", { tag: "@html" }, async ({ request }) => {
    const featured: ApiProduct[] = (await (await request.get("/api/product?featured=true")).json()).data;
    expect(featured.length).toBe(3);
    const { screen } = await readPage(request, "/products");
    const section = screen.getByRole("heading", { name: "Featured products" }).closest("section");
    expect(section).not.toBeNull();
    expect(section!.querySelectorAll("[data-product-card]")).toHaveLength(featured.length);
    for (const p of featured) {
      expect(within(section!).getByRole("link", { name: p.name }).getAttribute("href")).toBe(
        `/products/${p.categoryId.slug}/${p.slug}`,
      );
    }
  });

  test("the hero slider has 3 slides that change every 6 seconds", { tag: "@journey" }, async ({ page }) => {
    // Fake time stands still from here on; only runFor moves it.
    await openWithPausedClock(page, "/products", "[data-products-hero] [data-module-started]");
    const slides = page.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    await expect(page.getByRole("button", { name: /^Show slide \d of 3$/ })).toHaveCount(3);
    const active = async () => slides.evaluateAll((els) => els.findIndex((e) => e.getAttribute("data-active") === "true"));
    expect(await active()).toBe(0);
    await page.clock.runFor(5_900);
    expect(await active()).toBe(0);
    await page.clock.runFor(100);
    await expect.poll(active).toBe(1);
    await page.clock.runFor(6_000);
    await expect.poll(active).toBe(2);
    await page.clock.runFor(6_000);
    await expect.poll(active).toBe(0);
    // A dot jumps to its slide.
    await page.getByRole("button", { name: "Show slide 3 of 3" }).click();
    await expect.poll(active).toBe(2);
  });

  test("with no categories it says so", { tag: "@html" }, async ({ request }) => {
    const { status, screen, document } = await readPage(request, `${EMPTY_URL}/products`);
    expect(status).toBe(200);
    screen.getByText("No product categories available.");
    expect(document.querySelectorAll("[data-category-card]")).toHaveLength(0);
    expect(screen.queryByRole("heading", { name: "Featured products" })).toBeNull();
  });

  test("with no categories it has no accessibility violations", { tag: "@a11y" }, async ({ page }) => {
    await page.goto(`${EMPTY_URL}/products`);
    await expect(page.getByText("No product categories available.", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("has no accessibility violations", { tag: "@a11y" }, async ({ page }) => {
    await page.goto("/products");
    await page.locator("[data-products-hero] [data-module-started]").waitFor();
    await expectNoA11yViolations(page);
  });
});

test.describe("category page", () => {
  test("shows the breadcrumb and the category's products with their first 3 specifications", { tag: "@journey" }, async ({
    page,
    request,
  }) => {
    const problems = watchErrors(page);
    const res = await page.goto(`/products/${SCREW}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rotary Screw Compressors");
    await expect(page).toHaveTitle("Rotary Screw Compressors | Pneuma Air Systems");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("listitem")).toHaveText([/Home/, /Products/, /Rotary Screw Compressors/]);
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumbs.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Rotary Screw Compressors");

    const cards = page.locator("[data-product-card]");
    await expect(cards).toHaveCount(4);
    for (const slug of await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-product-card") ?? ""))) {
      const product: ApiProduct = await (await request.get(`/api/product/${slug}`)).json();
      const card = page.locator(`[data-product-card="${slug}"]`);
      const specs = await card
        .locator("[data-spec]")
        .evaluateAll((rows) => rows.map((r) => `${r.querySelector("dt")?.textContent}: ${r.querySelector("dd")?.textContent}`));
      expect(product.specifications.length).toBeGreaterThan(3);
      expect(specs).toEqual(product.specifications.slice(0, 3).map((s) => `${s.specName}: ${s.specValue}`));
      await expect(card.getByRole("link", { name: product.name, exact: true })).toHaveAttribute(
        "href",
        `/products/${SCREW}/${product.slug}`,
      );
    }
    await expect(page.locator('[data-product-card="pn-rv-75-variable-speed-drive-screw-compressor"] [data-price]')).toHaveText(
      "Price on request",
    );
    await expect(page.locator('[data-product-card="pn-rs-37-rotary-screw-compressor"] [data-price]')).toHaveText("₹11,50,000");

    // The card opens the product page.
    await page.getByRole("link", { name: "PN-RS 37 Rotary Screw Compressor", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${SCREW}/pn-rs-37-rotary-screw-compressor$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PN-RS 37 Rotary Screw Compressor");
    expect(problems).toEqual([]);
  });

  test("says once, under the cards, what the prices mean, and offers Request a Quote (issue 30)", { tag: "@layout" }, async ({
    page,
  }) => {
    await page.goto(`/products/${SCREW}`);
    const note = page.getByRole("main").locator("[data-price-note]");
    await expect(note).toHaveCount(1);
    await expect(note).toHaveText("Prices: Ex-works Salem. GST 18% extra.");
    const lastCard = (await page.locator("[data-product-card]").last().boundingBox())!;
    expect((await note.boundingBox())!.y).toBeGreaterThan(lastCard.y + lastCard.height);
    await expect(page.getByRole("link", { name: "Request a Quote" })).toHaveAttribute("href", "/quote");
  });

  test("has BreadcrumbList JSON-LD and a canonical slug URL", { tag: "@html" }, async ({ request, baseURL }) => {
    const { document } = await readPage(request, `/products/${SCREW}`);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${baseURL}/products/${SCREW}`);
    const crumbs = jsonLd(document).find((b) => b["@type"] === "BreadcrumbList") as
      | { itemListElement: { name: string; item: string }[] }
      | undefined;
    expect(crumbs?.itemListElement.map((i) => i.name)).toEqual(["Home", "Products", "Rotary Screw Compressors"]);
    expect(crumbs?.itemListElement[2]?.item).toBe(`${baseURL}/products/${SCREW}`);
  });

  test("the subcategory filter shows only that type", { tag: "@html" }, async ({ request }) => {
    const all = await readPage(request, `/products/${SCREW}`);
    const filter = within(all.screen.getByRole("navigation", { name: "Filter by type" }));
    expect(filter.getByRole("link", { name: "All" }).getAttribute("aria-current")).toBe("page");
    // Following the link, as a browser does.
    const href = filter.getByRole("link", { name: "Variable Speed Drive" }).getAttribute("href") ?? "";
    expect(href).toMatch(new RegExp(`/products/${SCREW}\\?type=variable-speed-drive$`));
    const filtered = await readPage(request, href);
    expect(filtered.status).toBe(200);
    expect(filtered.document.querySelectorAll("[data-product-card]")).toHaveLength(2);
    const filterThere = within(filtered.screen.getByRole("navigation", { name: "Filter by type" }));
    expect(filterThere.getByRole("link", { name: "Variable Speed Drive" }).getAttribute("aria-current")).toBe("page");
  });

  test("an old id URL redirects permanently to the slug URL, keeping ?page", { tag: "@html" }, async ({ request }) => {
    const screw = (await categories(request)).find((c) => c.slug === SCREW)!;
    const plain = await request.get(`/products/${screw._id}`, { maxRedirects: 0 });
    expect(plain.status()).toBe(301);
    expect(plain.headers().location).toBe(`/products/${SCREW}`);
    const paged = await request.get(`/products/${screw._id}?page=2`, { maxRedirects: 0 });
    expect(paged.status()).toBe(301);
    expect(paged.headers().location).toBe(`/products/${SCREW}?page=2`);
    const upper = await request.get(`/products/${SCREW.toUpperCase()}`, { maxRedirects: 0 });
    expect(upper.status()).toBe(301);
    expect(upper.headers().location).toBe(`/products/${SCREW}`);
  });

  test("an unknown category shows the not-found view with status 404", { tag: "@html" }, async ({ request }) => {
    const { status, screen, document } = await readPage(request, "/products/no-such-category");
    expect(status).toBe(404);
    expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe("Category Not Found");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Back to Products" }).getAttribute("href")).toBe(
      "/products",
    );
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
  });

  test("an unknown category's not-found view has no accessibility violations", { tag: "@a11y" }, async ({ page }) => {
    const res = await page.goto("/products/no-such-category");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Category Not Found");
    await expectNoA11yViolations(page);
  });

  test("has no accessibility violations", { tag: "@a11y" }, async ({ page }) => {
    await page.goto(`/products/${SCREW}`);
    await expectNoA11yViolations(page);
  });
});

const TOTAL_PAGED = 26;
/** The category of TOTAL_PAGED products (more than a page's 24) the paging tests share: made once per worker. */
let pagedCategory: ApiCategory | undefined;

async function categoryOfTwoPages(request: APIRequestContext, project: string): Promise<ApiCategory> {
  if (pagedCategory) return pagedCategory;
  const token = await login(request);
  const category = await createCategory(request, token, `Paged Test ${project} ${Date.now()}`);
  for (let start = 0; start < TOTAL_PAGED; start += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, TOTAL_PAGED - start) }, (_, k) =>
        createProduct(request, token, category._id, `Paged Product ${String(start + k + 1).padStart(2, "0")}`, start + k),
      ),
    );
  }
  pagedCategory = category;
  return category;
}

// These tests create categories and products: they run on the server the admin tests use, so the
// public demo data other tests compare against (sitemap, listings) stays as seeded.
test.describe("category pages of generated categories", () => {
  test.use({ baseURL: ADMIN_URL });

  test("more than 24 products are split into pages with real links", { tag: "@html" }, async ({ request }, testInfo) => {
    test.setTimeout(120_000);
    const category = await categoryOfTwoPages(request, testInfo.project.name);
    const first = await readPage(request, `/products/${category.slug}`);
    expect(first.status).toBe(200);
    const cards = (served: typeof first) => [...served.document.querySelectorAll("[data-product-card]")];
    expect(cards(first)).toHaveLength(24);
    expect(textOf(cards(first)[0])).toContain("Paged Product 01");
    const pager = within(first.screen.getByRole("navigation", { name: "Pagination" }));
    expect(pager.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    expect(pager.getByRole("link", { name: "Page 2" }).getAttribute("href")).toBe(`/products/${category.slug}?page=2`);
    expect(pager.queryByRole("link", { name: "Previous" })).toBeNull();
    const next = pager.getByRole("link", { name: "Next" }).getAttribute("href") ?? "";
    expect(next).toBe(`/products/${category.slug}?page=2`);

    // Next is a real link: following it gives page 2, a server render of its own.
    const second = await readPage(request, next);
    expect(second.status).toBe(200);
    expect(second.url).toMatch(new RegExp(`/products/${category.slug}\\?page=2$`));
    expect(cards(second)).toHaveLength(TOTAL_PAGED - 24);
    expect(textOf(cards(second)[0])).toContain("Paged Product 25");
    const pagerThere = within(second.screen.getByRole("navigation", { name: "Pagination" }));
    expect(pagerThere.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect(pagerThere.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe(`/products/${category.slug}`);
    expect(pagerThere.queryByRole("link", { name: "Next" })).toBeNull();
    expect(second.document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(
      new RegExp(`/products/${category.slug}\\?page=2$`),
    );

    // Out-of-range pages go to the last page.
    const past = await request.get(`/products/${category.slug}?page=9`, { maxRedirects: 0 });
    expect(past.status()).toBe(302);
    expect(past.headers().location).toBe(`/products/${category.slug}?page=2`);
    const one = await request.get(`/products/${category.slug}?page=1`, { maxRedirects: 0 });
    expect(one.status()).toBe(301);
    expect(one.headers().location).toBe(`/products/${category.slug}`);
    const garbage = await request.get(`/products/${category.slug}?page=abc`, { maxRedirects: 0 });
    expect(garbage.status()).toBe(301);
    expect(garbage.headers().location).toBe(`/products/${category.slug}`);
  });

  test(
    "more than 24 products split into pages: the first page has no accessibility violations",
    { tag: "@a11y" },
    async ({ page, request }, testInfo) => {
      test.setTimeout(120_000);
      const category = await categoryOfTwoPages(request, testInfo.project.name);
      const res = await page.goto(`/products/${category.slug}`);
      expect(res?.status()).toBe(200);
      await expect(page.locator("[data-product-card]")).toHaveCount(24);
      await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
      await expectNoA11yViolations(page);
    },
  );

  test(
    "staff text: a blank line starts a paragraph, a single line break stays a line break (category and product page)",
    { tag: "@html" },
    async ({ request }, testInfo) => {
      const token = await login(request);
      const text = "Built for heat.\nAnd for dust.\n\nServiced in minutes.";
      const res = await request.post("/api/category", {
        data: { name: `Paragraphs Test ${testInfo.project.name} ${Date.now()}`, description: text },
        headers: { "x-auth-token": token },
      });
      expect(res.status(), await res.text()).toBe(201);
      const category: ApiCategory = (await res.json()).data;
      const product = `Paragraphs Product ${testInfo.project.name} ${Date.now()}`;
      await createProduct(request, token, category._id, product, 1, text);
      const drawn = ["Built for heat.<br>And for dust.", "Serviced in minutes."];

      const categoryPage = await readPage(request, `/products/${category.slug}`);
      const intro = [...categoryPage.document.querySelectorAll("p")].filter((p) =>
        /Built for heat\.|Serviced in minutes\./.test(p.textContent ?? ""),
      );
      expect(intro.map((p) => p.innerHTML)).toEqual(drawn);

      // The card's link, followed as a browser does.
      const href = categoryPage.screen.getByRole("link", { name: product }).getAttribute("href") ?? "";
      const productPage = await readPage(request, href);
      expect(textOf(productPage.screen.getByRole("heading", { level: 1 }))).toBe(product);
      const description = productPage.document.querySelectorAll('section[aria-labelledby="description-heading"] p');
      expect([...description].map((p) => p.innerHTML)).toEqual(drawn);
    },
  );

  test("a category without products says so", { tag: "@html" }, async ({ request }, testInfo) => {
    const token = await login(request);
    const category = await createCategory(request, token, `Empty Test ${testInfo.project.name} ${Date.now()}`);
    const { status, screen } = await readPage(request, `/products/${category.slug}`);
    expect(status).toBe(200);
    expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe(category.name);
    screen.getByText("No products found in this category.");
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });
});
