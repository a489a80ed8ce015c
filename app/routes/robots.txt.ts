/** Placeholder: issue 3 points crawlers at the sitemap. */
export function loader() {
  return new Response("User-agent: *\nDisallow: /admin\n", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
