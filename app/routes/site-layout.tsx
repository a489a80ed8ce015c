import { Outlet } from "react-router";
import { readCategoryLinks, readSettings } from "../../server/content/public-reads";
import { publicSiteSettings } from "../../shared/content/settings";
import { DEFAULT_SITE_SETTINGS } from "../../shared/schemas/defaults";
import { SiteFooter } from "../components/site-footer";
import { SiteHeader } from "../components/site-header/site-header";
import { WhatsAppButton } from "../components/whatsapp-button";
import { orFallback } from "../lib/read-with-fallback.server";
import type { SiteInfo } from "../lib/seo";
import type { Route } from "./+types/site-layout";

const FOOTER_CATEGORIES_MAX = 8;

/** Every public page: header, footer, WhatsApp button and the company details they show (from site settings). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.app;
  const [settings, categories] = await Promise.all([
    orFallback("site settings", () => readSettings(context.app), DEFAULT_SITE_SETTINGS),
    orFallback("categories", () => readCategoryLinks(context.app, FOOTER_CATEGORIES_MAX), []),
  ]);
  // Only what the pages show: this data is public (the page's .data, its HTML), the enquiry addresses are not.
  const site: SiteInfo = { siteUrl: config.siteUrl ?? new URL(request.url).origin, settings: publicSiteSettings(settings.value) };
  // The footer links the first categories and "All products": a long catalogue must not weigh every page.
  return { site, categories: categories.value };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader settings={loaderData.site.settings} />
      <main id="main" className="relative flex-1">
        <Outlet />
      </main>
      <WhatsAppButton
        number={loaderData.site.settings.whatsapp}
        siteUrl={loaderData.site.siteUrl}
        companyName={loaderData.site.settings.companyName}
      />
      <SiteFooter settings={loaderData.site.settings} categories={loaderData.categories} />
    </div>
  );
}
