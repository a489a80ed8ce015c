import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { EMPTY_URL, expectNoA11yViolations, watchErrors } from "./support";

/**
 * "Chat on WhatsApp" (issue 10): on every public page when Site Settings have a WhatsApp number, absent
 * without one; a wa.me link whose text names the product or the page; on a 360 px phone it never covers
 * content or the form's buttons.
 */

interface ApiSettings {
  companyName: string;
  whatsapp: string;
}
interface ApiProduct {
  name: string;
  slug: string;
  categoryId: { slug: string; name: string };
}

const RECIP = "reciprocating-air-compressors";
const PRODUCT_SLUG = "pn-rc-5-two-stage-reciprocating-compressor";
const PRODUCT = `/products/${RECIP}/${PRODUCT_SLUG}`;
const LABEL = /^Chat on WhatsApp/;

const whatsapp = (page: Page) => page.getByTestId("whatsapp-button");

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), path).toBe(true);
  return res.json();
}

/** The number (digits) and the chat text of a wa.me link. */
function parseWaMe(href: string | null): { digits: string; text: string | null } {
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  const url = new URL(href!);
  return { digits: url.pathname.slice(1), text: url.searchParams.get("text") };
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the element is what the page shows at its own centre (nothing on top of it). */
async function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

test.describe("with a WhatsApp number (demo settings)", () => {
  let settings: ApiSettings;
  test.beforeAll(async ({ request }) => {
    settings = await apiGet<ApiSettings>(request, "/api/settings");
    expect(settings.whatsapp.replace(/\D/g, "")).not.toBe("");
  });

  test("a product page: the link has an accessible name, digits only, and the text names the product", {
    tag: ["@journey", "@a11y"],
  }, async ({ page, request, baseURL }) => {
    const problems = watchErrors(page);
    const product = await apiGet<ApiProduct>(request, `/api/product/${PRODUCT_SLUG}`);
    await page.goto(PRODUCT);
    const link = whatsapp(page);
    await expect(link).toBeVisible();
    await expect(link).toHaveAccessibleName(LABEL);
    await expect(page.getByRole("link", { name: LABEL })).toHaveCount(1);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    const { digits, text } = parseWaMe(await link.getAttribute("href"));
    expect(digits).toBe(settings.whatsapp.replace(/\D/g, ""));
    expect(text).toBe(`Hello, I'm interested in ${product.name} (${baseURL}${PRODUCT})`);
    await expectNoA11yViolations(page);
    expect(problems).toEqual([]);
  });

  test.describe("without JavaScript", { tag: "@no-js" }, () => {
    test.use({ javaScriptEnabled: false });
    test("the server's page already has the link", async ({ page, request, baseURL }) => {
      const product = await apiGet<ApiProduct>(request, `/api/product/${PRODUCT_SLUG}`);
      await page.goto(PRODUCT);
      await expect(whatsapp(page)).toHaveAccessibleName(LABEL);
      expect(parseWaMe(await whatsapp(page).getAttribute("href")).text).toBe(
        `Hello, I'm interested in ${product.name} (${baseURL}${PRODUCT})`,
      );
    });
  });

  test("every other public page names itself", { tag: "@journey" }, async ({ page, request, baseURL }) => {
    const product = await apiGet<ApiProduct>(request, `/api/product/${PRODUCT_SLUG}`);
    const services = await apiGet<{ title: string; slug: string }[]>(request, "/api/service");
    const service = services[0]!;
    const pages: [string, string][] = [
      ["/", settings.companyName],
      ["/about", "About Us"],
      ["/products", "Products"],
      [`/products/${RECIP}`, product.categoryId.name],
      ["/services", "Services"],
      [`/services/${service.slug}`, service.title],
      ["/contact", "Contact Us"],
      ["/search?q=dryer", "Search"],
      ["/no-such-page", settings.companyName],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      const link = whatsapp(page);
      await expect(link, path).toHaveAccessibleName(LABEL);
      expect(parseWaMe(await link.getAttribute("href")).text, path).toBe(
        `Hello, I have a question about ${title} (${baseURL}${path})`,
      );
    }
  });

  test("after moving to another page the text names the new page", { tag: "@journey" }, async ({ page, baseURL }) => {
    await page.goto(PRODUCT);
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
    await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(whatsapp(page)).toHaveAttribute(
      "href",
      `https://wa.me/${settings.whatsapp.replace(/\D/g, "")}?text=${encodeURIComponent(`Hello, I have a question about About Us (${baseURL}/about)`)}`,
    );
  });

  test(
    "it covers neither the contact form's button nor the footer",
    { tag: ["@phone", "@layout"] },
    async ({ page }, testInfo) => {
      const phone = testInfo.project.name === "phone";
      await page.goto("/contact");
      const link = whatsapp(page);
      // On phones the button is part of the page (it scrolls with it), so it can never sit on top of anything.
      const position = await link.evaluate((el) => getComputedStyle(el).position);
      expect(position).toBe(phone ? "static" : "fixed");

      const submit = page.getByRole("button", { name: "Send Message" });
      await submit.scrollIntoViewIfNeeded();
      expect(overlaps((await link.boundingBox())!, (await submit.boundingBox())!)).toBe(false);
      expect(await isOnTop(submit)).toBe(true);
      await page.screenshot({ path: `/tmp/whatsapp-${testInfo.project.name}-contact-form.png` });

      // Scrolled to the very end: every piece of footer text stays visible and uncovered.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const wa = (await link.boundingBox())!;
      const footerItems = page.getByRole("contentinfo").locator("a, p, h2");
      const count = await footerItems.count();
      expect(count).toBeGreaterThan(5);
      for (let i = 0; i < count; i++) {
        const item = footerItems.nth(i);
        const box = await item.boundingBox();
        if (!box || box.y + box.height < 0 || box.y > page.viewportSize()!.height) continue; // off-screen
        expect(overlaps(wa, box), await item.innerText()).toBe(false);
      }
      // No sideways scrolling because of it.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `/tmp/whatsapp-${testInfo.project.name}-contact-bottom.png` });
      if (phone) await page.screenshot({ path: "/tmp/whatsapp-phone-contact-full.png", fullPage: true });
    },
  );

  test("on a product page it covers no content", { tag: ["@phone", "@layout"] }, async ({ page }, testInfo) => {
    await page.goto(PRODUCT);
    const link = whatsapp(page);
    if (testInfo.project.name === "phone") {
      await expect(link).toHaveCSS("position", "static");
      // It comes after the page's content and before the footer.
      const main = (await page.locator("main").boundingBox())!;
      const footer = (await page.getByRole("contentinfo").boundingBox())!;
      const wa = (await link.boundingBox())!;
      expect(wa.y).toBeGreaterThanOrEqual(main.y + main.height);
      expect(wa.y + wa.height).toBeLessThanOrEqual(footer.y);
      await link.scrollIntoViewIfNeeded();
    } else {
      // Large screens: in the margin beside the page's content column.
      const content = (await page.locator("main h1").boundingBox())!;
      const wa = (await link.boundingBox())!;
      const column = await page
        .locator("main h1")
        .evaluate((el) => el.closest(".max-w-7xl")?.getBoundingClientRect().right ?? el.getBoundingClientRect().right);
      expect(wa.x).toBeGreaterThanOrEqual(column);
      expect(content.x + content.width).toBeLessThanOrEqual(wa.x);
      // The words show beside the round button on hover.
      await link.hover();
      await expect(link.locator('span[aria-hidden="true"]')).toBeVisible();
    }
    await page.screenshot({ path: `/tmp/whatsapp-${testInfo.project.name}-product.png` });
  });
});

test.describe("without a WhatsApp number (empty database)", () => {
  test("no button on any page", { tag: "@journey" }, async ({ page, request }) => {
    const settings = await apiGet<ApiSettings>(request, `${EMPTY_URL}/api/settings`);
    expect(settings.whatsapp).toBe("");
    for (const path of ["/", "/products", "/contact", "/no-such-page"]) {
      await page.goto(`${EMPTY_URL}${path}`);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(whatsapp(page), path).toHaveCount(0);
      await expect(page.getByRole("link", { name: LABEL }), path).toHaveCount(0);
      await expect(page.getByRole("complementary", { name: "WhatsApp" }), path).toHaveCount(0);
    }
  });
});
