import { expect, type Page, test } from "@playwright/test";
import { readPage, textOf, within } from "./html";
import { expectNoA11yViolations } from "./support";

/** The shared public header (SPEC §1, §2 "Public navigation", §9): on phones and on desktops. */

const isPhone = (width: number | undefined) => (width ?? 0) < 1024;

/** Opens a page and waits until its enhancement script has run, so a tap reaches its handler. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-enhanced]").waitFor();
}

test.describe("header on a phone", { tag: "@phone" }, () => {
  test.skip(({ viewport }) => !isPhone(viewport?.width), "the menu toggle exists on small screens only");

  test("the toggle opens and closes the menu with the five links, a search box and Contact Us; choosing a link closes it and navigates; no top strip", async ({
    page,
  }) => {
    await open(page, "/");
    // The top strip with phone and e-mail is hidden on small screens.
    await expect(page.getByRole("link", { name: "Support" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    for (const name of ["Home", "About", "Products", "Services", "Contact Us"]) {
      await expect(menu.getByRole("link", { name, exact: true }).first()).toBeVisible();
    }
    await expect(menu.getByPlaceholder("Search...")).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    // Choosing a link closes the menu and navigates.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("header on a desktop", () => {
  test.skip(({ viewport }) => isPhone(viewport?.width), "the full bar shows on wide screens only");

  test("top strip: phone and e-mail from the settings, Support and FAQ to the contact page", { tag: "@html" }, async ({
    request,
  }) => {
    const settings = await (await request.get("/api/settings")).json();
    const { screen } = await readPage(request, "/");
    const phone = settings.phones[0].value as string;
    const href = (name: string) => screen.getAllByRole("link", { name })[0]?.getAttribute("href");
    expect(href(phone)).toBe(`tel:${phone.replace(/[^\d+]/g, "")}`);
    expect(href(settings.emails[0].value)).toBe(`mailto:${settings.emails[0].value}`);
    expect(screen.getByRole("link", { name: "Support" }).getAttribute("href")).toBe("/contact");
    expect(screen.getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/contact#faq");
    expect(screen.getByRole("link", { name: "Get Quote" }).getAttribute("href")).toBe("/contact");
  });

  test("the logo goes home, and the active item follows the page (Products on the landing, category and product pages)", {
    tag: "@html",
  }, async ({ request }) => {
    const product = (await (await request.get("/api/product?limit=1")).json()).data[0];
    const nav = (served: Awaited<ReturnType<typeof readPage>>) => within(served.screen.getByRole("navigation", { name: "Main" }));
    const productPath = `/products/${product.categoryId.slug}/${product.slug}`;
    for (const path of ["/products", `/products/${product.categoryId.slug}`, productPath]) {
      const served = await readPage(request, path);
      expect(nav(served).getByRole("link", { name: "Products" }).getAttribute("aria-current"), path).toBe("page");
      expect(nav(served).getByRole("link", { name: "Home" }).getAttribute("aria-current"), path).not.toBe("page");
    }
    const productPage = await readPage(request, productPath);
    // The logo is a link home: followed, the home page has Home as its item.
    const logo = productPage.screen.getByRole("link", { name: "Pneuma Air Systems home" }).getAttribute("href") ?? "";
    expect(logo).toBe("/");
    const home = await readPage(request, logo);
    expect(home.url).toMatch(/\/$/);
    expect(nav(home).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
  });
});

test.describe("the header's search box (issue 29)", () => {
  test.skip(
    ({ viewport }) => isPhone(viewport?.width),
    "the header's box shows on wide screens; the phone menu's is tested in search.spec.ts",
  );

  test("is an ARIA combobox: expanded while its suggestions show, the highlighted option named, all by keyboard", {
    tag: ["@focus", "@a11y"],
  }, async ({ page }) => {
    await open(page, "/about");
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search products and services" });
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(box).toHaveAttribute("placeholder", "Search...");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveAttribute("aria-autocomplete", "list");
    await expect(box).toHaveAttribute("aria-controls", "site-search-suggestions");
    await expect(list).toBeHidden();

    // It closes, not expanded, when focus leaves it.
    await box.pressSequentially("rot");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");

    await box.fill("");
    await expect(list).toBeHidden();
    await page.keyboard.type("dry");
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(list).toHaveAttribute("id", "site-search-suggestions");
    const options = list.getByRole("option");
    await expect(options.first()).toHaveText("Air DryersCategory");
    await expect(box).not.toHaveAttribute("aria-activedescendant");

    await page.keyboard.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id")) ?? "");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toBeFocused();
    await expectNoA11yViolations(page);

    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).not.toHaveAttribute("aria-activedescendant");

    // Down opens the list again; Enter on the chosen option opens it.
    await page.keyboard.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/products/air-dryers");
  });
});

test("the bar becomes compact once the page is scrolled more than 10 px", { tag: "@layout" }, async ({ page }) => {
  await open(page, "/about");
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-compact", "false");
  // Two frames later the scroll event has been handled (scroll events are dispatched before a frame's rendering).
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        window.scrollTo(0, 10);
        requestAnimationFrame(() => requestAnimationFrame(resolve));
      }),
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(10);
  await expect(header).toHaveAttribute("data-compact", "false");
  await page.evaluate(() => window.scrollTo(0, 11));
  await expect(header).toHaveAttribute("data-compact", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-compact", "false");
});

test("the search box submits to /search?q=", { tag: ["@phone", "@layout"] }, async ({ page, viewport }) => {
  await open(page, "/");
  if (isPhone(viewport?.width)) await page.getByRole("button", { name: "Open menu" }).click();
  const box = page.getByPlaceholder("Search...").locator("visible=true").first();
  await box.fill("dryer");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=dryer$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the footer shows the quick links, product links, the address and the current year", { tag: "@html" }, async ({
  request,
}) => {
  const settings = await (await request.get("/api/settings")).json();
  const categories = (await (await request.get("/api/category")).json()).data;
  const { document } = await readPage(request, "/");
  const footers = document.querySelectorAll("footer");
  expect(footers).toHaveLength(1);
  const footer = within(footers[0]!);
  const quickLinks = within(footer.getByRole("navigation", { name: "Quick links" }));
  for (const name of ["Home", "About", "Products", "Services", "Contact Us"]) quickLinks.getByRole("link", { name });
  for (const c of categories) {
    expect(footer.getByRole("link", { name: c.name }).getAttribute("href")).toBe(`/products/${c.slug}`);
  }
  expect(textOf(footers[0])).toContain(settings.address);
  expect(textOf(footers[0])).toContain(`© ${new Date().getFullYear()} ${settings.companyName}`);
});
