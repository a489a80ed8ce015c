import { expect, type Page, test } from "@playwright/test";
import { LIST_CONTENT } from "../../shared/content/registry";
import { apiCall, signIn } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

/**
 * The phone's tour (playwright.config.ts runs it at 360 px only): every public and admin page is loaded, scanned
 * by axe and checked for sideways scrolling. The pages' own tests check what they do on a desktop; the tests
 * whose point is the width are tagged @phone and run here too.
 */
test.describe.configure({ timeout: 120_000 });

type Slugged = { slug: string };
type Product = Slugged & { categoryId: Slugged };

/**
 * Opens `path`, waits for its first heading and for the admin panel's "Loading..." to go (not for the network
 * to idle: the panel keeps asking for new enquiries), then checks the layout, axe and the console.
 */
async function visit(page: Page, path: string, status: number): Promise<void> {
  const problems = watchErrors(page);
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  await expect(page.getByText("Loading...", { exact: true }), path).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectNoA11yViolations(page);
  // A not-found page's own 404 is the browser's console error; anything else is a problem.
  expect(
    problems.filter((p) => !(status === 404 && /status of 404/.test(p))),
    path,
  ).toEqual([]);
}

test("every public page at 360 px: loads, no sideways scrolling, no axe violations", { tag: "@phone" }, async ({
  page,
  request,
}) => {
  const get = async <T>(path: string): Promise<T> => (await request.get(path)).json() as Promise<T>;
  const categories = (await get<{ data: Slugged[] }>("/api/category")).data;
  const products = (await get<{ data: Product[] }>("/api/product")).data;
  const services = await get<Slugged[]>("/api/service");
  const [product, other] = products;
  const pages: [string, number][] = [
    ["/", 200],
    ["/about", 200],
    ["/products", 200],
    [`/products/${categories[0]!.slug}`, 200],
    [`/products/${product!.categoryId.slug}/${product!.slug}`, 200],
    ["/services", 200],
    [`/services/${services[0]!.slug}`, 200],
    ["/contact", 200],
    [`/quote?product=${product!.slug}`, 200],
    ["/search?q=screw", 200],
    ["/finder?flowUnit=cfm&flowMin=100&pressureMin=7", 200],
    [`/compare?products=${product!.slug},${other!.slug}`, 200],
    ["/tools", 200],
    ["/tools/air-leak-cost", 200],
    ["/tools/fixed-vs-variable-speed", 200],
    ["/tools/sizing", 200],
    ["/privacy", 200],
    ["/privacy/request", 200],
    ["/no-such-page", 404],
  ];
  for (const [path, status] of pages) await visit(page, path, status);
});

test("every admin screen at 360 px: loads, no sideways scrolling, no axe violations", { tag: "@phone" }, async ({ page }) => {
  await visit(page, `${ADMIN_URL}/admin/login`, 200);
  await signIn(page, ADMIN_URL);
  const enquiries = await apiCall<{ _id: string }[]>(ADMIN_URL, "GET", "/api/contacts?limit=1");
  const enquiry =
    enquiries[0] ??
    (
      await apiCall<{ data: { _id: string } }>(ADMIN_URL, "POST", "/api/contacts", {
        name: "Tour Visitor",
        email: "tour@example.com",
        subject: "Tour",
        message: "A message for the tour of the admin screens.",
      })
    ).data;
  const screens = [
    "/admin/dashboard",
    ...LIST_CONTENT.map((c) => `/admin/${c.admin.path}`),
    "/admin/contacts",
    `/admin/contacts/${enquiry._id}`,
    "/admin/categories",
    "/admin/products",
    "/admin/customers",
    "/admin/settings",
    "/admin/specifications",
    "/admin/staff",
    "/admin/activity",
    "/admin/privacy/requests",
    "/admin/privacy/breaches",
    "/admin/privacy/access",
    "/admin/trash",
    "/admin/account",
    "/admin/no-such-screen",
  ];
  // The panel's pages are one document that React Router renders in the browser: each answers 200.
  for (const path of screens) await visit(page, `${ADMIN_URL}${path}`, 200);
});
