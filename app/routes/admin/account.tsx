import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { ROLE_DESCRIPTION, ROLE_LABEL, startScreenOf } from "../../../shared/auth/roles";
import { passwordChangeInput, passwordConfirmInput, twoFactorCodeInput } from "../../../shared/schemas/login";
import { useCurrentUser } from "../../components/admin/current-user";
import { useConfirm } from "../../components/admin/dialog";
import { useEditorForm } from "../../components/admin/editor-form";
import { FormErrors, TextField } from "../../components/admin/fields";
import { textFieldProps, zodErrors } from "../../components/admin/form-utils";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, ErrorState, formatDate, PageHeader } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { api, clearToken, errorMessage, LOGIN_PATH } from "../../lib/api-client";
import type { Route } from "./+types/account";

/**
 * My account (/admin/account), for everyone: my details, my password (the current one required; my other
 * sessions end), and where I am signed in, with sign-out per device.
 */

interface Session {
  _id: string;
  device: string;
  address: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

interface TwoFactorState {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

export async function clientLoader() {
  try {
    const [sessions, twoFactor] = await Promise.all([api<Session[]>("/api/auth/sessions"), api<TwoFactorState>("/api/auth/2fa")]);
    return { sessions, twoFactor, error: null as string | null };
  } catch (err) {
    return { sessions: [] as Session[], twoFactor: null, error: errorMessage(err, "Failed to load your account.") };
  }
}

export const meta = () => adminMeta("My Account");

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold text-brand-700">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}

const EMPTY_PASSWORDS: PasswordValues = { currentPassword: "", newPassword: "", repeat: "" };

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const [key, setKey] = useState(0);
  // A new key empties the fields after a change.
  const changed = () => {
    setKey((k) => k + 1);
    onChanged();
  };
  return <PasswordFormFields key={key} onChanged={changed} />;
}

function PasswordFormFields({ onChanged }: { onChanged: () => void }) {
  const form = useEditorForm<PasswordValues>({
    entity: "Password",
    endpoint: "/api/auth/password",
    adding: false,
    method: "POST",
    success: "Password changed successfully!",
    initial: EMPTY_PASSWORDS,
    validate: (v) => {
      const errors = zodErrors(passwordChangeInput, v);
      if (!errors.newPassword && v.repeat !== v.newPassword) errors.repeat = "The two new passwords differ.";
      return errors;
    },
    body: (v) => ({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    failure: (err) => errorMessage(err, "Failed to change the password. Please try again."),
    serverIssues: true,
    onSaved: onChanged,
  });
  return (
    <form noValidate onSubmit={form.submit} className="grid max-w-md gap-4">
      <TextField
        label="Current password"
        {...textFieldProps(form, "currentPassword")}
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        label="New password"
        {...textFieldProps(form, "newPassword")}
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters. A few unrelated words are easy to remember and hard to guess."
      />
      <TextField
        label="Repeat the new password"
        {...textFieldProps(form, "repeat")}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormErrors messages={form.failure ? [form.failure] : []} />
      <div>
        <button type="submit" className={buttonClass("primary")} disabled={form.busy}>
          {form.busy ? "Saving..." : "Change Password"}
        </button>
      </div>
    </form>
  );
}

function Sessions({ sessions, onChange }: { sessions: Session[]; onChange: () => void }) {
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const signOut = async (session: Session) => {
    const question = session.current
      ? "Sign out on this device? You will need to sign in again."
      : `Sign out ${session.device} (${session.address})?`;
    if (!(await confirm(question, { confirmLabel: "Sign out", title: "Sign out a device" }))) return;
    setBusy(session._id);
    try {
      await api(`/api/auth/sessions/${encodeURIComponent(session._id)}`, { method: "DELETE" });
      toast.success("Signed out successfully!");
      if (session.current) {
        clearToken();
        navigate(LOGIN_PATH, { replace: true });
      } else onChange();
    } catch (err) {
      toast.error(errorMessage(err, "Failed to sign out that device."));
    } finally {
      setBusy(null);
    }
  };
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {sessions.map((s) => (
        <li key={s._id} data-session={s.device} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {s.device}
              {s.current && (
                <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                  This device
                </span>
              )}
            </p>
            <p className="text-sm text-slate-600">
              {s.address || "Unknown address"} · last used <time dateTime={s.lastUsedAt}>{formatDate(s.lastUsedAt, true)}</time>
            </p>
          </div>
          <button type="button" className={buttonClass("secondary", "sm")} disabled={busy !== null} onClick={() => signOut(s)}>
            {busy === s._id ? "Signing out..." : "Sign out"}
            <span className="sr-only"> {s.current ? "this device" : s.device}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/** The recovery codes, shown once after the set-up, with a way to keep them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const text = `Pneuma admin panel: recovery codes\nEach code works once, instead of a code from the app.\n\n${codes.join("\n")}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "pneuma-recovery-codes.txt";
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className="space-y-4" data-testid="recovery-codes">
      <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        <strong>Save these recovery codes now.</strong> They are shown only this once. Each one works once, instead of a code from
        the app, if you lose your phone. Keep them somewhere safe, away from your phone.
      </p>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center text-slate-900">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass("secondary")} onClick={download}>
          Download codes
        </button>
        <button type="button" className={buttonClass("primary")} onClick={onDone}>
          I have saved my recovery codes
        </button>
      </div>
    </div>
  );
}

/** Scan the QR code (or type the secret), then confirm with the app's code. */
function SetupSteps({ setup, onConfirmed }: { setup: Setup; onConfirmed: (codes: string[]) => void }) {
  const form = useEditorForm<{ code: string }, { recoveryCodes: string[] }>({
    entity: "Two-factor sign-in",
    endpoint: "/api/auth/2fa/confirm",
    adding: false,
    method: "POST",
    success: "Two-factor sign-in turned on successfully!",
    initial: { code: "" },
    validate: (v) => zodErrors(twoFactorCodeInput, v),
    body: (v) => v,
    failure: (err) => errorMessage(err, "Failed to turn on two-factor sign-in."),
    serverIssues: true,
    onSaved: (answer) => onConfirmed(answer.recoveryCodes),
  });
  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
        width={200}
        height={200}
        className="h-48 w-48 rounded border border-slate-200 bg-white p-1 sm:h-52 sm:w-52"
      />
      <div className="min-w-0 space-y-3 text-sm text-slate-700">
        <ol className="list-decimal space-y-1 pl-5">
          <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 2FAS …).</li>
          <li>Scan the QR code, or type this key into the app:</li>
        </ol>
        <p className="font-mono text-base break-all text-slate-900" data-testid="two-factor-secret">
          {setup.secret.match(/.{1,4}/g)?.join(" ")}
        </p>
        <form noValidate onSubmit={form.submit} className="grid max-w-xs gap-3">
          <TextField
            label="Code from the app"
            {...textFieldProps(form, "code")}
            required
            autoComplete="one-time-code"
            inputMode="numeric"
          />
          <FormErrors messages={form.failure && !form.errors.code ? [form.failure] : []} />
          <div>
            <button type="submit" className={buttonClass("primary")} disabled={form.busy}>
              {form.busy ? "Checking..." : "Confirm"}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const form = useEditorForm<{ password: string }>({
    entity: "Two-factor sign-in",
    endpoint: "/api/auth/2fa/disable",
    adding: false,
    method: "POST",
    success: "Two-factor sign-in turned off successfully!",
    initial: { password: "" },
    validate: (v) => zodErrors(passwordConfirmInput, v),
    body: (v) => v,
    failure: (err) => errorMessage(err, "Failed to turn off two-factor sign-in."),
    serverIssues: true,
    onSaved: onDone,
  });
  return (
    <form noValidate onSubmit={form.submit} className="mt-4 grid max-w-md gap-3 border-t border-slate-200 pt-4">
      <TextField
        label="Your password, to turn it off"
        {...textFieldProps(form, "password")}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormErrors messages={form.failure && !form.errors.password ? [form.failure] : []} />
      <div>
        <button type="submit" className={buttonClass("danger-outline")} disabled={form.busy}>
          {form.busy ? "Saving..." : "Turn Off Two-Factor Sign-In"}
        </button>
      </div>
    </form>
  );
}

function TwoFactorSection({ state, onChange }: { state: TwoFactorState; onChange: () => void }) {
  const { update } = useCurrentUser();
  const toast = useToast();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      setSetup(await api<Setup>("/api/auth/2fa/setup", { method: "POST" }));
    } catch (err) {
      toast.error(errorMessage(err, "Failed to start the set-up."));
    } finally {
      setStarting(false);
    }
  };
  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          setSetup(null);
          update({ twoFactor: true, twoFactorSetupRequired: false });
          onChange();
        }}
      />
    );
  }
  if (state.enabled) {
    return (
      <div>
        <p className="text-slate-800">
          <span className="mr-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">On</span>
          Signing in asks for a code from your authenticator app. You have {state.recoveryCodesLeft} unused recovery{" "}
          {state.recoveryCodesLeft === 1 ? "code" : "codes"}.
        </p>
        {state.required ? (
          <p className="mt-3 text-sm text-slate-600">The owners require two-factor sign-in for every staff member.</p>
        ) : (
          <TurnOff
            onDone={() => {
              update({ twoFactor: false });
              onChange();
            }}
          />
        )}
      </div>
    );
  }
  if (setup) return <SetupSteps setup={setup} onConfirmed={setCodes} />;
  return (
    <div className="space-y-3">
      <p className="text-slate-800">
        <span className="mr-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Off</span>
        With two-factor sign-in, a stolen password alone cannot open your account: signing in also asks for a code from an app on
        your phone.
      </p>
      <button type="button" className={buttonClass("primary")} onClick={start} disabled={starting}>
        {starting ? "Starting..." : "Turn On Two-Factor Sign-In"}
      </button>
    </div>
  );
}

