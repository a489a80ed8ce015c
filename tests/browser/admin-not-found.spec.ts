import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { apiCall, apiToken, formWithImage, signIn, toasts, unique } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

// Admin tests change data: they run on their own demo server (see playwright.config.ts).
test.use({ baseURL: ADMIN_URL });

/**
 * Old addresses keep working (issue 31, docs/decisions/025): the Not found screen (/admin/not-found-pages)
 * lists the public paths that answered 404, and staff point one at a page ("Redirect to…"); a product's,
 * category's or service's dialog lists its old addresses, which staff may remove. Every path here is unique
 * to the test and the project, and every record is deleted (and purged from the trash) at the end.
 */

/** A made-up path no other test (or the other project) visits. */
const madeUp = (testInfo: TestInfo, label: string) => `/${unique(testInfo, label).toLowerCase().replace(/\s+/g, "-")}`;

/** A public request that does not follow redirects, as a visitor coming from `referer` makes it. */
async function visit(base: string, path: string, referer?: string) {
  const res = await fetch(`${base}${path}`, { redirect: "manual", headers: referer ? { referer } : {} });
  await res.body?.cancel();
  return { status: res.status, location: res.headers.get("location") };
}

/** A row of the "Pages not found" list, by its path. */
const missedRow = (page: Page, path: string) => page.locator(`li[data-path="${path}"]`);
/** A row of the "Redirects" list, by the path it redirects. */
const redirectRow = (page: Page, path: string) => page.locator(`li[data-redirect="${path}"]`);

interface Redirect {
  _id: string;
  from: string;
  to: string;
}

/** Removes the redirects a test made from `paths` (already gone is fine). */
async function removeRedirects(base: string, paths: string[]): Promise<void> {
  for (const r of await apiCall<Redirect[]>(base, "GET", "/api/redirects")) {
    if (paths.includes(r.from)) await apiCall(base, "DELETE", `/api/redirects/${r._id}`);
  }
}

/** Deletes a record a test made (into the trash) and purges it from the trash; already gone is fine. */
async function discard(base: string, type: string, id: string): Promise<void> {
  const token = await apiToken(base);
  for (const url of [`/api/${type}/${id}`, `/api/trash/${type}/${id}`]) {
    const res = await fetch(`${base}${url}`, { method: "DELETE", headers: { "x-auth-token": token } });
    await res.body?.cancel();
    expect([200, 404], `DELETE ${url}`).toContain(res.status);
  }
}

