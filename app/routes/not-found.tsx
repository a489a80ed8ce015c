import { data } from "react-router";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { Route } from "./+types/not-found";

/** Every path no other route claims: a designed page with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Page not found",
    description: "The page you are looking for does not exist or has moved.",
    path: location.pathname,
    noIndex: true,
  });
}

export default function NotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-500" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-700">Page not found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
          Back to the home page
        </a>
        <a
          href="/products"
          className="rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Browse products
        </a>
      </div>
    </div>
  );
}
