import { data, type EntryContext, type LoaderFunctionArgs, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { keepPublicLoaderDataOut, type PageData, restorePageData } from "../../server/http/page-data";

/** The parts of a server build the wrapper reads: routes with their parent and module. */
function buildWith(routes: Record<string, { parentId?: string; loader?: () => unknown }>): ServerBuild {
  const entries = Object.entries(routes).map(([id, { parentId, loader }]) => [
    id,
    { id, parentId, path: id, module: { default: () => null, ...(loader ? { loader } : {}) } },
  ]);
  return { routes: Object.fromEntries(entries) } as unknown as ServerBuild;
}

const load = (build: ServerBuild, id: string, pageData: PageData | undefined) => {
  const loader = build.routes[id]?.module.loader;
  if (!loader) throw new Error(`${id} has no loader`);
  const args = { request: new Request("http://x/"), params: {}, context: { pageData } } as unknown as LoaderFunctionArgs;
  return loader(args);
};

describe("public pages' loader data kept out of React Router's serialisation", () => {
  const product = { name: "PN-RC 2", specifications: [{ specName: "Motor", specValue: "1.5 kW" }] };
  const build = keepPublicLoaderDataOut(
    buildWith({
      root: { loader: () => ({ theme: "site" }) },
      "routes/site-layout": { parentId: "root", loader: () => ({ settings: { companyName: "Pneuma" } }) },
      "routes/product": {
        parentId: "routes/site-layout",
        loader: () => data({ product }, { status: 200, headers: { "X-A": "1" } }),
      },
      "routes/not-found": { parentId: "routes/site-layout", loader: () => data({ missing: true }, { status: 404 }) },
      "routes/moved": {
        parentId: "routes/site-layout",
        loader: () => new Response(null, { status: 301, headers: { Location: "/" } }),
      },
      "routes/about": { parentId: "routes/site-layout" },
      "routes/admin/layout": { parentId: "root", loader: () => ({ staff: true }) },
    }),
  );

  it("gives React Router null for a public page's document request and keeps the data, with data()'s status and headers", async () => {
    const pageData: PageData = new Map();
    expect(await load(build, "routes/site-layout", pageData)).toBeNull();
    const wrapped = (await load(build, "routes/product", pageData)) as ReturnType<typeof data>;
    expect(wrapped.data).toBeNull();
    expect(wrapped.init?.status).toBe(200);
    expect(new Headers(wrapped.init?.headers).get("X-A")).toBe("1");
    expect(((await load(build, "routes/not-found", pageData)) as ReturnType<typeof data>).init?.status).toBe(404);
    expect([...pageData]).toEqual([
      ["routes/site-layout", { settings: { companyName: "Pneuma" } }],
      ["routes/product", { product }],
      ["routes/not-found", { missing: true }],
    ]);
  });

  it("passes a Response on, leaves the root and the staff screens alone, and serialises everything for .data requests", async () => {
    const pageData: PageData = new Map();
    expect(((await load(build, "routes/moved", pageData)) as Response).status).toBe(301);
    expect(await load(build, "root", pageData)).toEqual({ theme: "site" });
    expect(await load(build, "routes/admin/layout", pageData)).toEqual({ staff: true });
    expect(pageData.size).toBe(0);
    expect(build.routes["routes/about"]?.module.loader).toBeUndefined();
    // No pageData: a .data request or a staff screen's document (server/main.ts).
    expect(await load(build, "routes/site-layout", undefined)).toEqual({ settings: { companyName: "Pneuma" } });
  });

  it("puts the data back where rendering reads it", () => {
    const loaderData: Record<string, unknown> = { root: { theme: "site" }, "routes/site-layout": null, "routes/product": null };
    const context = { staticHandlerContext: { loaderData } } as unknown as EntryContext;
    restorePageData(
      context,
      new Map<string, unknown>([
        ["routes/site-layout", { settings: {} }],
        ["routes/product", { product }],
      ]),
    );
    expect(loaderData).toEqual({
      root: { theme: "site" },
      "routes/site-layout": { settings: {} },
      "routes/product": { product },
    });
    restorePageData(context, undefined);
    expect(loaderData["routes/product"]).toEqual({ product });
  });
});