export default function AccountScreen({ loaderData }: Route.ComponentProps) {
  const { user, update } = useCurrentUser();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const first = user.mustChangePassword;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="My Account" description="Your details, your password and where you are signed in." />
      {user.twoFactorSetupRequired && !first && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 font-medium text-amber-950">
          The owners require two-factor sign-in for every staff member. Please turn it on below before you continue.
        </p>
      )}
      {first && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 font-medium text-amber-950">
          Welcome, {user.name || user.username}. Please choose your own password before you continue: the one you were given must
          be changed at your first sign-in.
        </p>
      )}
      <Section id="account-details" title="Your details" description="Ask an owner if any of these should change.">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm font-semibold text-slate-600">Name</dt>
          <dd className="break-words text-slate-900">{user.name || "—"}</dd>
          <dt className="text-sm font-semibold text-slate-600">Username</dt>
          <dd className="break-words text-slate-900">{user.username}</dd>
          <dt className="text-sm font-semibold text-slate-600">E-mail</dt>
          <dd className="break-words text-slate-900">{user.email || "—"}</dd>
          <dt className="text-sm font-semibold text-slate-600">Role</dt>
          <dd className="text-slate-900">
            <strong>{ROLE_LABEL[user.role]}</strong>
            <span className="block text-sm text-slate-600">{ROLE_DESCRIPTION[user.role]}</span>
          </dd>
        </dl>
      </Section>
      <Section
        id="account-password"
        title="Change password"
        description="Your current password is needed. Your other devices are signed out; this one stays signed in."
      >
        <PasswordForm
          onChanged={() => {
            update({ mustChangePassword: false });
            // Their first password set, a person goes on to their start screen (a sales person: My day).
            if (first) navigate(startScreenOf(user.role), { replace: true });
            else revalidator.revalidate();
          }}
        />
      </Section>
      <Section
        id="account-two-factor"
        title="Two-factor sign-in"
        description="A code from your phone at every sign-in, as well as your password."
      >
        {loaderData.twoFactor ? (
          <TwoFactorSection state={loaderData.twoFactor} onChange={() => revalidator.revalidate()} />
        ) : (
          <ErrorState text={loaderData.error ?? "Failed to load your account."} onRetry={() => revalidator.revalidate()} />
        )}
      </Section>
      <Section
        id="account-sessions"
        title="Where you are signed in"
        description="Sign out any device you do not recognise or no longer use."
      >
        {loaderData.error ? (
          <ErrorState text={loaderData.error} onRetry={() => revalidator.revalidate()} />
        ) : (
          <Sessions sessions={loaderData.sessions} onChange={() => revalidator.revalidate()} />
        )}
      </Section>
    </div>
  );
}
