import { expect, type Page, test } from "@playwright/test";
import { LIST_CONTENT } from "../../shared/content/registry";
import { apiCall, listTypesCoveringEveryControl, signIn } from "./admin-support";
import { ADMIN_URL, expectNoA11yViolations, expectNoHorizontalScroll, watchErrors } from "./support";

/**
 * The phone's tour (playwright.config.ts runs it at 360 px only): every public and admin page is loaded, scanned
 * by axe (of the list screens, one component, those that show every kind of control) and checked for sideways
 * scrolling. The pages' own tests check what they do on a desktop; the tests
 * whose point is the width are tagged @phone and run here too. The pages are visited in groups of a few, each
 * group a test of its own that either browser worker may take (a new page adds one line to a list below).
 */
test.describe.configure({ mode: "parallel", timeout: 120_000 });

type Slugged = { slug: string };
type Product = Slugged & { categoryId: Slugged };
/** What the public pages' addresses are made of: the demo content's first category, products and service. */
type Demo = { category: Slugged; product: Product; other: Product; service: Slugged };

/**
 * Opens `path`, waits for its first heading and for the admin panel's "Loading..." to go (not for the network
 * to idle: the panel keeps asking for new enquiries), then checks the layout, axe (unless `scan` is false: a
 * screen whose component another visit scans) and the console.
 */
async function visit(page: Page, path: string, status: number, scan = true): Promise<void> {
  const problems = watchErrors(page);
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  await expect(page.getByText("Loading...", { exact: true }), path).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  if (scan) await expectNoA11yViolations(page);
  // A not-found page's own 404 is the browser's console error; anything else is a problem.
  expect(
    problems.filter((p) => !(status === 404 && /status of 404/.test(p))),
    path,
  ).toEqual([]);
}

/** Pages per test: small enough for both workers to share the tour, big enough that set-up stays a small part. */
const GROUP = 5;
const groups = <T>(list: T[]): T[][] =>
  Array.from({ length: Math.ceil(list.length / GROUP) }, (_, i) => list.slice(i * GROUP, (i + 1) * GROUP));

const PUBLIC_PAGES: ((d: Demo) => [string, number])[] = [
  () => ["/", 200],
  () => ["/about", 200],
  () => ["/products", 200],
  (d) => [`/products/${d.category.slug}`, 200],
  (d) => [`/products/${d.product.categoryId.slug}/${d.product.slug}`, 200],
  () => ["/services", 200],
  (d) => [`/services/${d.service.slug}`, 200],
  () => ["/contact", 200],
  (d) => [`/quote?product=${d.product.slug}`, 200],
  () => ["/search?q=screw", 200],
  () => ["/finder?flowUnit=cfm&flowMin=100&pressureMin=7", 200],
  (d) => [`/compare?products=${d.product.slug},${d.other.slug}`, 200],
  () => ["/tools", 200],
  () => ["/tools/air-leak-cost", 200],
  () => ["/tools/fixed-vs-variable-speed", 200],
  () => ["/tools/sizing", 200],
  () => ["/privacy", 200],
  () => ["/privacy/request", 200],
  () => ["/no-such-page", 404],
];

for (const [i, group] of groups(PUBLIC_PAGES).entries()) {
  test(`public pages at 360 px, part ${i + 1}: load, no sideways scrolling, no axe violations`, {
    tag: ["@phone", "@a11y"],
  }, async ({ page, request }) => {
    const get = async <T>(path: string): Promise<T> => (await request.get(path)).json() as Promise<T>;
    const products = (await get<{ data: Product[] }>("/api/product")).data;
    const demo: Demo = {
      category: (await get<{ data: Slugged[] }>("/api/category")).data[0]!,
      product: products[0]!,
      other: products[1]!,
      service: (await get<Slugged[]>("/api/service"))[0]!,
    };
    for (const pageOf of group) {
      const [path, status] = pageOf(demo);
      await visit(page, path, status);
    }
  });
}

/** An enquiry's id for its detail screen: the first in the inbox, or one sent now. */
async function anEnquiry(): Promise<string> {
  const enquiries = await apiCall<{ _id: string }[]>(ADMIN_URL, "GET", "/api/contacts?limit=1");
  if (enquiries[0]) return enquiries[0]._id;
  const made = await apiCall<{ data: { _id: string } }>(ADMIN_URL, "POST", "/api/contacts", {
    name: "Tour Visitor",
    email: "tour@example.com",
    subject: "Tour",
    message: "A message for the tour of the admin screens.",
  });
  return made.data._id;
}

/** The list screens are one component: axe scans those that show every kind of control (admin-support.ts). */
const SCANNED_LISTS = new Set(listTypesCoveringEveryControl(LIST_CONTENT));
type Screen = () => Promise<string> | string;
const ADMIN_SCREENS: (Screen | { path: Screen; scan: false })[] = [
  () => "/admin/dashboard",
  ...LIST_CONTENT.map((c) => {
    const path = () => `/admin/${c.admin.path}`;
    return SCANNED_LISTS.has(c) ? path : { path, scan: false as const };
  }),
  () => "/admin/contacts",
  async () => `/admin/contacts/${await anEnquiry()}`,
  () => "/admin/categories",
  () => "/admin/products",
  () => "/admin/customers",
  () => "/admin/settings",
  () => "/admin/specifications",
  () => "/admin/staff",
  () => "/admin/activity",
  () => "/admin/privacy/requests",
  () => "/admin/privacy/breaches",
  () => "/admin/privacy/access",
  () => "/admin/trash",
  () => "/admin/account",
  () => "/admin/no-such-screen",
];

test("the admin sign-in page at 360 px: loads, no sideways scrolling, no axe violations", { tag: ["@phone", "@a11y"] }, async ({
  page,
}) => {
  await visit(page, `${ADMIN_URL}/admin/login`, 200);
});

for (const [i, group] of groups(ADMIN_SCREENS).entries()) {
  test(`admin screens at 360 px, part ${i + 1}: load, no sideways scrolling, no axe violations`, {
    tag: ["@phone", "@a11y"],
  }, async ({ page }) => {
    await signIn(page, ADMIN_URL);
    // The panel's pages are one document that React Router renders in the browser: each answers 200.
    for (const screen of group) {
      const [path, scan] = typeof screen === "function" ? [screen, true] : [screen.path, screen.scan];
      await visit(page, `${ADMIN_URL}${await path()}`, 200, scan);
    }
  });
}
