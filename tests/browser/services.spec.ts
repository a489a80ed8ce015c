import { expect, type Page, test } from "@playwright/test";
import { splitDetails, telHref } from "../../app/lib/format";
import type { Service } from "../../shared/content/service";
import type { SiteSettings } from "../../shared/content/settings";
import { readPage, textOf, within } from "./html";
import { EMPTY_URL, expectEnhanced, expectNoA11yViolations, watchErrors } from "./support";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t));
}

test.describe("services list (/services)", () => {
  test("shows one card per service, linking to its slug URL with up to 3 benefits", { tag: "@journey" }, async ({
    page,
    request,
  }) => {
    const problems = watchErrors(page);
    const services: Service[] = await (await request.get("/api/service")).json();
    expect(services.length).toBeGreaterThan(0);
    const response = await page.goto("/services");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Services \| /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    const cards = page.getByRole("region", { name: "What we do" }).locator("article");
    await expect(cards).toHaveCount(services.length);
    for (const [i, s] of services.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading", { name: s.title })).toBeVisible();
      await expect(card.getByRole("link", { name: s.title })).toHaveAttribute("href", `/services/${s.slug}`);
      await expect(card.getByText(s.description)).toBeVisible();
      await expect(card.getByRole("listitem")).toHaveText(s.benefits.slice(0, 3));
    }
    await expectEnhanced(page);
    expect(problems).toEqual([]);
  });

  test('has a "Why Choose Us" list of exactly 4 items', { tag: "@html" }, async ({ request }) => {
    const { screen } = await readPage(request, "/services");
    const why = within(screen.getByRole("region", { name: "Why Choose Us" }));
    expect(textOf(why.getByRole("heading", { level: 2 }))).toBe("Why Choose Us");
    expect(why.getAllByRole("listitem")).toHaveLength(4);
  });

  test("a card opens the service page (client-side navigation)", { tag: "@journey" }, async ({ page, request }) => {
    const [first] = (await (await request.get("/api/service")).json()) as Service[];
    await page.goto("/services");
    await expectEnhanced(page);
    await page.getByRole("link", { name: first!.title }).click();
    await expect(page).toHaveURL(`/services/${first!.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first!.title);
  });

  test("has no accessibility violations", { tag: "@a11y" }, async ({ page }) => {
    await page.goto("/services");
    await expectNoA11yViolations(page);
  });

  test("an empty database shows the empty state", { tag: "@html" }, async ({ request }) => {
    const { status, screen } = await readPage(request, `${EMPTY_URL}/services`);
    expect(status).toBe(200);
    screen.getByText("No services available at the moment.");
    expect(screen.getByRole("region", { name: "What we do" }).querySelectorAll("article")).toHaveLength(0);
    expect(within(screen.getByRole("region", { name: "Why Choose Us" })).getAllByRole("listitem")).toHaveLength(4);
  });

  test("an empty database's empty state has no accessibility violations", { tag: "@a11y" }, async ({ page }) => {
    const response = await page.goto(`${EMPTY_URL}/services`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText("No services available at the moment.", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe("service detail (/services/:service)", () => {
  test("shows the service: breadcrumb, title, description, details as bullets, benefits, actions", { tag: "@journey" }, async ({
    page,
    request,
  }) => {
    const problems = watchErrors(page);
    const list: Service[] = await (await request.get("/api/service")).json();
    const target = list[2]!;
    const service: Service = await (await request.get(`/api/service/${target._id}`)).json();
    const settings: SiteSettings = await (await request.get("/api/settings")).json();

    const response = await page.goto(`/services/${service.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(service.title)} \\| `));
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("listitem")).toHaveText([/Home/, /Services/, new RegExp(escapeRegExp(service.title))]);
    await expect(crumbs.getByRole("link", { name: "Services" })).toHaveAttribute("href", "/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.title);
    await expect(page.getByText(service.description, { exact: true })).toBeVisible();
    // The image's alt text as staff wrote it (issue 31).
    await expect(page.getByRole("img", { name: service.imageAlt, exact: true })).toBeVisible();

    const bullets = await page.getByTestId("service-details").getByRole("listitem").allTextContents();
    expect(bullets).toEqual(splitDetails(service.details));
    expect(bullets.length).toBeGreaterThan(1);
    await expect(page.getByTestId("service-benefits").getByRole("listitem")).toHaveText(service.benefits);

    await expect(page.getByRole("link", { name: "Request Service" })).toHaveAttribute("href", `/contact?service=${service.slug}`);
    const call = page.getByRole("link", { name: /Call Now/ });
    await expect(call).toHaveAttribute("href", telHref(settings.phones[0]!.value));
    await expect(call).toHaveAttribute("href", /^tel:\+?\d{6,}$/);

    // Up to 3 other services, never this one, in list order.
    const others = page.getByTestId("other-services").locator("article");
    const expected = list.filter((s) => s._id !== service._id).slice(0, 3);
    await expect(others).toHaveCount(expected.length);
    expect(expected.length).toBeLessThanOrEqual(3);
    for (const [i, s] of expected.entries()) {
      await expect(others.nth(i).getByRole("link", { name: s.title })).toHaveAttribute("href", `/services/${s.slug}`);
    }
    await expect(page.getByTestId("other-services").getByRole("link", { name: service.title })).toHaveCount(0);

    const ld = await jsonLd(page);
    const serviceLd = ld.find((d) => d["@type"] === "Service");
    expect(serviceLd).toMatchObject({
      name: service.title,
      description: service.description,
      areaServed: { name: "India" },
      url: expect.stringMatching(new RegExp(`^https?://[^/]+/services/${service.slug}$`)),
      provider: { "@id": expect.stringMatching(/^https?:\/\/[^/]+\/#organization$/) },
    });
    expect(ld.some((d) => d["@type"] === "BreadcrumbList")).toBe(true);
    await expectEnhanced(page);
    expect(problems).toEqual([]);
  });

  test("Request Service goes to the contact page with the service's subject prefilled", { tag: "@journey" }, async ({
    page,
    request,
  }) => {
    const [first] = (await (await request.get("/api/service")).json()) as Service[];
    await page.goto(`/services/${first!.slug}`);
    await expectEnhanced(page);
    await page.getByRole("link", { name: "Request Service" }).click();
    await expect(page).toHaveURL(`/contact?service=${first!.slug}`);
    await expect(page.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue(`Service request: ${first!.title}`);
    await expect(page.getByTestId("contact-service")).toContainText(first!.title);
  });

  test("Request a Quote opens the quote form with the service named in its message, as on /services", {
    tag: "@html",
  }, async ({ request }) => {
    const [first] = (await (await request.get("/api/service")).json()) as Service[];
    // The list's link is a quote for services in general; a service page's names its service.
    for (const [path, named] of [
      ["/services", /^Please quote for a service: /],
      [`/services/${first!.slug}`, new RegExp(`^Please quote for your service: ${escapeRegExp(first!.title)}\\.$`)],
    ] as const) {
      const { screen } = await readPage(request, path);
      const href = screen.getByRole("link", { name: "Request a Quote" }).getAttribute("href") ?? "";
      expect(new URL(href, "http://site").pathname, path).toBe("/quote");
      const quote = await readPage(request, href);
      expect(quote.status).toBe(200);
      const message = quote.screen.getByRole("textbox", { name: "Message (optional)" }) as HTMLTextAreaElement;
      expect(message.value, path).toMatch(named);
      quote.screen.getByRole("button", { name: "Send Quote Request" });
    }
  });

  test("the first service's Other Services are the next three", { tag: "@html" }, async ({ request }) => {
    const list: Service[] = await (await request.get("/api/service")).json();
    const { screen } = await readPage(request, `/services/${list[0]!.slug}`);
    const headings = within(screen.getByTestId("other-services")).getAllByRole("heading");
    expect(headings.map(textOf)).toEqual(list.slice(1, 4).map((s) => s.title));
  });

  test("has no accessibility violations", { tag: "@a11y" }, async ({ page, request }) => {
    const [first] = (await (await request.get("/api/service")).json()) as Service[];
    await page.goto(`/services/${first!.slug}`);
    await expectNoA11yViolations(page);
  });

  test("an old id URL redirects permanently (301) to the slug URL", { tag: "@html" }, async ({ request, baseURL }) => {
    const [first] = (await (await request.get("/api/service")).json()) as Service[];
    const res = await request.get(`/services/${first!._id}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toMatch(new RegExp(`/services/${first!.slug}$`));
    // Followed, as a browser does.
    const { status, url, screen } = await readPage(request, `/services/${first!._id}`);
    expect(status).toBe(200);
    expect(url).toBe(`${baseURL}/services/${first!.slug}`);
    expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe(first!.title);
  });

  test('an unknown service shows "Service Not Found" with status 404', { tag: "@html" }, async ({ request }) => {
    const { status, screen, document } = await readPage(request, "/services/no-such-service");
    expect(status).toBe(404);
    expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe("Service Not Found");
    // A real link back to the list.
    expect(screen.getByRole("link", { name: "Back to Services" }).getAttribute("href")).toBe("/services");
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
  });

  test('an unknown service\'s "Service Not Found" view has no accessibility violations', { tag: "@a11y" }, async ({ page }) => {
    const response = await page.goto("/services/no-such-service");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service Not Found");
    await expectNoA11yViolations(page);
  });

  test("an unknown service on the empty database is not found too", { tag: "@html" }, async ({ request }) => {
    const { status, screen } = await readPage(request, `${EMPTY_URL}/services/installation-and-commissioning`);
    expect(status).toBe(404);
    expect(textOf(screen.getByRole("heading", { level: 1 }))).toBe("Service Not Found");
  });
});
