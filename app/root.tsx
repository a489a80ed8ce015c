import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
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
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-800 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has taken over the server's HTML (tests wait for it before tapping).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
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
