import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { jsonLd, readPage, textOf, within } from "./html";
import { expectEnhanced, expectNoA11yViolations, watchErrors } from "./support";

/** The product page (/products/{category}/{product}). */

interface ApiProduct {
  _id: string;
  name: string;
  slug: string;
  mainImage: string;
  additionalImages: string[];
  price: number | null;
  categoryId: { _id: string; slug: string; name: string };
}

interface ApiTestimonial {
  name: string;
  feedback: string;
  star: string | null;
  productId: string | null;
}

const RECIP = "reciprocating-air-compressors";
/** Priced, one additional image; two testimonials about it (4 and 5 stars). */
const PN_RC_5 = `/products/${RECIP}/pn-rc-5-two-stage-reciprocating-compressor`;
/** Priced, no testimonial about it. */
const PN_RT_15 = `/products/${RECIP}/pn-rt-15-tank-mounted-heavy-duty-compressor`;
/** No price, no testimonial about it. */
const PN_RV_75 = "/products/rotary-screw-compressors/pn-rv-75-variable-speed-drive-screw-compressor";
/** ₹11,50,000. */
const PN_RS_37 = "/products/rotary-screw-compressors/pn-rs-37-rotary-screw-compressor";

async function apiProduct(request: APIRequestContext, slug: string): Promise<ApiProduct> {
  const res = await request.get(`/api/product/${slug}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

interface LdBlock {
  "@type": string;
  [key: string]: unknown;
}
interface LdProduct extends LdBlock {
  name: string;
  brand: unknown;
  image: string[];
  offers?: Record<string, unknown>;
  aggregateRating?: Record<string, unknown>;
}
interface LdBreadcrumbs extends LdBlock {
  itemListElement: { name: string; item: string }[];
}

function jsonLdOfType<T extends LdBlock>(document: Document, type: string): T {
  const block = jsonLd(document).find((b) => b["@type"] === type);
  expect(block, `JSON-LD ${type}`).toBeDefined();
  return block as T;
}

const mainImageButton = (page: Page) => page.locator("[data-main-image]");
const mainImage = (page: Page) => mainImageButton(page).locator("img");

async function openHydrated(page: Page, path: string) {
  const res = await page.goto(path);
  await page.locator("[data-gallery][data-module-started]").waitFor();
  return res;
}

test.describe("product page", () => {
  test("shows the product (breadcrumb, price, rating, description, features, specifications); the review count leads to the reviews, thumbnails change the picture, share links and Copy link carry its URL, Contact Sales goes on", {
    tag: "@journey",
  }, async ({ page, request, baseURL, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const product = await apiProduct(request, "pn-rc-5-two-stage-reciprocating-compressor");
    const problems = watchErrors(page);
    const res = await page.goto(PN_RC_5);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle("PN-RC 5 Two-Stage Reciprocating Compressor | Pneuma Air Systems");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PN-RC 5 Two-Stage Reciprocating Compressor");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("listitem")).toHaveText([/Home/, /Products/, /Reciprocating Air Compressors/, /PN-RC 5/]);
    await expect(crumbs.getByRole("link", { name: "Reciprocating Air Compressors" })).toHaveAttribute(
      "href",
      `/products/${RECIP}`,
    );
    await expect(page.locator("[data-product-price]")).toHaveText("₹85,000");
    // The average of the two testimonials about it (4 and 5 stars): four full stars and a half.
    await expect(page.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeVisible();
    await expect(page.getByRole("link", { name: "(2 reviews)", exact: true })).toHaveAttribute("href", "#reviews");
    await expect(page.locator("[data-star]")).toHaveCount(5);
    expect(await page.locator("[data-star]").evaluateAll((els) => els.map((e) => e.getAttribute("data-star")))).toEqual([
      "full",
      "full",
      "full",
      "full",
      "half",
    ]);
    await expect(page.getByText(/compresses air in two stages/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Key features" })).toBeVisible();
    await expect(page.getByText("Two-stage, V-twin pump")).toBeVisible();
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(8); // header + 7 specifications
    await expect(table.getByRole("row").nth(1)).toHaveText(/Free air delivery\s*17\.5 CFM/);
    await expect(page.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: "Request a Quote" })).toHaveAttribute(
      "href",
      "/quote?product=pn-rc-5-two-stage-reciprocating-compressor",
    );
    await expectEnhanced(page);
    await page.locator("[data-gallery][data-module-started]").waitFor();

    // The review count leads to the testimonials about the product, and the rating follows them.
    const about = ((await (await request.get("/api/testimonial")).json()) as ApiTestimonial[]).filter(
      (t) => t.productId === product._id,
    );
    expect(about.map((t) => t.star)).toEqual(["4", "5"]);
    await page.getByRole("link", { name: "(2 reviews)", exact: true }).click();
    await expect(page).toHaveURL(/#reviews$/);
    const section = page.getByRole("region", { name: "Customer reviews" });
    await expect(section).toBeInViewport();
    const reviews = section.getByTestId("review");
    await expect(reviews).toHaveCount(2);
    for (const [i, t] of about.entries()) {
      await expect(reviews.nth(i)).toContainText(t.feedback);
      await expect(reviews.nth(i)).toContainText(t.name);
      await expect(reviews.nth(i).getByRole("img", { name: `Rated ${t.star} out of 5` })).toBeVisible();
    }

    // Selecting a thumbnail changes the main image.
    expect(product.additionalImages.length).toBe(1);
    const thumbs = page.getByRole("button", { name: /^Show image \d of 2$/ });
    await expect(thumbs).toHaveCount(2);
    await expect(mainImage(page)).toHaveAttribute("src", product.mainImage);
    await expect(thumbs.nth(0)).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Show image 2 of 2" }).click();
    await expect(mainImage(page)).toHaveAttribute("src", product.additionalImages[0]!);
    await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(thumbs.nth(0)).toHaveAttribute("aria-pressed", "false");
    await page.getByRole("button", { name: "Show image 1 of 2" }).click();
    await expect(mainImage(page)).toHaveAttribute("src", product.mainImage);

    // Share links carry the page URL, and Copy link copies it.
    const url = `${baseURL}${PN_RC_5}`;
    const name = "PN-RC 5 Two-Stage Reciprocating Compressor";
    const e = encodeURIComponent;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/?text=${e(`${name} – ${url}`)}`,
    );
    await expect(page.getByRole("link", { name: "Share on LinkedIn" })).toHaveAttribute(
      "href",
      `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}`,
    );
    await expect(page.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${e(url)}`,
    );
    await expect(page.getByRole("link", { name: "Share on X" })).toHaveAttribute(
      "href",
      `https://x.com/intent/post?text=${e(name)}&url=${e(url)}`,
    );
    const mail = await page.getByRole("link", { name: "Share by e-mail" }).getAttribute("href");
    const mailUrl = new URL(mail!);
    expect(mailUrl.protocol).toBe("mailto:");
    expect(mailUrl.searchParams.get("subject")).toBe(name);
    expect(mailUrl.searchParams.get("body")).toContain(url);
    for (const label of ["Share on WhatsApp", "Share on LinkedIn", "Share on Facebook", "Share on X"]) {
      await expect(page.getByRole("link", { name: label })).toHaveAttribute("rel", "noopener noreferrer");
      await expect(page.getByRole("link", { name: label })).toHaveAttribute("target", "_blank");
    }
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // Contact Sales goes to the contact page.
    await page.getByRole("link", { name: "Contact Sales" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(problems).toEqual([]);
  });

  test("related products: up to three others of the same category, never the product itself", { tag: "@html" }, async ({
    request,
  }) => {
    const all = (await (await request.get("/api/product?limit=100")).json()).data as ApiProduct[];
    const others = all.filter((p) => p.categoryId.slug === RECIP && p.slug !== "pn-rc-5-two-stage-reciprocating-compressor");
    expect(others.length).toBeGreaterThanOrEqual(3);
    const { screen } = await readPage(request, PN_RC_5);
    const section = within(screen.getByRole("region", { name: "More Reciprocating Air Compressors" }));
    const links = section.getAllByRole("link").filter((a) => !textOf(a).toLowerCase().includes("view all"));
    const hrefs = new Set(links.map((a) => a.getAttribute("href")));
    expect([...hrefs]).toEqual(others.slice(0, 3).map((p) => `/products/${RECIP}/${p.slug}`));
  });

  test("stars and the review count show only for products with rated testimonials about them", { tag: "@html" }, async ({
    request,
  }) => {
    const { screen, document } = await readPage(request, PN_RT_15);
    expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe("PN-RT 15 Tank-Mounted Heavy-Duty Compressor");
    expect(document.querySelectorAll("[data-star]")).toHaveLength(0);
    expect(screen.queryAllByRole("img", { name: /^Rated / })).toHaveLength(0);
    expect(screen.queryAllByText(/\(\d+ reviews?\)/)).toHaveLength(0);
    expect(screen.queryAllByTestId("review")).toHaveLength(0);
  });

  test("the main image opens a full-screen view that closes with Close, Escape and a click outside", {
    tag: ["@phone", "@focus"],
  }, async ({ page, request }) => {
    const product = await apiProduct(request, "pn-rc-5-two-stage-reciprocating-compressor");
    await openHydrated(page, PN_RC_5);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeHidden();

    const open = async () => {
      await mainImageButton(page).click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute("aria-modal", "true");
      await expect(dialog).toHaveAccessibleName(/PN-RC 5 Two-Stage Reciprocating Compressor/);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    };
    const focusIsOnMainImage = () => mainImageButton(page).evaluate((b) => b === document.activeElement);

    // Close button; focus is trapped inside while open and returns to the main image afterwards.
    await open();
    await expect(dialog.locator("img")).toHaveAttribute("src", product.mainImage);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    expect(await focusIsOnMainImage()).toBe(true);

    // Escape.
    await open();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await focusIsOnMainImage()).toBe(true);

    // A click outside the picture.
    await open();
    const viewport = page.viewportSize()!;
    await page.mouse.click(4, Math.round(viewport.height / 2));
    await expect(dialog).toBeHidden();
    expect(await focusIsOnMainImage()).toBe(true);

    // Clicking the picture itself keeps it open; Next shows the other picture.
    await open();
    await dialog.locator("img").click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.locator("img")).toHaveAttribute("src", product.additionalImages[0]!);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The picture shown in the full-screen view stays the current one.
    await expect(mainImage(page)).toHaveAttribute("src", product.additionalImages[0]!);
  });

  test("an unknown product shows the not-found view with status 404", { tag: "@html" }, async ({ request }) => {
    const { status, screen, document } = await readPage(request, `/products/${RECIP}/no-such-product`);
    expect(status).toBe(404);
    expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe("Product Not Found");
    screen.getByText("The product you're looking for doesn't exist or has been removed.");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Back to Products" }).getAttribute("href")).toBe(
      "/products",
    );
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
  });

  test("an unknown product's not-found view has no accessibility violations", { tag: "@a11y" }, async ({ page }) => {
    const res = await page.goto(`/products/${RECIP}/no-such-product`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product Not Found");
    await expectNoA11yViolations(page);
  });

  test("a product under the wrong category is not found (404)", { tag: "@html" }, async ({ request }) => {
    const { status, screen } = await readPage(request, "/products/air-dryers/pn-rc-5-two-stage-reciprocating-compressor");
    expect(status).toBe(404);
    expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe("Product Not Found");
    const unknownCategory = await request.get("/products/no-such-category/pn-rc-5-two-stage-reciprocating-compressor", {
      maxRedirects: 0,
    });
    expect(unknownCategory.status()).toBe(404);
  });

  test("old id URLs redirect permanently to the slug URL", { tag: "@html" }, async ({ request }) => {
    const product = await apiProduct(request, "pn-rc-5-two-stage-reciprocating-compressor");
    for (const path of [
      `/products/${product.categoryId._id}/${product._id}`,
      `/products/${RECIP}/${product._id}`,
      `/products/${product.categoryId._id}/${product.slug}`,
      `/products/${RECIP}/${product.slug.toUpperCase()}`,
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(301);
      expect(res.headers().location, path).toBe(PN_RC_5);
    }
  });

  test("Request a Quote, next to the price, opens the quote form with the product listed", { tag: "@phone" }, async ({
    page,
  }) => {
    await page.goto(PN_RV_75);
    const link = page.getByRole("link", { name: "Request a Quote" });
    // Near the price: between it and the description.
    const price = await page.locator("[data-product-price]").boundingBox();
    const box = await link.boundingBox();
    expect(box!.y - (price!.y + price!.height)).toBeLessThan(400);
    await expectEnhanced(page);
    await link.click();
    await expect(page).toHaveURL("/quote?product=pn-rv-75-variable-speed-drive-screw-compressor");
    await expect(page.getByTestId("quote-item-name")).toHaveText(["PN-RV 75 Variable Speed Drive Screw Compressor"]);
  });

  test("Product JSON-LD has INR offers only when the product has a price", { tag: "@html" }, async ({ request, baseURL }) => {
    const { document } = await readPage(request, PN_RC_5);
    const priced = jsonLdOfType<LdProduct>(document, "Product");
    expect(priced.name).toBe("PN-RC 5 Two-Stage Reciprocating Compressor");
    expect(priced.brand).toEqual({ "@type": "Brand", name: "Pneuma Air Systems" });
    expect(priced.image.length).toBe(2);
    for (const src of priced.image) expect(src).toMatch(new RegExp(`^${baseURL}/uploads/`));
    expect(priced.offers).toMatchObject({
      "@type": "Offer",
      price: 85000,
      priceCurrency: "INR",
      availability: "https://schema.org/InStock",
      url: `${baseURL}${PN_RC_5}`,
    });
    expect(priced.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    const crumbs = jsonLdOfType<LdBreadcrumbs>(document, "BreadcrumbList");
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual([
      "Home",
      "Products",
      "Reciprocating Air Compressors",
      "PN-RC 5 Two-Stage Reciprocating Compressor",
    ]);
    expect(document.querySelector('meta[property="og:type"]')?.getAttribute("content")).toBe("product");
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute("content")).toBe(priced.image[0]!);

    const unpriced = jsonLdOfType<LdProduct>((await readPage(request, PN_RV_75)).document, "Product");
    expect(unpriced.name).toBe("PN-RV 75 Variable Speed Drive Screw Compressor");
    expect(unpriced).not.toHaveProperty("offers");
    expect(unpriced).not.toHaveProperty("aggregateRating");
  });

  test("has no accessibility violations, with the full-screen view closed and open", { tag: "@a11y" }, async ({ page }) => {
    await openHydrated(page, PN_RC_5);
    await expectNoA11yViolations(page);
    await mainImageButton(page).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test("Download datasheet links to the product's PDF datasheet (issue 14)", { tag: "@html" }, async ({ request }) => {
  const { screen } = await readPage(request, PN_RC_5);
  expect(screen.getByRole("link", { name: "Download datasheet (PDF)" }).getAttribute("href")).toBe(`${PN_RC_5}/datasheet.pdf`);
  const pdf = await request.get(`${PN_RC_5}/datasheet.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test.describe("without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the rating, its link and the testimonials about the product are in the page", async ({ page }) => {
    await page.goto(PN_RC_5);
    await expect(page.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeVisible();
    await page.getByRole("link", { name: "(2 reviews)", exact: true }).click();
    await expect(page).toHaveURL(/#reviews$/);
    await expect(page.locator("#reviews").getByTestId("review")).toHaveCount(2);
    await expect(page.locator("#reviews")).toBeInViewport();
  });
});

test.describe("one way to a quote, and what the price means (issue 30)", () => {
  /** The page's own actions beside the price: Request a Quote, Contact Sales, Call, Compare and the datasheet. */
  const ACTIONS = [/^Request a Quote$/, /^Contact Sales$/, /^Call /, /^(Add to )?compare$/i, /^Download datasheet/];

  async function actionStyles(page: Page) {
    const main = page.getByRole("main");
    return Promise.all(
      ACTIONS.map(async (name) => {
        // Compare is a link without JavaScript and a switch (a button) with it.
        const link = main.getByRole("link", { name }).or(main.getByRole("button", { name })).first();
        const box = (await link.boundingBox())!;
        const background = await link.evaluate((el) => getComputedStyle(el).backgroundColor);
        return { name: String(name), box, filled: !["rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"].includes(background) };
      }),
    );
  }

  test("Request a Quote is the one filled, largest action, first after the price, at any width (spanning the column on a phone); the others are outlined", {
    tag: ["@phone", "@layout"],
  }, async ({ page }) => {
    await page.goto(PN_RC_5);
    const [quote, ...others] = await actionStyles(page);
    const column = (await page.locator("[data-product-actions]").boundingBox())!;
    if (page.viewportSize()!.width < 640) expect(quote!.box.width).toBeGreaterThanOrEqual(column.width - 1);
    expect(quote!.filled).toBe(true);
    for (const other of others) {
      expect(other.filled, other.name).toBe(false);
      expect(other.box.height, other.name).toBeLessThan(quote!.box.height);
      expect(other.box.y, other.name).toBeGreaterThanOrEqual(quote!.box.y);
      expect(other.box.width * other.box.height, other.name).toBeLessThan(quote!.box.width * quote!.box.height);
    }
  });

  test("the price (Indian grouping) has the price note from Site Settings under it; Price on request has none", {
    tag: "@layout",
  }, async ({ page }) => {
    await page.goto(PN_RS_37);
    // Prices use Indian grouping.
    await expect(page.locator("[data-product-price]")).toHaveText("₹11,50,000");
    const note = page.getByRole("main").locator("[data-price-note]");
    await expect(note).toHaveText("Ex-works Salem. GST 18% extra.");
    const price = (await page.locator("[data-product-price]").boundingBox())!;
    const box = (await note.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(price.y + price.height - 1);
    expect(box.y - (price.y + price.height)).toBeLessThan(16);

    await page.goto(PN_RV_75);
    await expect(page.locator("[data-product-price]")).toHaveText("Price on request");
    await expect(page.getByRole("main").locator("[data-price-note]")).toHaveCount(0);
  });
});
