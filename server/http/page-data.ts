import { data, type EntryContext, type ServerBuild } from "react-router";

/**
 * Public pages' loader data, kept out of React Router's serialisation (decision 021).
 *
 * For every document request React Router encodes all loader data (turbo-stream) for the browser's
 * hydration, before our entry renders. Public pages do not hydrate (decision 015): nobody reads that
 * stream, and encoding it was about 5% of an uncached page's CPU and a tenth of what it allocates. So the
 * public routes' loaders (the site layout and the pages in it) hand their data to the request's
 * `pageData` instead and give React Router null; app/entry.server.tsx puts the data back before rendering.
 * Only document requests for public pages have a `pageData` (server/main.ts): `.data` requests and the
 * staff screens, which hydrate, get their loader data serialised as before.
 */

export type PageData = Map<string, unknown>;

const PUBLIC_LAYOUT_ID = "routes/site-layout";
/** What `data(value, init)` makes: its status and headers must still reach React Router. */
const DATA_WITH_INIT = Object.getPrototypeOf(data(null));

/** The build with the public routes' loaders wrapped (production: the build is loaded once). */
export function keepPublicLoaderDataOut(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route?.module.loader;
    if (!route || !loader || (id !== PUBLIC_LAYOUT_ID && route.parentId !== PUBLIC_LAYOUT_ID)) {
      routes[id] = route;
      continue;
    }
    const keptOut: typeof loader = async (args) => {
      const result = await loader(args);
      const pageData = args.context.pageData;
      if (!pageData || result instanceof Response) return result;
      if (result !== null && typeof result === "object" && Object.getPrototypeOf(result) === DATA_WITH_INIT) {
        const { data: value, init } = result as ReturnType<typeof data>;
        pageData.set(id, value);
        return data(null, init ?? undefined);
      }
      pageData.set(id, result);
      return null;
    };
    routes[id] = { ...route, module: { ...route.module, loader: keptOut } };
  }
  return { ...build, routes };
}

/** Puts the public routes' loader data back where rendering reads it. */
export function restorePageData(context: EntryContext, pageData: PageData | undefined): void {
  if (!pageData) return;
  for (const [id, value] of pageData) context.staticHandlerContext.loaderData[id] = value;
}
