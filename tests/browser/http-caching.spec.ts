import { expect, test } from "@playwright/test";
import { apiToken } from "./admin-support";
import { ADMIN_URL, watchErrors } from "./support";

/**
 * HTTP caching of pages (issues 5 and 13): public pages carry an ETag and a shared-cache Cache-Control, a
 * browser's conditional request gets 304, and a page reused after a 304 still runs its script. Public
 * pages have no inline script, so their CSP has no per-request nonce: the same page is the same bytes.
 * Staff screens are never stored.
 */

const PUBLIC = "public, max-age=0, s-maxage=1, stale-while-revalidate=10";
const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test.describe("page caching", { tag: "@http" }, () => {
  test("public pages have a stable ETag and a CSP without a nonce, and answer 304 when unchanged", async ({ request }) => {
    for (const path of ["/", "/products", "/about", "/services", "/contact"]) {
      const first = await request.get(path);
      const second = await request.get(path);
      expect(first.status(), path).toBe(200);
      expect(first.headers()["cache-control"], path).toBe(PUBLIC);
      const etag = first.headers().etag;
      expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
      // No nonce: the same policy and the same ETag on every answer while the content is the same.
      const csp = first.headers()["content-security-policy"];
      expect(csp, path).toContain("script-src 'self'");
      expect(nonceOf(csp), path).toBeUndefined();
      expect(second.headers()["content-security-policy"], path).toBe(csp);
      expect(second.headers().etag, path).toBe(etag);
      expect(await second.body()).toEqual(await first.body());

      const revalidated = await request.get(path, { headers: { "If-None-Match": etag as string } });
      expect(revalidated.status(), path).toBe(304);
      expect((await revalidated.body()).length).toBe(0);
      expect(revalidated.headers().etag).toBe(etag);
      // A 304's policy (if any) replaces the stored page's: it must be the same one.
      expect(revalidated.headers()["content-security-policy"] ?? csp).toBe(csp);

      const other = await request.get(path, { headers: { "If-None-Match": 'W/"something-else"' } });
      expect(other.status(), path).toBe(200);
    }
  });

  test("staff screens and form posts are never stored", async ({ request }) => {
    for (const path of ["/admin/login", "/admin/dashboard"]) {
      const res = await request.get(path);
      expect(res.headers()["cache-control"], path).toBe("no-store");
      expect(res.headers().etag, path).toBeUndefined();
    }
    const posted = await request.post("/contact", { form: { name: "" } });
    expect(posted.headers()["cache-control"]).toBe("no-store");
  });

  test("a page the browser revalidates (304) still runs its enhancement script", async ({ page }) => {
    const problems = watchErrors(page);
    const first = await page.goto("/about");
    await expect(page.locator("html[data-enhanced]")).toBeAttached();
    const etag = (await first?.allHeaders())?.etag;
    expect(etag).toBeTruthy();
    const again = await page.reload();
    // Chromium asked with the ETag (so the server answered 304) and shows its stored copy.
    expect((await again?.request().allHeaders())?.["if-none-match"]).toBe(etag);
    await expect(page.locator("html[data-enhanced]")).toBeAttached();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a kept page shows a content change in the very next view", async ({ request }, testInfo) => {
    // The admin server (other tests there write too); each project uses its own record.
    const token = await apiToken(ADMIN_URL);
    const headers = { "x-auth-token": token };
    const title = `Kept page check ${testInfo.project.name}`;
    const created = await request.post(`${ADMIN_URL}/api/core-values`, { headers, data: { title } });
    expect(created.status()).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    try {
      const aboutHtml = async () => (await request.get(`${ADMIN_URL}/about`)).text();
      expect(await aboutHtml()).toContain(title);
      expect(await aboutHtml()).toContain(title); // now from the page cache
      const renamed = await request.put(`${ADMIN_URL}/api/core-values/${_id}`, { headers, data: { title: `${title}, renamed` } });
      expect(renamed.status()).toBe(200);
      expect(await aboutHtml()).toContain(`${title}, renamed`);
    } finally {
      await request.delete(`${ADMIN_URL}/api/core-values/${_id}`, { headers });
    }
    expect(await (await request.get(`${ADMIN_URL}/about`)).text()).not.toContain(title);
  });
});
