import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    description: "Industrial air compressors, dryers and air treatment, designed, built and serviced in Salem, Tamil Nadu.",
    path: "/",
  });
}

/** Placeholder: the public site (issue 3) replaces this page. */
export default function Home({ matches }: Route.ComponentProps) {
  const site = siteInfoFrom(matches);
  return (
    <div className="mx-auto max-w-3xl px-4 py-24">
      <h1 className="text-4xl font-bold text-brand-700">{site?.settings.companyName}</h1>
    </div>
  );
}
