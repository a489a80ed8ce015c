import { useRouteLoaderData } from "react-router";
import { DEFAULT_SITE_SETTINGS } from "../../shared/schemas/defaults";
import { SITE_LAYOUT_ID, type SiteInfo } from "./seo";

/**
 * The Site Settings (phone, address, working hours…) the public layout's loader read, for a page that shows
 * them; the defaults when the layout has none.
 */
export function useSiteSettings() {
  const layout = useRouteLoaderData(SITE_LAYOUT_ID) as { site: SiteInfo } | undefined;
  return layout?.site.settings ?? DEFAULT_SITE_SETTINGS;
}
