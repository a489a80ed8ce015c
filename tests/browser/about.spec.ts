import { expect, type Page, test } from "@playwright/test";
import { jsonLd, readPage, textOf, within } from "./html";
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

// What the server renders from the database, read once as served (no browser needed): the story, the core
// values, the facilities, the team, the contact link and the page's own metadata. That the photos show, and
// that without JavaScript the page shows its content, are the browser's (below).
test("the story, core values, facilities and team come from the database; the page links to the contact page and has its metadata", {
  tag: "@html",
}, async ({ request }) => {
  const stories = await getJson<ApiStory[]>(request, "/api/story");
  const values = await getJson<ApiCoreValue[]>(request, "/api/core-values");
  const facilities = await getJson<ApiFacility[]>(request, "/api/facilities");
  const team = await getJson<ApiTeamMember[]>(request, "/api/our-team");
  const { screen, document } = await readPage(request, "/about");

  // The story is the first story section, split into paragraphs.
  const story = stories[0]!;
  const paragraphs = story.content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  screen.getByRole("heading", { level: 2, name: story.title });
  expect([...screen.getByTestId("story-content").querySelectorAll("p")].map(textOf)).toEqual(paragraphs);

  // The core values.
  expect(values).toHaveLength(3);
  const valueList = screen.getByTestId("core-values");
  expect(within(valueList).getAllByRole("heading", { level: 3 }).map(textOf)).toEqual(values.map((v) => v.title));
  for (const v of values) expect(textOf(valueList)).toContain(v.description);

  // The first facility is featured, the rest in a grid, each card with 3 features then "+ N more".
  expect(facilities.length).toBeGreaterThan(1);
  const [first, ...rest] = facilities;
  // The demo data has grid facilities with more than three features, so the "+ N more" line is shown.
  expect(rest.some((f) => f.features.length > 3)).toBe(true);
  const featured = screen.getByTestId("featured-facility");
  expect(textOf(within(featured).getByRole("heading", { level: 3 }))).toBe(first!.title);
  expect(within(featured).getAllByRole("listitem").map(textOf)).toEqual(first!.features);
  expect(featured.querySelectorAll("img")).toHaveLength(1);
  const cards = [...screen.getByTestId("facility-grid").querySelectorAll(":scope > li")];
  expect(cards).toHaveLength(rest.length);
  for (const [i, f] of rest.entries()) {
    const card = within(cards[i]!);
    expect(textOf(card.getByRole("heading", { level: 3 }))).toBe(f.title);
    const hidden = f.features.length - 3;
    const expected = hidden > 0 ? [...f.features.slice(0, 3), `+ ${hidden} more`] : f.features;
    expect(card.getAllByRole("listitem").map(textOf)).toEqual(expected);
  }

  // The leadership team: each member's name, job title, description and photo with the alt text staff wrote (issue 31).
  expect(team.length).toBeGreaterThan(0);
  screen.getByRole("heading", { level: 2, name: "Leadership Team" });
  const members = [...screen.getByTestId("team").querySelectorAll(":scope > li")];
  expect(members).toHaveLength(team.length);
  for (const [i, m] of team.entries()) {
    const member = within(members[i]!);
    expect(textOf(member.getByRole("heading", { level: 3 }))).toBe(m.name);
    expect(textOf(members[i])).toContain(m.position);
    expect(textOf(members[i])).toContain(m.description);
    member.getByRole("img", { name: m.imageAlt });
  }

  // The contact link, followed as a browser would, and the page's own metadata.
  const link = within(screen.getByRole("main")).getByRole("link", { name: "Contact us" });
  expect(link.getAttribute("href")).toBe("/contact");
  expect(document.title).toBe("About Us | Pneuma Air Systems");
  expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/\/about$/);
  expect(jsonLd(document).some((block) => block["@type"] === "BreadcrumbList")).toBe(true);
  const contact = await readPage(request, link.getAttribute("href")!);
  expect(contact.status).toBe(200);
  expect(contact.url).toMatch(/\/contact$/);
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

test("the demo About page has no accessibility violations and no console errors, and its photos show", { tag: "@a11y" }, async ({
  page,
}) => {
  const problems = watchErrors(page);
  await page.goto("/about");
  await expectEnhanced(page);
  await expect(page.getByTestId("featured-facility").locator("img")).toBeVisible();
  const photos = page.getByTestId("team").getByRole("img");
  expect(await photos.count()).toBeGreaterThan(0);
  for (const photo of await photos.all()) await expect(photo).toBeVisible();
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
