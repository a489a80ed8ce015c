import { expect, type Page, test } from "@playwright/test";
import { EMPTY_URL, expectEnhanced, expectNoA11yViolations, openWithPausedClock, watchErrors } from "./support";

/** The About page (SPEC §2 "About", §9): hero slider, story, core values, facilities, team, contact link. */

interface ApiStory {
  title: string;
  content: string;
}
interface ApiCoreValue {
  title: string;
  description: string;
}
interface ApiFacility {
  title: string;
  description: string;
  features: string[];
}
interface ApiTeamMember {
  name: string;
  position: string;
  description: string;
  imageAlt: string;
}

const HERO_TITLES = [
  "Engineering compressed air since 1998",
  "Built in Salem, serving all of India",
  "Service that keeps you running",
];

const carousel = (page: Page) => page.getByRole("region", { name: "About our company" });
const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');
const activeSlideIndex = (page: Page) =>
  slides(page).evaluateAll((els) => els.findIndex((el) => el.getAttribute("data-active") === "true"));
const main = (page: Page) => page.locator("main");

async function getJson<T>(request: import("@playwright/test").APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

test("the hero slider has three static slides that change every 6 seconds", { tag: "@journey" }, async ({ page }) => {
  await openWithPausedClock(page, "/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  await expect(slides(page)).toHaveCount(3);
  for (const [i, title] of HERO_TITLES.entries()) {
    await expect(slides(page).nth(i).getByRole("heading", { level: 2, includeHidden: true })).toHaveText(title);
  }
  expect(await activeSlideIndex(page)).toBe(0);

  await page.clock.runFor(5_900);
  expect(await activeSlideIndex(page)).toBe(0);
  await page.clock.runFor(100);
  await expect.poll(() => activeSlideIndex(page)).toBe(1);
  await page.clock.runFor(5_900);
  expect(await activeSlideIndex(page)).toBe(1);
  await page.clock.runFor(100);
  await expect.poll(() => activeSlideIndex(page)).toBe(2);
  await page.clock.runFor(6_000);
  await expect.poll(() => activeSlideIndex(page)).toBe(0);

  await page.getByRole("button", { name: "Show slide 3 of 3" }).click();
  await expect.poll(() => activeSlideIndex(page)).toBe(2);
});

test("the story is the first story section, split into paragraphs", { tag: "@journey" }, async ({ page, request }) => {
  const stories = await getJson<ApiStory[]>(request, "/api/story");
  const story = stories[0]!;
  const paragraphs = story.content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 2, name: story.title })).toBeVisible();
  await expect(page.getByTestId("story-content").locator("p")).toHaveText(paragraphs);
});

test("the core values come from the database", { tag: "@journey" }, async ({ page, request }) => {
  const values = await getJson<ApiCoreValue[]>(request, "/api/core-values");
  expect(values).toHaveLength(3);
  await page.goto("/about");
  const list = page.getByTestId("core-values");
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(values.map((v) => v.title));
  for (const v of values) await expect(list).toContainText(v.description);
});

test("the first facility is featured and the rest are in a grid, each card with 3 features then “+ N more”", {
  tag: "@journey",
}, async ({ page, request }) => {
  const facilities = await getJson<ApiFacility[]>(request, "/api/facilities");
  expect(facilities.length).toBeGreaterThan(1);
  const [first, ...rest] = facilities;
  // The demo data has grid facilities with more than three features, so the "+ N more" line is shown.
  expect(rest.some((f) => f.features.length > 3)).toBe(true);

  await page.goto("/about");
  const featured = page.getByTestId("featured-facility");
  await expect(featured.getByRole("heading", { level: 3 })).toHaveText(first!.title);
  await expect(featured.getByRole("listitem")).toHaveText(first!.features);
  await expect(featured.locator("img")).toBeVisible();

  const grid = page.getByTestId("facility-grid");
  const cards = grid.locator(":scope > li");
  await expect(cards).toHaveCount(rest.length);
  for (const [i, f] of rest.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(f.title);
    const items = card.getByRole("listitem");
    const hidden = f.features.length - 3;
    const expected = hidden > 0 ? [...f.features.slice(0, 3), `+ ${hidden} more`] : f.features;
    await expect(items).toHaveText(expected);
  }
});

test("the leadership team shows each member's name, job title and description", { tag: "@journey" }, async ({
  page,
  request,
}) => {
  const team = await getJson<ApiTeamMember[]>(request, "/api/our-team");
  expect(team.length).toBeGreaterThan(0);
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 2, name: "Leadership Team" })).toBeVisible();
  const cards = page.getByTestId("team").locator(":scope > li");
  await expect(cards).toHaveCount(team.length);
  for (const [i, m] of team.entries()) {
    await expect(cards.nth(i).getByRole("heading", { level: 3 })).toHaveText(m.name);
    await expect(cards.nth(i)).toContainText(m.position);
    await expect(cards.nth(i)).toContainText(m.description);
    // The photo's alt text as staff wrote it (issue 31).
    await expect(cards.nth(i).getByRole("img", { name: m.imageAlt, exact: true })).toBeVisible();
  }
});

test("the page links to the contact page and carries its own metadata", { tag: "@journey" }, async ({ page }) => {
  await page.goto("/about");
  const link = main(page).getByRole("link", { name: "Contact us", exact: true });
  await expect(link).toHaveAttribute("href", "/contact");
  await expect(page).toHaveTitle("About Us | Pneuma Air Systems");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/about$/);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((text) => text.includes('"BreadcrumbList"'))).toBe(true);
  await link.click();
  await expect(page).toHaveURL(/\/contact$/);
});

test.describe("without JavaScript", { tag: "@no-js" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the server-rendered page shows the first slide, the story, the values and the team", async ({ page }) => {
    await page.goto("/about");
    await expect(slides(page).first()).toHaveAttribute("data-active", "true");
    await expect(slides(page).first().getByRole("heading", { level: 2 })).toHaveText(HERO_TITLES[0]!);
    await expect(page.getByTestId("story-content")).toBeVisible();
    await expect(page.getByTestId("core-values").getByRole("listitem")).toHaveCount(3);
    await expect(page.getByTestId("team")).toBeVisible();
  });
});

test("the demo About page has no accessibility violations and no console errors", { tag: "@a11y" }, async ({ page }) => {
  const problems = watchErrors(page);
  await page.goto("/about");
  await expectEnhanced(page);
  await expectNoA11yViolations(page);
  expect(problems).toEqual([]);
});

test("on an empty database the page shows its built-in content and no empty sections", { tag: ["@journey", "@a11y"] }, async ({
  page,
}) => {
  const problems = watchErrors(page);
  const response = await page.goto(`${EMPTY_URL}/about`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  await expect(slides(page)).toHaveCount(3);
  await expect(page.getByRole("heading", { level: 2, name: "Our Story" })).toBeVisible();
  await expect(page.getByTestId("story-content").locator("p").first()).not.toBeEmpty();
  await expect(page.getByTestId("core-values").getByRole("heading", { level: 3 })).toHaveText([
    "Innovation",
    "Quality",
    "Customer Focus",
  ]);
  await expect(page.getByRole("heading", { name: "Our Facilities" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Leadership Team" })).toHaveCount(0);
  await expect(main(page).getByRole("link", { name: "Contact us", exact: true })).toHaveAttribute("href", "/contact");
  await expectEnhanced(page);
  await expectNoA11yViolations(page);
  expect(problems).toEqual([]);
});
