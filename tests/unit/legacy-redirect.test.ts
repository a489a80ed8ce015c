import { describe, expect, it } from "vitest";
import { legacyTarget, loader } from "../../app/routes/admin/legacy-redirect";

const target = (pathAndQuery: string) => legacyTarget(new URL(`http://localhost${pathAndQuery}`));

describe("legacyTarget", () => {
  it.each([
    ["/admin/our%20Story", "/admin/our-story"],
    ["/admin/our%20facility?a=1", "/admin/our-facility?a=1"],
    ["/admin/AdminContact", "/admin/contacts"],
    ["/admin/addNewProduct?x=2", "/admin/products?add=1&x=2"],
    ["/admin/products/abc123?subcategory=x", "/admin/products?category=abc123&subcategory=x"],
    ["/admin/products/%E0%A4%AA%E0%A4%82%E0%A4%AA", `/admin/products?category=${encodeURIComponent("पंप")}`],
    ["/admin/unknown", "/admin"],
  ])("%s → %s", (from, to) => {
    expect(target(from)).toBe(to);
  });

  it.each([
    ["/admin/products/%E0%A4%A", "/admin/products"],
    ["/admin/products/%E0%A4%A?subcategory=x", "/admin/products?subcategory=x"],
    ["/admin/products/50%", "/admin/products"],
    ["/admin/products/%", "/admin/products"],
    ["/admin/products/%ZZ", "/admin/products"],
    ["/admin/products/%C3%28", "/admin/products"],
    ["/admin/our%20story%", "/admin"],
    ["/admin/%E0%A4%A", "/admin"],
  ])("malformed escapes in %s lead to %s, never an error", (from, to) => {
    expect(target(from)).toBe(to);
  });

  it("keeps a query string with malformed escapes without throwing", () => {
    expect(target("/admin/products/abc?q=%E0%A4%A")).toMatch(/^\/admin\/products\?category=abc&q=/);
  });

  it("the loader answers a 301 for a malformed category", () => {
    const res = loader({ request: new Request("http://localhost/admin/products/%E0%A4%A") } as Parameters<typeof loader>[0]);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/admin/products");
  });
});
