import { SignInForm } from "../../components/admin/sign-in/sign-in-form";
import type { RouteHandle } from "../../root";
import "./admin.css";
import type { Route } from "./+types/login";

/**
 * The staff sign-in: HTML from the server with one small script (`script: "sign-in"`, app/root.tsx), not the
 * React app the rest of the staff panel is, so its first load is a few KB (docs/decisions/027). After
 * signing in, the page the person wanted loads the panel.
 */
export const handle: RouteHandle = { script: "sign-in" };

/** Nothing to load; with it, the server draws the page rather than the fallback React Router would draw for a route with only a clientLoader. */
export function loader() {
  return null;
}

/**
 * Inside the staff panel, where React Router runs in the browser, a move here (the guard's redirect, logging
 * out) loads the page as a document instead: the sign-in's behaviour is its own script, which only a
 * document load runs. `replace`, as the redirects that lead here do.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.replace(request.url);
  return new Promise<never>(() => {});
}

export function meta() {
  return [{ title: "Sign in | Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminLogin() {
  return (
    <main className="grid min-h-dvh place-items-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-12">
      <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-2xl sm:p-8">
        <div className="mb-6 flex items-center gap-3">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <h1 className="text-2xl font-bold text-brand-700">Admin Panel</h1>
            <p className="text-sm text-slate-600">Sign in to manage the website.</p>
          </div>
        </div>
        <SignInForm />
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-brand-700 underline hover:text-brand-900">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}
