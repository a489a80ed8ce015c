import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { ROLE_DESCRIPTION, ROLE_LABEL } from "../../../shared/auth/roles";
import { passwordChangeInput } from "../../../shared/schemas/login";
import { useCurrentUser } from "../../components/admin/current-user";
import { adminMeta } from "../../components/admin/data";
import { useConfirm } from "../../components/admin/dialog";
import { useEditorForm } from "../../components/admin/editor-form";
import { FormErrors, TextField } from "../../components/admin/fields";
import { zodErrors } from "../../components/admin/form-utils";
import { useToast } from "../../components/admin/toast";
import { buttonClass, ErrorState, formatDate, PageHeader } from "../../components/admin/ui";
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

export async function clientLoader() {
  try {
    return { sessions: await api<Session[]>("/api/auth/sessions"), error: null as string | null };
  } catch (err) {
    return { sessions: [] as Session[], error: errorMessage(err, "Failed to load your sessions.") };
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
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        value={form.values.currentPassword}
        onChange={(v) => form.set("currentPassword", v)}
        error={form.errors.currentPassword}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        value={form.values.newPassword}
        onChange={(v) => form.set("newPassword", v)}
        error={form.errors.newPassword}
        hint="At least 10 characters. A few unrelated words are easy to remember and hard to guess."
      />
      <TextField
        label="Repeat the new password"
        name="repeat"
        type="password"
        autoComplete="new-password"
        required
        value={form.values.repeat}
        onChange={(v) => form.set("repeat", v)}
        error={form.errors.repeat}
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

export default function AccountScreen({ loaderData }: Route.ComponentProps) {
  const { user, update } = useCurrentUser();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const first = user.mustChangePassword;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="My Account" description="Your details, your password and where you are signed in." />
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
            if (first) navigate("/admin/dashboard", { replace: true });
            else revalidator.revalidate();
          }}
        />
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
