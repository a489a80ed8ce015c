import { useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { loginInput, twoFactorCodeInput } from "../../../shared/schemas/login";
import { TextField } from "../../components/admin/fields";
import { buttonClass, LoadingState } from "../../components/admin/ui";
import { ApiError, api, clearToken, errorMessage, getToken, isAdminPath, setToken } from "../../lib/api-client";
import type { RouteHandle } from "../../root";
import "./admin.css";
import type { Route } from "./+types/login";

const LOGIN_FAILED = "Login failed. Please try again.";

/** Where to go after signing in: the page the user wanted (same-site /admin paths only). */
function target(search: URLSearchParams): string {
  const wanted = search.get("redirectTo");
  return isAdminPath(wanted) && !wanted.startsWith("/admin/login") ? wanted : "/admin/dashboard";
}

/** Someone who is still signed in goes straight on. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!getToken()) return null;
  try {
    await api("/api/auth/verify", { redirectOn401: false });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) clearToken();
    return null;
  }
  throw redirect(target(new URL(request.url).searchParams));
}

/** The staff panel is a React app in the browser (app/root.tsx). */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: "Sign in | Admin Panel" }, { name: "robots", content: "noindex, nofollow" }];
}

export function HydrateFallback() {
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-100">
      <LoadingState />
    </main>
  );
}

type Errors = Partial<Record<"username" | "password", string>>;

type LoginAnswer = { token: string } | { twoFactorRequired: true; ticket: string };

/** The second step for accounts with two-factor sign-in: a code from the app, or a recovery code. */
function CodeStep({
  ticket,
  onDone,
  onRestart,
}: {
  ticket: string;
  onDone: (token: string) => void;
  onRestart: (why: string) => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = twoFactorCodeInput.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const answer = await api<{ token: string }>("/api/auth/login/2fa", {
        method: "POST",
        json: { ticket, code: parsed.data.code },
        redirectOn401: false,
      });
      onDone(answer.token);
    } catch (err) {
      const message = errorMessage(err, LOGIN_FAILED);
      // The ticket is used up (too slow, or five wrong codes): back to the password.
      if (err instanceof ApiError && err.status === 401 && /expired/.test(message)) onRestart(message);
      else setFailure(message);
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div>
        <h2 className="text-lg font-bold text-slate-900">Two-factor sign-in</h2>
        <p className="mt-1 text-sm text-slate-600">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
      </div>
      <TextField
        label="Code"
        name="code"
        value={code}
        onChange={setCode}
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        error={error}
      />
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {failure}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${buttonClass("primary")} w-full`}>
        {busy ? "Verifying..." : "Verify"}
      </button>
      <button type="button" className={`${buttonClass("ghost")} w-full`} onClick={() => onRestart("")}>
        Start again
      </button>
    </form>
  );
}

export default function AdminLogin() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = (token: string) => {
    setToken(token);
    navigate(target(search), { replace: true });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = loginInput.safeParse({ username, password });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await api<LoginAnswer>("/api/auth/login", { method: "POST", json: parsed.data, redirectOn401: false });
      if ("twoFactorRequired" in answer) {
        setPassword("");
        setTicket(answer.ticket);
        setBusy(false);
      } else signedIn(answer.token);
    } catch (err) {
      setFailure(errorMessage(err, LOGIN_FAILED));
      setBusy(false);
    }
  };

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
        {ticket ? (
          <CodeStep
            ticket={ticket}
            onDone={signedIn}
            onRestart={(why) => {
              setTicket(null);
              setFailure(why || null);
            }}
          />
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            <TextField
              label="Username"
              name="username"
              value={username}
              onChange={setUsername}
              required
              autoComplete="username"
              error={errors.username}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              value={password}
              onChange={setPassword}
              required
              autoComplete="current-password"
              error={errors.password}
            />
            {failure && (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                {failure}
              </p>
            )}
            <button type="submit" disabled={busy} className={`${buttonClass("primary")} w-full`}>
              {busy ? "Signing in..." : "Sign in"}
            </button>
          </form>
        )}
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-brand-700 underline hover:text-brand-900">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}
