import type { Route } from "./+types/robots.txt";

/** Crawlers: everything public, nothing under /admin or /api/, and where the sitemap is. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.app.config.siteUrl ?? new URL(request.url).origin;
  const body = ["User-agent: *", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
