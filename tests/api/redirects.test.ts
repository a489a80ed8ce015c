import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countNotFound, NOT_FOUND_KEEP } from "../../server/content/not-found";
import { queryRows } from "../../server/db/client";
import { notFoundPaths } from "../../server/db/schema";
import { expectError, expectValidation, UNKNOWN_ID } from "../support/content-api";
import { type SignedInServer, startSignedInServerProcess } from "../support/process";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { addStaff } from "../support/staff";

/**
 * Old addresses keep working (issue 31, docs/decisions/025): a product's, category's or service's old slug
 * answers 301 to its current address, staff's redirects from the Not found screen, and the count of public
 * paths that answered 404. Pages on the production server with the demo catalogue; the staff API and the
 * count's bound on an in-process server.
 */

let p: SignedInServer;
let s: TestServer;
let owner: string;
beforeAll(async () => {
  [p, s] = await Promise.all([startSignedInServerProcess(ADMIN), startTestServer()]);
  owner = await s.login();
}, 120_000);
afterAll(async () => {
  await Promise.all([p?.stop(), s?.close()]);
});

/** A page request that does not follow redirects: the status and where it points. */
async function visit(path: string, init: RequestInit = {}) {
  const res = await fetch(`${p.server.url}${path}`, { redirect: "manual", ...init });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location") };
}

