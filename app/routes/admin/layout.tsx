import { useEffect, useId, useState } from "react";
import { isRouteErrorResponse, Link, Navigate, Outlet, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { can, ROLE_LABEL, type StaffUser } from "../../../shared/auth/roles";
import { CurrentUserProvider, keepInSignInCheck, screenPermission, verifySignIn } from "../../components/admin/current-user";
import { ConfirmProvider } from "../../components/admin/dialog";
import { buttonClass, LoadingState, Spinner } from "../../components/admin/screen-parts";
import { Sidebar } from "../../components/admin/sidebar";
import { ToastProvider } from "../../components/admin/toast";
import { MenuIcon } from "../../components/icons";
import { ApiError, clearToken, getToken, LOGIN_PATH, loginUrl, signOut } from "../../lib/api-client";
import type { RouteHandle } from "../../root";
import "./admin.css";
import type { Route } from "./+types/layout";

/** Entering the admin area: no token, or a token the server rejects, sends the user to the login page. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const wanted = url.pathname + url.search;
  if (!getToken()) throw redirect(loginUrl(wanted));
  try {
    return { user: await verifySignIn() };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      clearToken();
      throw redirect(loginUrl(wanted));
    }
    throw err;
  }
}

/** Verified once on entry; moving between screens or reloading a list does not ask again (the server checks every call). */
/** The staff panel is a React app in the browser (app/root.tsx). */
export const handle: RouteHandle = { hydrate: true };

export function shouldRevalidate() {
  return false;
}

export function meta() {
  return [{ title: "Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];
}

export function HydrateFallback() {
  return (
    <div className="grid min-h-dvh place-items-center bg-slate-100">
      <LoadingState />
    </div>
  );
}

const WIDE = "(min-width: 1024px)";

function useIsWide(): boolean {
  const [wide, setWide] = useState(() => typeof window === "undefined" || window.matchMedia(WIDE).matches);
  useEffect(() => {
    const mq = window.matchMedia(WIDE);
    const update = () => setWide(mq.matches);
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  return wide;
}

const ACCOUNT_PATH = "/admin/account";

/** A direct URL to a screen the role cannot use. */
function NotAllowed({ user }: { user: StaffUser }) {
  return (
    <section
      aria-labelledby="not-allowed"
      className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <h1 id="not-allowed" className="text-2xl font-bold text-brand-700">
        Not allowed
      </h1>
      <p className="mt-3 text-slate-700">
        Your role ({user.role}) cannot open this screen. If you need it for your work, ask an owner to change your role.
      </p>
      <Link to="/admin/dashboard" className={`${buttonClass("primary")} mt-6`}>
        Back to the dashboard
      </Link>
    </section>
  );
}

/**
 * The screen, unless the role may not open it, or My account must come first: a first password to change,
 * or two-factor sign-in to set up when the owners require it.
 */
function Screen({ user, pathname }: { user: StaffUser; pathname: string }) {
  const accountFirst = user.mustChangePassword || user.twoFactorSetupRequired;
  if (accountFirst && pathname.replace(/\/+$/, "") !== ACCOUNT_PATH) return <Navigate to={ACCOUNT_PATH} replace />;
  const needs = screenPermission(pathname);
  if (needs && !can(user.role, needs)) return <NotAllowed user={user} />;
  return <Outlet />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [user, setUser] = useState(loaderData.user);
  const wide = useIsWide();
  const [open, setOpen] = useState(wide);
  const [loggingOut, setLoggingOut] = useState(false);
  const sidebarId = useId();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const loading = navigation.state === "loading" && navigation.location?.pathname !== location.pathname;

  // The sidebar starts open on wide screens and closed (an overlay) on phones.
  useEffect(() => setOpen(wide), [wide]);
  // On phones, choosing a section closes the overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    if (!wide) setOpen(false);
  }, [location.pathname]);
  // Escape closes the overlay.
  useEffect(() => {
    if (wide || !open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [wide, open]);

  const logout = async () => {
    setLoggingOut(true);
    await signOut();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <CurrentUserProvider
      value={{
        user,
        update: (changes) => {
          keepInSignInCheck(changes);
          setUser((u) => ({ ...u, ...changes }));
        },
      }}
    >
      <ToastProvider>
        <ConfirmProvider>
          <div className="flex min-h-dvh bg-slate-100">
            <a
              href="#admin-main"
              className="sr-only z-[70] rounded bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
            >
              Skip to content
            </a>
            <Sidebar
              id={sidebarId}
              open={open}
              overlay={!wide}
              onClose={() => setOpen(false)}
              onLogout={logout}
              loggingOut={loggingOut}
            />
            <div className="flex min-w-0 flex-1 flex-col">
              <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 shadow-sm">
                <button
                  type="button"
                  onClick={() => setOpen((v) => !v)}
                  aria-expanded={open}
                  aria-controls={sidebarId}
                  className="grid h-10 w-10 place-items-center rounded-md text-brand-700 hover:bg-brand-50"
                >
                  <MenuIcon className="h-6 w-6" />
                  <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
                </button>
                <p className="text-lg font-bold text-brand-700">Admin Panel</p>
                <div className="ml-auto flex min-w-0 items-center gap-2 text-sm text-slate-600 sm:gap-3">
                  {loading && <Spinner className="h-5 w-5 shrink-0 text-brand-500" />}
                  <span className="hidden truncate md:inline">
                    Signed in as <strong className="text-slate-800">{user.name || user.username}</strong>
                  </span>
                  <span
                    data-testid="signed-in-role"
                    className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200"
                  >
                    <span className="sr-only">Role: </span>
                    {ROLE_LABEL[user.role]}
                  </span>
                  <Link to={ACCOUNT_PATH} className="shrink-0 font-semibold text-brand-700 hover:underline">
                    My account
                  </Link>
                </div>
              </header>
              <main id="admin-main" tabIndex={-1} className="relative flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
                {loading ? <LoadingState /> : <Screen user={user} pathname={location.pathname} />}
              </main>
            </div>
          </div>
        </ConfirmProvider>
      </ToastProvider>
    </CurrentUserProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    error instanceof ApiError ? error.message : isRouteErrorResponse(error) ? error.statusText : "Something went wrong.";
  return (
    <main className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-brand-700">Admin Panel</h1>
      <p role="alert" className="mt-4 text-slate-700">
        {message}
      </p>
      <button type="button" className={`${buttonClass("primary")} mt-6`} onClick={() => window.location.reload()}>
        Retry
      </button>
    </main>
  );
}
