import { redirect } from "react-router";
import type { Route } from "./+types/legacy-redirect";

/** The spec's older admin paths and where they live now (keys: lower case, decoded). */
const TARGETS: Record<string, string> = {
  "our story": "/admin/our-story",
  "our core": "/admin/our-core",
  "our facility": "/admin/our-facility",
  "our team": "/admin/our-team",
  orders: "/admin/services",
  productscategories: "/admin/categories",
  admincontact: "/admin/contacts",
  industry: "/admin/industrial",
  addnewproduct: "/admin/products?add=1",
};

/** A path segment decoded, or null when its percent-escapes are malformed ("%E0%A4%A", "50%"). */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Where an old admin URL now lives; the query string is kept. A category that cannot be decoded names no
 * category, so it leads to the whole product list rather than to an error.
 */
export function legacyTarget(url: URL): string {
  const segments = url.pathname.split("/").filter(Boolean).map(decodeSegment);
  let target = "/admin";
  if (segments[1]?.toLowerCase() === "products" && segments.length > 2) {
    target = segments[2] ? `/admin/products?category=${encodeURIComponent(segments[2])}` : "/admin/products";
  } else {
    target = TARGETS[(segments[1] ?? "").toLowerCase()] ?? "/admin";
  }
  const [path, query = ""] = target.split("?");
  const params = new URLSearchParams(query);
  for (const [k, v] of url.searchParams) if (!params.has(k)) params.append(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : (path ?? "/admin");
}

/** A plain HTTP redirect: works for bookmarks, links and without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(legacyTarget(new URL(request.url)), 301);
}