/** A staff call to the production server. */
async function call(method: string, path: string, json?: unknown) {
  const res = await fetch(`${p.server.url}${path}`, {
    method,
    headers: { "x-auth-token": p.token, ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

const RV_22 = "pn-rv-22-variable-speed-drive-screw-compressor";
/** The slug the category renamed below had. */
let renamedCategory = "";

describe("a record's old slug", () => {
  it("answers 301 to the product's current page, query kept, datasheet too; chains collapse and going back is no loop", async () => {
    const product = (await call("GET", `/api/product/${RV_22}`)).body;
    const category = product.categoryId.slug;
    const old = `/products/${category}/${RV_22}`;
    expect((await visit(old)).status).toBe(200);

    expect((await call("PUT", `/api/product/${product._id}`, { slug: "pn-rv-22-vsd" })).status).toBe(200);
    expect(await visit(old)).toEqual({ status: 301, location: `/products/${category}/pn-rv-22-vsd` });
    expect(await visit(`${old}?utm_source=leaflet&x=1`)).toEqual({
      status: 301,
      location: `/products/${category}/pn-rv-22-vsd?utm_source=leaflet&x=1`,
    });
    expect(await visit(`${old}/datasheet.pdf`)).toEqual({
      status: 301,
      location: `/products/${category}/pn-rv-22-vsd/datasheet.pdf`,
    });
    expect((await visit(`/products/${category}/pn-rv-22-vsd`)).status).toBe(200);

    // a → b → c: a goes straight to c.
    expect((await call("PUT", `/api/product/${product._id}`, { slug: "pn-rv-22" })).status).toBe(200);
    expect(await visit(old)).toEqual({ status: 301, location: `/products/${category}/pn-rv-22` });
    expect(await visit(`/products/${category}/pn-rv-22-vsd`)).toEqual({
      status: 301,
      location: `/products/${category}/pn-rv-22`,
    });

    // Back to the first slug: it is the page again, and the others lead to it.
    expect((await call("PUT", `/api/product/${product._id}`, { slug: RV_22 })).status).toBe(200);
    expect((await visit(old)).status).toBe(200);
    expect(await visit(`/products/${category}/pn-rv-22`)).toEqual({ status: 301, location: old });
    const addresses = (await call("GET", `/api/old-addresses?kind=product&id=${product._id}`)).body;
    expect(addresses.map((a: { path: string }) => a.path).sort()).toEqual([
      `/products/${category}/pn-rv-22`,
      `/products/${category}/pn-rv-22-vsd`,
    ]);
  });

  it("of a category moves its page (query kept) and all its products' pages", async () => {
    const categories = (await call("GET", "/api/category")).body.data as { _id: string; slug: string; productCount: number }[];
    const category = categories.find((c) => c.slug !== "rotary-screw-compressors" && c.productCount > 0)!;
    renamedCategory = category.slug;
    const products = (await call("GET", `/api/product?categoryId=${category._id}&limit=1`)).body.data as { slug: string }[];
    const productSlug = products[0]!.slug;
    expect((await call("PUT", `/api/category/${category._id}`, { slug: "renamed-category" })).status).toBe(200);

    expect(await visit(`/products/${category.slug}`)).toEqual({ status: 301, location: "/products/renamed-category" });
    expect(await visit(`/products/${category.slug}?page=2`)).toEqual({
      status: 301,
      location: "/products/renamed-category?page=2",
    });
    expect(await visit(`/products/${category.slug}/${productSlug}`)).toEqual({
      status: 301,
      location: `/products/renamed-category/${productSlug}`,
    });
    expect((await visit(`/products/renamed-category/${productSlug}`)).status).toBe(200);
    // A made-up product under the old category is still not found.
    expect((await visit(`/products/${category.slug}/no-such-machine`)).status).toBe(404);
  });

  it("of a service answers 301; a slug taken again by another record wins; a deleted record's old slugs are 404", async () => {
    const services = (await call("GET", "/api/service")).body as { _id: string; slug: string }[];
    const [first, second] = services;
    expect(first && second).toBeTruthy();
    expect((await call("PUT", `/api/service/${first!._id}`, { slug: "moved-service" })).status).toBe(200);
    expect(await visit(`/services/${first!.slug}`)).toEqual({ status: 301, location: "/services/moved-service" });

    // Another service takes the first one's old slug: its page is there now, not a redirect.
    expect((await call("PUT", `/api/service/${second!._id}`, { slug: first!.slug })).status).toBe(200);
    expect((await visit(`/services/${first!.slug}`)).status).toBe(200);
    expect((await call("GET", `/api/old-addresses?kind=service&id=${first!._id}`)).body).toEqual([]);
    expect(await visit(`/services/${second!.slug}`)).toEqual({ status: 301, location: `/services/${first!.slug}` });

    // Deleted (in the trash): no redirect to a missing page.
    expect((await call("DELETE", `/api/service/${second!._id}`)).status).toBe(200);
    expect((await visit(`/services/${second!.slug}`)).status).toBe(404);
    expect((await visit(`/services/${first!.slug}`)).status).toBe(404);
  });

  it("is not in the sitemap, which lists the current address", async () => {
    const product = (await call("GET", `/api/product/${RV_22}`)).body;
    const category = product.categoryId.slug;
    const res = await fetch(`${p.server.url}/sitemap.xml`);
    const xml = await res.text();
    expect(xml).toContain(`/products/${category}/${RV_22}</loc>`);
    expect(xml).not.toContain("/pn-rv-22-vsd<");
    expect(xml).not.toContain("/pn-rv-22<");
    expect(xml).toContain("/products/renamed-category</loc>");
    expect(xml).not.toContain(`/products/${renamedCategory}<`);
    expect(xml).not.toContain(`/products/${renamedCategory}/`);
    expect(xml).toContain("/services/moved-service</loc>");
  });

  it("staff list a record's old addresses and remove one, which then answers 404; the removal is in the activity log", async () => {
    const product = (await call("GET", `/api/product/${RV_22}`)).body;
    const category = product.categoryId.slug;
    const [address] = (await call("GET", `/api/old-addresses?kind=product&id=${product._id}`)).body.filter(
      (a: { slug: string }) => a.slug === "pn-rv-22-vsd",
    );
    expect(address).toMatchObject({ slug: "pn-rv-22-vsd", path: `/products/${category}/pn-rv-22-vsd` });
    expect(await call("DELETE", `/api/old-addresses/${address._id}`)).toMatchObject({
      status: 200,
      body: { message: "Old address removed." },
    });
    expect((await visit(`/products/${category}/pn-rv-22-vsd`)).status).toBe(404);
    expect((await call("DELETE", `/api/old-addresses/${address._id}`)).status).toBe(404);
    const log = (await call("GET", "/api/activity?type=redirect")).body;
    expect(log[0]).toMatchObject({ action: "delete", entityType: "redirect", entityLabel: "pn-rv-22-vsd" });
  });
});

describe("public paths that answer 404", () => {
  it("are counted: path without its query, count, last seen, referring host only; not the API, uploads, assets or posts", async () => {
    const referer = "https://www.example-search.test/search?q=pneuma+phone+9876543210";
    await visit("/old-catalogue.html?email=someone%40example.com", { headers: { referer } });
    await visit("/old-catalogue.html", { method: "HEAD" });
    await visit("/old-catalogue.html?page=2");
    for (const path of ["/api/no-such-thing", "/uploads/nothing.webp", "/assets/nothing.js"]) {
      expect((await visit(path)).status, path).toBe(404);
    }
    expect((await visit("/posted-nowhere", { method: "POST" })).status).toBeGreaterThanOrEqual(400);
    expect((await visit("/admin/no-such-screen")).status).toBeLessThan(500);

    const listed = async () => (await call("GET", "/api/not-found")).body as { path: string; hits: number }[];
    await expect.poll(async () => (await listed()).find((r) => r.path === "/old-catalogue.html")?.hits).toBe(3);
    const res = await call("GET", "/api/not-found");
    const row = res.body.find((r: { path: string }) => r.path === "/old-catalogue.html");
    expect(row).toEqual({
      path: "/old-catalogue.html",
      hits: 3,
      lastSeenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      referrerHost: "www.example-search.test",
    });
    expect(res.text).not.toMatch(/someone|9876543210|search\?q|127\.0\.0\.1/);
    const paths = res.body.map((r: { path: string }) => r.path);
    for (const path of ["/api/no-such-thing", "/uploads/nothing.webp", "/assets/nothing.js", "/posted-nowhere"]) {
      expect(paths).not.toContain(path);
    }
    expect(paths.some((path: string) => path.startsWith("/admin"))).toBe(false);
  });

  it("can be pointed at a page: 301 with the query kept, the path leaves the list; removing the redirect makes it 404 again", async () => {
    const made = await call("POST", "/api/redirects", { from: "/old-catalogue.html", to: "/products" });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      message: "/old-catalogue.html now redirects to /products.",
      data: { from: "/old-catalogue.html", to: "/products" },
    });
    expect(await visit("/old-catalogue.html?ref=mail")).toEqual({ status: 301, location: "/products?ref=mail" });
    const paths = (await call("GET", "/api/not-found")).body.map((r: { path: string }) => r.path);
    expect(paths).not.toContain("/old-catalogue.html");

    expect((await call("DELETE", `/api/redirects/${made.body.data._id}`)).status).toBe(200);
    expect((await visit("/old-catalogue.html")).status).toBe(404);
  });

  it("are looked up only when nothing was found: a page that exists (and its datasheet) wins over a redirect from its address", async () => {
    const product = (await call("GET", `/api/product/${RV_22}`)).body;
    const page = `/products/${product.categoryId.slug}/${RV_22}`;
    const made = [
      await call("POST", "/api/redirects", { from: "/about", to: "/contact" }),
      await call("POST", "/api/redirects", { from: `${page}/datasheet.pdf`, to: "/contact" }),
    ];
    try {
      expect(made.map((m) => m.status)).toEqual([201, 201]);
      expect(await visit("/about")).toEqual({ status: 200, location: null });
      expect(await visit(`${page}/datasheet.pdf`)).toEqual({ status: 200, location: null });
    } finally {
      for (const m of made) await call("DELETE", `/api/redirects/${m.body.data._id}`);
    }
  });
});

describe("staff's redirects (API)", () => {
  const redirect = (json: unknown, token = owner) => s.request("POST", "/api/redirects", { json, token });
  const list = async () =>
    ((await s.request("GET", "/api/redirects", { token: owner })).body as { from: string; to: string }[]).map(
      (r) => `${r.from} → ${r.to}`,
    );

  it("collapse chains both ways, so every redirect is one hop", async () => {
    expect((await redirect({ from: "/b", to: "/c" })).status).toBe(201);
    // b → c exists, c → /about is added: b goes straight to /about.
    expect((await redirect({ from: "/c", to: "/about" })).status).toBe(201);
    // a → b is added: b already redirects, so a goes to where b goes.
    const a = await redirect({ from: "/a", to: "/b" });
    expect(a.body.data).toMatchObject({ from: "/a", to: "/about" });
    expect(await list()).toEqual(["/a → /about", "/b → /about", "/c → /about"]);
  });

  it("refuse a redirect that leads back to its source, and targets that are not a page of this site, changing nothing", async () => {
    const before = await list();
    const loop = await redirect({ from: "/about", to: "/b" });
    expectValidation(loop, ["to"]);
    expect(loop.body.message).toBe("A redirect from /about to /b would lead back to /about: choose another page.");
    expectValidation(await redirect({ from: "/x", to: "/x" }), ["to"]);
    for (const to of [
      "https://elsewhere.example/page",
      "//elsewhere.example/page",
      "/api/product",
      "/admin",
      "/page?x=1",
      "/a b",
      "",
    ]) {
      expectValidation(await redirect({ from: "/x", to }), ["to"]);
    }
    expectValidation(await redirect({ from: "elsewhere", to: "/about" }), ["from"]);
    expectValidation(await redirect({}), ["from", "to"]);
    expect(await list()).toEqual(before);
  });

  it("replace a path's redirect when it is pointed elsewhere, and are removed by id (404 once gone); each change is logged", async () => {
    const again = await redirect({ from: "/a", to: "/contact" });
    expect(again.body.data).toMatchObject({ from: "/a", to: "/contact" });
    expect(await list()).toEqual(["/a → /contact", "/b → /about", "/c → /about"]);
    expect((await s.request("DELETE", `/api/redirects/${again.body.data._id}`, { token: owner })).status).toBe(200);
    expectError(await s.request("DELETE", `/api/redirects/${again.body.data._id}`, { token: owner }), 404);
    expectError(await s.request("DELETE", `/api/old-addresses/${UNKNOWN_ID}`, { token: owner }), 404);
    const log = (await s.request("GET", "/api/activity?type=redirect", { token: owner })).body;
    expect(log.slice(0, 2)).toMatchObject([
      { action: "delete", entityType: "redirect", entityLabel: "/a", detail: "Redirected to /contact" },
      { action: "create", entityType: "redirect", entityLabel: "/a", detail: "Redirects to /contact" },
    ]);
  });

  it("are for roles that may change content: editors yes, sales 403, nobody signed in 401", async () => {
    const editor = (await addStaff(s, owner, "editor")).token;
    const sales = (await addStaff(s, owner, "sales")).token;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/redirects"],
      ["POST", "/api/redirects", { from: "/x", to: "/about" }],
      ["DELETE", `/api/redirects/${UNKNOWN_ID}`],
      ["GET", "/api/not-found"],
      ["GET", `/api/old-addresses?kind=product&id=${UNKNOWN_ID}`],
      ["DELETE", `/api/old-addresses/${UNKNOWN_ID}`],
    ];
    for (const [method, path, json] of calls) {
      const allowed = await s.request(method, path, { json, token: editor });
      expect([200, 201, 404], `${method} ${path}`).toContain(allowed.status);
      const refused = await s.request(method, path, { json, token: sales });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe("Your role (sales) cannot manage redirects.");
      expect((await s.request(method, path, { json })).status, `${method} ${path}`).toBe(401);
    }
    expectValidation(await s.request("GET", "/api/old-addresses?kind=banner&id=x", { token: editor }), ["kind"]);
  });
});

describe("the Not found count", () => {
  it(`keeps at most ${NOT_FOUND_KEEP} paths, dropping the least recently seen`, async () => {
    const db = s.ctx.db;
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db
      .insert(notFoundPaths)
      .values(
        Array.from({ length: NOT_FOUND_KEEP }, (_, i) => ({ path: `/old-${i}`, lastSeenAt: new Date(hourAgo.getTime() + i) })),
      );
    for (let i = 0; i < 100; i++) await countNotFound(db, `/new-${i}`, "");
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM not_found_paths`)) as [{ n: number }];
    expect(n).toBe(NOT_FOUND_KEEP);
    const kept = await queryRows<{ path: string }>(
      db,
      sql`SELECT path FROM not_found_paths WHERE path IN ('/old-99', '/old-100', '/new-0')`,
    );
    expect(kept.map((r) => r.path).sort()).toEqual(["/new-0", "/old-100"]);
  });
});