/** Opens "Redirect to…" of a missed path, fills the target and saves; `press` clicks or taps. */
async function redirectTo(page: Page, from: string, to: string, press: (l: Locator) => Promise<void>): Promise<Locator> {
  await press(missedRow(page, from).getByRole("button", { name: `Redirect to… (from ${from})` }));
  const dialog = page.getByRole("dialog", { name: "Redirect to…" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Visitors to ${from} will be sent to this page.`);
  await dialog.getByLabel("Redirect to").fill(to);
  await press(dialog.getByRole("button", { name: "Save redirect" }));
  return dialog;
}

test.describe("the Not found screen", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  test(
    "lists public 404s without their query; Redirect to… sends the old path to the page (301), a loop is refused at the field, and a redirect can be removed",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const brochure = `${madeUp(testInfo, "old brochure")}.html`;
      const catalogue = madeUp(testInfo, "catalogue 2019");
      const offer = madeUp(testInfo, "monsoon offer");
      const referer = "https://www.example-search.test/search?q=pneuma+someone%40example.com";
      try {
        expect((await visit(baseURL!, `${brochure}?email=someone%40example.com&phone=9876543210`, referer)).status).toBe(404);
        expect((await visit(baseURL!, brochure)).status).toBe(404);
        expect((await visit(baseURL!, catalogue, "https://partner.example.org/dealers")).status).toBe(404);
        expect((await visit(baseURL!, offer)).status).toBe(404);

        await page.goto("/admin/not-found-pages");
        await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
        // Counted without waiting for the page: the count is written after the 404 is sent.
        await expect(async () => {
          await page.reload();
          await expect(missedRow(page, brochure)).toContainText("2 visits", { timeout: 1_000 });
          await expect(missedRow(page, offer)).toBeVisible({ timeout: 1_000 });
        }).toPass();
        await expect(missedRow(page, brochure)).toContainText("from www.example-search.test");
        await expect(missedRow(page, brochure).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
        await expect(missedRow(page, brochure).locator("time")).not.toBeEmpty();
        await expect(missedRow(page, catalogue)).toContainText("1 visit · last");
        await expect(missedRow(page, catalogue)).toContainText("from partner.example.org");
        await expect(missedRow(page, offer)).not.toContainText(" · from ");
        // Never the query string, the referring page's address or anything a visitor typed.
        const text = await page.locator("main").innerText();
        expect(text).not.toMatch(/someone|9876543210|email=|search\?q|\/dealers/);
        await expectNoA11yViolations(page);

        // Redirect to… a page: the path leaves the list, and visitors land on the page (301, query kept).
        const dialog = await redirectTo(page, brochure, "/about", (l) => l.click());
        await expect(toasts(page)).toContainText(`${brochure} now redirects to /about.`);
        await expect(dialog).toBeHidden();
        await expect(missedRow(page, brochure)).toHaveCount(0);
        await expect(redirectRow(page, brochure)).toContainText(`${brochure} →redirects to /about`);
        expect(await visit(baseURL!, `${brochure}?ref=mail`)).toEqual({ status: 301, location: "/about?ref=mail" });
        const visitor = await page.context().newPage();
        await visitor.goto(brochure);
        await expect(visitor).toHaveURL(/\/about$/);
        await expect(visitor.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
        await visitor.close();

        // A loop: the offer already leads to the catalogue, so the catalogue cannot lead to the offer.
        await apiCall(baseURL!, "POST", "/api/redirects", { from: offer, to: catalogue });
        await page.reload();
        await expect(missedRow(page, offer)).toHaveCount(0);
        const loop = await redirectTo(page, catalogue, offer, (l) => l.click());
        const field = loop.getByLabel("Redirect to");
        const refusal = `A redirect from ${catalogue} to ${offer} would lead back to ${catalogue}: choose another page.`;
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAccessibleDescription(new RegExp(`${refusal.replace(/[.?]/g, "\\$&")}`));
        await expect(loop).toBeVisible();
        // Another site's address is refused at the field too, and nothing was saved.
        await field.fill("https://elsewhere.example/page");
        await loop.getByRole("button", { name: "Save redirect" }).click();
        await expect(field).toHaveAccessibleDescription(/must be the path of a page on this site/);
        await loop.getByRole("button", { name: "Cancel" }).click();
        await expect(loop).toBeHidden();
        expect((await visit(baseURL!, catalogue)).status).toBe(404);
        await expect(redirectRow(page, catalogue)).toHaveCount(0);

        // Removed (after asking): the old path answers 404 again.
        await redirectRow(page, brochure)
          .getByRole("button", { name: `Remove the redirect from ${brochure}` })
          .click();
        const confirm = page.getByRole("alertdialog");
        await expect(confirm).toContainText(`Remove the redirect from ${brochure}?`);
        await confirm.getByRole("button", { name: "Remove" }).click();
        await expect(toasts(page)).toContainText("Redirect removed.");
        await expect(redirectRow(page, brochure)).toHaveCount(0);
        expect((await visit(baseURL!, brochure)).status).toBe(404);
        expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
      } finally {
        await removeRedirects(baseURL!, [brochure, catalogue, offer]);
      }
    },
  );

  test(
    "no sideways scrolling at 360 px, no axe violations, and Redirect to… works by touch",
    { tag: "@phone" },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const press = (l: Locator) => (testInfo.project.use.hasTouch ? l.tap() : l.click());
      const path = `${madeUp(testInfo, "a rather long old address from the printed leaflet of 2019")}/with-more-parts`;
      try {
        expect((await visit(baseURL!, path, "https://a-long-referring-host-name.example-search.test/q")).status).toBe(404);
        await page.goto("/admin/not-found-pages");
        await expect(async () => {
          await page.reload();
          await expect(missedRow(page, path)).toBeVisible({ timeout: 1_000 });
        }).toPass();
        await expectNoHorizontalScroll(page);
        await expectNoA11yViolations(page);

        const dialog = await redirectTo(page, path, "/services", press);
        await expect(toasts(page)).toContainText(`${path} now redirects to /services.`);
        await expect(dialog).toBeHidden();
        await expect(redirectRow(page, path)).toBeVisible();
        await expectNoHorizontalScroll(page);
        await expectNoA11yViolations(page);
        expect(await visit(baseURL!, path)).toEqual({ status: 301, location: "/services" });
        expect(problems).toEqual([]);
      } finally {
        await removeRedirects(baseURL!, [path]);
      }
    },
  );
});

test.describe("old addresses in a record's dialog", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
  });

  /** Opens the record's edit dialog on its screen and answers the dialog's "Old addresses" section. */
  async function oldAddressesOf(page: Page, screen: string, name: string, entity: string): Promise<Locator> {
    await page.goto(screen);
    await page.getByRole("button", { name: `Edit ${name}`, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `Edit ${entity}` })).toBeVisible();
    return dialog.getByRole("region", { name: "Old addresses" });
  }

  test(
    "a service renamed lists its old address, which redirects until staff remove it (then 404)",
    { tag: ["@journey", "@a11y"] },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const title = unique(testInfo, "Old address service");
      const form = formWithImage({ title, description: "Fixture service", details: "We visit. We repair." });
      const service = await apiCall<{ _id: string; slug: string }>(baseURL!, "POST", "/api/service", form);
      const oldPath = `/services/${service.slug}`;
      const newSlug = `${service.slug}-renamed`;
      try {
        await apiCall(baseURL!, "PUT", `/api/service/${service._id}`, { slug: newSlug });
        expect(await visit(baseURL!, oldPath)).toEqual({ status: 301, location: `/services/${newSlug}` });

        const addresses = await oldAddressesOf(page, "/admin/services", title, "Service");
        await expect(addresses).toContainText("These earlier addresses lead visitors here.");
        await expect(addresses.getByRole("listitem")).toHaveText([`${oldPath}Remove the old address ${oldPath}`]);
        await expectNoHorizontalScroll(page);
        await expectNoA11yViolations(page);
        await addresses.getByRole("button", { name: `Remove the old address ${oldPath}` }).click();
        await expect(addresses).toHaveCount(0);
        expect((await visit(baseURL!, oldPath)).status).toBe(404);
        expect((await visit(baseURL!, `/services/${newSlug}`)).status).toBe(200);
        expect(problems).toEqual([]);
      } finally {
        await discard(baseURL!, "service", service._id);
      }
    },
  );

  test(
    "a category renamed lists its old address in its dialog; removed, it answers 404",
    { tag: "@journey" },
    async ({ page, baseURL }, testInfo) => {
      const problems = watchErrors(page);
      const name = unique(testInfo, "Old address category");
      const category = (await apiCall<{ data: { _id: string; slug: string } }>(baseURL!, "POST", "/api/category", { name })).data;
      const oldPath = `/products/${category.slug}`;
      const newSlug = `${category.slug}-moved`;
      try {
        await apiCall(baseURL!, "PUT", `/api/category/${category._id}`, { slug: newSlug });
        expect(await visit(baseURL!, `${oldPath}?page=2`)).toEqual({ status: 301, location: `/products/${newSlug}?page=2` });

        const addresses = await oldAddressesOf(page, "/admin/categories", name, "Category");
        await expect(addresses.getByRole("listitem")).toHaveCount(1);
        await expect(addresses.getByRole("listitem")).toContainText(oldPath);
        await addresses.getByRole("button", { name: `Remove the old address ${oldPath}` }).click();
        await expect(addresses).toHaveCount(0);
        expect((await visit(baseURL!, oldPath)).status).toBe(404);
        expect(problems).toEqual([]);
      } finally {
        await discard(baseURL!, "category", category._id);
      }
    },
  );
});
