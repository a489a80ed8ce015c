import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { cleanup, configure, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  createMemoryRouter,
  matchRoutes,
  type RouteObject,
  RouterProvider,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { adminRoutes } from "../../app/routes/admin/routes";
import { startTestServer, type TestServer } from "./server";

/**
 * Screen tests (tests/screen/*.test.tsx, README "Test it"): the real admin screens, the route modules of
 * app/routes/admin/routes.ts behind the real admin layout and its sign-in check, rendered in happy-dom
 * (vitest.config.ts, project "screen") against a real API server on a fresh database. Nothing of ours is
 * mocked: the page's URL is the server's, so the api client's relative /api calls (fetch, and XHR for
 * uploads) reach it as they would in a browser.
 */

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

/** happy-dom's own API on its window (not in the DOM's types). */
interface HappyDom {
  setURL(url: string): void;
  settings: { fetch: { interceptor: FetchInterceptor | null } };
}
interface FetchInterceptor {
  beforeAsyncRequest?: (context: { request: Request }) => Promise<Response | undefined>;
}
const happyDom = () => (window as unknown as { happyDOM: HappyDom }).happyDOM;

/** The router of the screen the test rendered last (renderAdmin). */
let shown: ReturnType<typeof createMemoryRouter> | null = null;

// The screens change when the real server answers, as in a browser, not inside act(): React's warnings
// about updates outside act() would only be noise here. Testing Library still wraps its render and events.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
// A real server answers: an upload re-encoded by sharp on a busy 2-core machine takes more than the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

interface ScreenServer {
  /** The file's server (from beforeAll on). */
  readonly server: TestServer;
  /** The staff token the panel holds (localStorage `admin-token`). */
  readonly token: string;
  /**
   * The test's own API call, as staff. The token matters beyond permissions: the test shares the page's
   * fetch (happy-dom's), whose HTTP cache would keep an anonymous read of a public list (max-age=0,
   * stale-while-revalidate) and serve it to the screen's next read; answers to a token are never stored.
   */
  request: TestServer["request"];
}

/**
 * One API server for the test file (demo content with `seeded`), signed in as the owner: the page's URL is
 * the server's and the token is where the panel keeps it. Call once, at the top of the file.
 */
export function setUpScreenServer(options: { seeded?: boolean; env?: Record<string, string> } = {}): ScreenServer {
  let server: TestServer | null = null;
  let token = "";
  beforeAll(async () => {
    server = await startTestServer(options.env, { seeded: options.seeded });
    happyDom().setURL(`${server.url}/admin`);
    token = await server.login();
  });
  beforeEach(() => {
    window.localStorage.setItem("admin-token", token);
  });
  afterEach(async () => {
    // The list a save or delete reloads may still be on its way: it lands before the screen goes, not in
    // the next test (or after the server has stopped).
    const router = shown;
    if (router) await waitFor(() => expect([router.state.navigation.state, router.state.revalidation]).toEqual(["idle", "idle"]));
    cleanup();
    router?.dispose();
    shown = null;
    happyDom().settings.fetch.interceptor = null;
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error("setUpScreenServer: the server starts in beforeAll");
      return server;
    },
    get token() {
      return token;
    },
    request: (method, p, requestOptions = {}) => {
      if (!server) throw new Error("setUpScreenServer: the server starts in beforeAll");
      return server.request(method, p, { token, ...requestOptions });
    },
  };
}

/** What a route module may export that a data router reads (React Router's framework build maps the same). */
interface RouteModule {
  default?: Parameters<typeof UNSAFE_withComponentProps>[0];
  clientLoader?: NonNullable<RouteObject["loader"]>;
  clientAction?: NonNullable<RouteObject["action"]>;
  ErrorBoundary?: Parameters<typeof UNSAFE_withErrorBoundaryProps>[0];
  HydrateFallback?: Parameters<typeof UNSAFE_withHydrateFallbackProps>[0];
  shouldRevalidate?: RouteObject["shouldRevalidate"];
  handle?: unknown;
}

/**
 * A route module as a data router's route: its clientLoader is the loader, and its components get the props
 * (loaderData, params, error …) through the same wrappers React Router's framework build puts around them.
 */
function fromModule(module: RouteModule) {
  return {
    ...(module.default ? { Component: UNSAFE_withComponentProps(module.default) } : {}),
    ...(module.ErrorBoundary ? { ErrorBoundary: UNSAFE_withErrorBoundaryProps(module.ErrorBoundary) } : {}),
    ...(module.HydrateFallback ? { HydrateFallback: UNSAFE_withHydrateFallbackProps(module.HydrateFallback) } : {}),
    ...(module.clientLoader ? { loader: module.clientLoader } : {}),
    ...(module.clientAction ? { action: module.clientAction } : {}),
    ...(module.shouldRevalidate ? { shouldRevalidate: module.shouldRevalidate } : {}),
    ...(module.handle !== undefined ? { handle: module.handle } : {}),
  };
}

/** A route module's properties, loaded once per file and entry. */
const modules = new Map<string, Promise<ReturnType<typeof fromModule>>>();
function load(file: string) {
  let found = modules.get(file);
  if (!found) {
    found = import(/* @vite-ignore */ path.join(APP_DIR, file)).then((m: RouteModule) => fromModule(m));
    modules.set(file, found);
  }
  return found;
}

/** A route config entry (file relative to app/) as a route whose module loads when it first matches. */
function toRouteObject(entry: RouteConfigEntry): RouteObject {
  // React Router's default id: the file without its extension.
  const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
  const lazy = () => load(entry.file);
  if (entry.index) return { id, index: true, path: entry.path, lazy };
  return { id, path: entry.path, caseSensitive: entry.caseSensitive, lazy, children: entry.children?.map(toRouteObject) };
}

/**
 * Renders the admin panel at `path` (e.g. "/admin/faq") in a memory router built from the real route tree.
 * The modules of the routes that match it are loaded first, as the framework's browser entry does before it
 * hydrates: the layout's HydrateFallback then shows while the loaders run, as it does in the browser.
 * app/root.tsx adds nothing the admin screens need (no provider: the admin layout has them); its document
 * shell (<html>, scripts) is the browser tests' concern. Returns Testing Library's queries and a user.
 */
export async function renderAdmin(path: string) {
  happyDom().setURL(new URL(path, window.location.origin).href);
  const routes = adminRoutes.map(toRouteObject);
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (typeof route.lazy !== "function") continue;
    Object.assign(route, await route.lazy());
    delete route.lazy;
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  shown = router;
  const { unmount } = render(<RouterProvider router={router} />);
  // applyAccept off: a person can pick any file ("All files" in the picker), as Playwright's setInputFiles can.
  return { ...screen, user: userEvent.setup({ applyAccept: false }), router, unmount };
}

/**
 * The outside world failing, as Playwright's page.route does in a browser test: the next `times` requests
 * whose method and path match get `answer` (a status and body) instead of reaching the server, or, with
 * "network error", no answer at all. happy-dom's fetch interceptor sees the panel's fetch and XHR calls alike.
 */
export function interceptRequests(
  match: { method?: string; path: string },
  answer: { status: number; body?: unknown } | "network error",
  times = 1,
): void {
  let left = times;
  happyDom().settings.fetch.interceptor = {
    async beforeAsyncRequest({ request }) {
      const url = new URL(request.url);
      if (left === 0 || url.pathname !== match.path || (match.method && request.method !== match.method)) return undefined;
      left--;
      if (answer === "network error") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    },
  };
}
