import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import calculatorPageScript from "./enhance/calculator-page.ts?worker&url";
import enhancementScript from "./enhance/main.ts?worker&url";
import signInPageScript from "./enhance/sign-in-page.ts?worker&url";
import "./app.css";

/**
 * What a route module may say in its `handle` export. `hydrate: true` (the staff panel) loads React and
 * React Router in the browser; every other page is server-rendered HTML with one small enhancement script
 * (app/enhance/, docs/decisions/015): `app/enhance/main.ts`, or, with `script: "calculator"`, the
 * calculator pages' own (`app/enhance/calculator-page.ts`: main.ts's modules plus the calculators), or,
 * with `script: "sign-in"`, the staff sign-in page's (`app/enhance/sign-in-page.ts`, decision 027).
 */
export interface RouteHandle {
  hydrate?: boolean;
  script?: "calculator" | "sign-in";
  /** The page's address is a capability (a buyer's or a person's private link): never put it in a third party's URL. */
  capability?: boolean;
}

const PAGE_SCRIPTS = { calculator: calculatorPageScript, "sign-in": signInPageScript } as const;

/** The element at the end of a public page's body that its first paint waits for. */
const PAGE_END_ID = "page-end";

function useHydratesInBrowser(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}

/** The enhancement script of a public page. */
function usePageScript(): string {
  const script = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.script)
    .findLast((name) => name !== undefined);
  return script ? PAGE_SCRIPTS[script] : enhancementScript;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrate = useHydratesInBrowser();
  const pageScript = usePageScript();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Stylesheets need no nonce (style-src allows our origin). Without this, the server would put the
            script nonce on them, which browsers hide from the DOM, and hydration would report a mismatch. */}
        <Links nonce="" />
        {!hydrate && (
          <>
            {/* The first paint waits for the whole page (the marker at the end of <body>). Otherwise Chromium
                paints the first part early and styles and lays out the rest in one long task after it, which
                a slow phone feels (Lighthouse counts it as blocking time); and a cross-document view
                transition would show a half-parsed page. The HTML is a few KB, so it is all there at once. */}
            <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
            {/* async: it runs in a task of its own once it has arrived, not in the one that lays out the page
                (app/enhance/main.ts). React would move an async script here from anywhere else. */}
            <script type="module" async src={pageScript} />
          </>
        )}
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        {children}
        {!hydrate && <span id={PAGE_END_ID} hidden />}
        {hydrate && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const hydrate = useHydratesInBrowser();
  // Marks the document once React has taken over the server's HTML (tests wait for it before tapping).
  useEffect(() => {
    if (hydrate) document.documentElement.dataset.hydrated = "true";
  }, [hydrate]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-700">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600">
        {notFound ? "The page you are looking for does not exist or has moved." : "Please try again in a moment."}
      </p>
      <a href="/" className="mt-8 inline-block rounded bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
        Back to the home page
      </a>
    </main>
  );
}
