import { useState } from "react";
import { useRevalidator } from "react-router";
import { ROLE_DESCRIPTION, ROLE_LABEL, ROLES, type Role, type StaffUser } from "../../../shared/auth/roles";
import { dayInWords, indiaDateOf } from "../../../shared/sales/financial-year";
import { PASSWORD_MIN_LENGTH, staffCreateInput, staffUpdateInput } from "../../../shared/schemas/login";
import { mayLoad, useCurrentUser } from "../../components/admin/current-user";
import { useConfirm } from "../../components/admin/dialog";
import { EditorDialog, useEditorForm, useEditorState } from "../../components/admin/editor-form";
import { SelectField, TextField } from "../../components/admin/fields";
import { editorDialogProps, textFieldProps, zodErrors } from "../../components/admin/form-utils";
import { RecordList } from "../../components/admin/record-list";
import { adminMeta, type ListData, loadList } from "../../components/admin/screen-data";
import { buttonClass, formatDate, PageHeader } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { api, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/staff";

/**
 * Staff (/admin/staff, owners): every account with its role, two-factor state, last sign-in and whether it
 * is active; add one (with a first password the person changes at their first sign-in), edit, change the
 * role, disable or enable, set a new password, mark someone on leave (round-robin passes them by), sign out
 * everywhere, clear the sign-in locks, delete.
 */

/** One account as GET /api/users lists it (server/auth/users.ts, toUserListItem). */
interface StaffMember extends StaffUser {
  active: boolean;
  lastSignInAt: string | null;
  /** On leave up to and including this India day (YYYY-MM-DD); null when not. */
  awayUntil: string | null;
  createdAt: string;
}

/** The leave still running on India day `today` (a past one is over), else null. */
const leaveOf = (member: StaffMember, today: string) =>
  member.awayUntil !== null && member.awayUntil >= today ? member.awayUntil : null;

const FETCH_FAILED = "Failed to fetch staff accounts";

export async function clientLoader(): Promise<ListData<StaffMember>> {
  if (!(await mayLoad("staff"))) return { items: [], error: null };
  return loadList<StaffMember>("/api/users", FETCH_FAILED);
}

export const meta = () => adminMeta("Staff");

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: `${ROLE_LABEL[r]}: ${ROLE_DESCRIPTION[r]}` }));

interface AccountValues {
  username: string;
  name: string;
  email: string;
  role: Role;
  password: string;
}

/** Add (all fields) or edit (name, e-mail, role) one account. */
function AccountEditor({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: StaffMember | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const adding = editing === null;
  const form = useEditorForm<AccountValues>({
    entity: "Staff Member",
    endpoint: adding ? "/api/users" : `/api/users/${editing._id}`,
    adding,
    initial: {
      username: editing?.username ?? "",
      name: editing?.name ?? "",
      email: editing?.email ?? "",
      role: editing?.role ?? "editor",
      password: "",
    },
    validate: (v) =>
      adding ? zodErrors(staffCreateInput, v) : zodErrors(staffUpdateInput, { name: v.name, email: v.email, role: v.role }),
    body: (v) => (adding ? v : { name: v.name, email: v.email, role: v.role }),
    failure: (err) => errorMessage(err, "Failed to save the staff account."),
    serverIssues: true,
    onSaved,
  });
  return (
    <EditorDialog form={form} open={open} onClose={onClose}>
      <TextField label="Name" {...textFieldProps(form, "name")} required />
      {adding && (
        <TextField
          label="Username"
          {...textFieldProps(form, "username")}
          required
          autoComplete="off"
          hint="What they sign in with: 3–50 letters, digits, dots, hyphens or underscores."
        />
      )}
      <TextField label="E-mail" {...textFieldProps(form, "email")} type="email" required />
      <SelectField
        label="Role"
        required
        value={form.values.role}
        onChange={(v) => form.set("role", v as Role)}
        options={ROLE_OPTIONS}
        error={form.errors.role}
      />
      {adding && (
        <TextField
          label="First password"
          {...textFieldProps(form, "password")}
          type="password"
          autoComplete="new-password"
          required
          hint="At least 10 characters and not easy to guess. Tell it to the person; they must choose their own at their first sign-in."
        />
      )}
    </EditorDialog>
  );
}

/** An owner sets a new password for someone who forgot theirs; it must be changed at the next sign-in. */
function PasswordEditor({
  member,
  open,
  onClose,
  onSaved,
}: {
  member: StaffMember;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useEditorForm<{ password: string }>({
    entity: "Password",
    endpoint: `/api/users/${member._id}`,
    adding: false,
    success: "New password set successfully!",
    initial: { password: "" },
    validate: (v) => zodErrors(staffUpdateInput.pick({ password: true }).required(), v),
    body: (v) => v,
    failure: (err) => errorMessage(err, "Failed to set the password."),
    serverIssues: true,
    onSaved,
  });
  return (
    <EditorDialog form={form} open={open} onClose={onClose} size="sm">
      <p className="text-sm text-slate-700">
        A new password for <strong>{member.name || member.username}</strong>. They are signed out everywhere and must choose their
        own password at their next sign-in.
      </p>
      <TextField
        label="New password"
        {...textFieldProps(form, "password")}
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters and not easy to guess.`}
      />
    </EditorDialog>
  );
}

/** An owner marks someone on leave up to a day, or back at work (the day cleared). */
function LeaveEditor({ member, onClose, onSaved }: { member: StaffMember; onClose: () => void; onSaved: () => void }) {
  const today = indiaDateOf(new Date());
  const form = useEditorForm<{ awayUntil: string }>({
    entity: "Leave",
    endpoint: `/api/users/${member._id}`,
    adding: false,
    success: "Leave saved successfully!",
    initial: { awayUntil: leaveOf(member, today) ?? "" },
    validate: (v) => zodErrors(staffUpdateInput.pick({ awayUntil: true }).required(), { awayUntil: v.awayUntil || null }),
    body: (v) => ({ awayUntil: v.awayUntil || null }),
    failure: (err) => errorMessage(err, "Failed to save the leave."),
    serverIssues: true,
    onSaved,
  });
  return (
    <EditorDialog form={form} open onClose={onClose} size="sm">
      <p className="text-sm text-slate-700">
        While <strong>{member.name || member.username}</strong> is on leave, new leads (their customers' too) go to the other
        sales people in turn.
      </p>
      <TextField
        label="On leave until"
        {...textFieldProps(form, "awayUntil")}
        type="date"
        min={today}
        hint="The last day of leave, included. Leave it empty when they are back at work."
      />
    </EditorDialog>
  );
}

function Badge({ tone, children }: { tone: "green" | "slate" | "red" | "brand"; children: React.ReactNode }) {
  const tones = {
    green: "bg-green-100 text-green-900",
    slate: "bg-slate-100 text-slate-700",
    red: "bg-red-100 text-red-900",
    brand: "bg-brand-50 text-brand-800 ring-1 ring-brand-200",
  };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

function MemberRow({
  member,
  isMe,
  busy,
  onEdit,
  onPassword,
  onLeave,
  onToggle,
  onSignOut,
  onClearLocks,
  onTwoFactorOff,
  onDelete,
}: {
  member: StaffMember;
  isMe: boolean;
  busy: boolean;
  onEdit: () => void;
  onPassword: () => void;
  onLeave: () => void;
  onToggle: () => void;
  onSignOut: () => void;
  onClearLocks: () => void;
  onTwoFactorOff: () => void;
  onDelete: () => void;
}) {
  const who = member.name || member.username;
  const leave = leaveOf(member, indiaDateOf(new Date()));
  return (
    <li data-staff={member.username} className="grid gap-3 p-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] lg:items-center">
      <div className="min-w-0">
        <h2 className="font-semibold break-words text-slate-900">
          {who}
          {isMe && <span className="ml-1 text-sm font-normal text-slate-600">(you)</span>}
        </h2>
        <p className="text-sm break-words text-slate-600">
          {member.username} · <span className="break-all">{member.email || "no e-mail"}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="brand">{ROLE_LABEL[member.role]}</Badge>
        <Badge tone={member.active ? "green" : "red"}>{member.active ? "Active" : "Disabled"}</Badge>
        <Badge tone={member.twoFactor ? "green" : "slate"}>2FA {member.twoFactor ? "on" : "off"}</Badge>
        {leave && <Badge tone="slate">On leave until {dayInWords(leave)}</Badge>}
        <span className="w-full text-slate-600 lg:w-auto">
          Last sign-in:{" "}
          {member.lastSignInAt ? <time dateTime={member.lastSignInAt}>{formatDate(member.lastSignInAt, true)}</time> : "never"}
        </span>
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onEdit} disabled={busy}>
          Edit<span className="sr-only"> {who}</span>
        </button>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onPassword} disabled={busy}>
          Set password<span className="sr-only"> for {who}</span>
        </button>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onLeave} disabled={busy}>
          Set leave<span className="sr-only"> for {who}</span>
        </button>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onSignOut} disabled={busy}>
          Sign out everywhere<span className="sr-only"> ({who})</span>
        </button>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onClearLocks} disabled={busy}>
          Clear sign-in locks<span className="sr-only"> ({who})</span>
        </button>
        {member.twoFactor && !isMe && (
          <button type="button" className={buttonClass("secondary", "sm")} onClick={onTwoFactorOff} disabled={busy}>
            Turn off 2FA<span className="sr-only"> for {who}</span>
          </button>
        )}
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onToggle} disabled={busy || isMe}>
          {member.active ? "Disable" : "Enable"}
          <span className="sr-only"> {who}</span>
        </button>
        <button type="button" className={buttonClass("danger-outline", "sm")} onClick={onDelete} disabled={busy || isMe}>
          Delete<span className="sr-only"> {who}</span>
        </button>
      </div>
    </li>
  );
}

export default function StaffScreen({ loaderData }: Route.ComponentProps) {
  const { user } = useCurrentUser();
  const editor = useEditorState<StaffMember>();
  const [passwordFor, setPasswordFor] = useState<StaffMember | null>(null);
  const [leaveFor, setLeaveFor] = useState<StaffMember | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const confirm = useConfirm();
  const toast = useToast();

  /** One confirmed call on an account, with its success toast; the server's reason on failure. */
  const act = async (member: StaffMember, question: string, confirmLabel: string, call: () => Promise<unknown>, done: string) => {
    if (!(await confirm(question, { confirmLabel }))) return;
    setBusy(member._id);
    try {
      await call();
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, "Something went wrong. Please try again."));
    } finally {
      setBusy(null);
    }
    await revalidator.revalidate();
  };

  return (
    <div>
      <PageHeader
        title="Staff"
        description="Who can sign in to the admin panel, and what each person may do."
        actions={
          <button type="button" className={buttonClass("primary")} onClick={editor.openAdd}>
            + Add Staff Member
          </button>
        }
      />
      <RecordList error={loaderData.error} onRetry={() => revalidator.revalidate()} emptyText="No staff accounts found">
        {loaderData.items.map((m) => {
          const who = m.name || m.username;
          return (
            <MemberRow
              key={m._id}
              member={m}
              isMe={m._id === user._id}
              busy={busy === m._id}
              onEdit={() => editor.openEdit(m)}
              onPassword={() => setPasswordFor(m)}
              onLeave={() => setLeaveFor(m)}
              onToggle={() =>
                m.active
                  ? act(
                      m,
                      `Disable ${who}? They are signed out at once and cannot sign in until enabled again.`,
                      "Disable",
                      () => api(`/api/users/${m._id}`, { method: "PUT", json: { active: false } }),
                      "Staff Member disabled successfully!",
                    )
                  : act(
                      m,
                      `Enable ${who}? They can sign in again.`,
                      "Enable",
                      () => api(`/api/users/${m._id}`, { method: "PUT", json: { active: true } }),
                      "Staff Member enabled successfully!",
                    )
              }
              onSignOut={() =>
                act(
                  m,
                  `Sign ${who} out on every device?`,
                  "Sign out everywhere",
                  () => api(`/api/users/${m._id}/sessions`, { method: "DELETE" }),
                  "Signed out everywhere successfully!",
                )
              }
              onClearLocks={() =>
                act(
                  m,
                  `Clear the sign-in locks of ${who}? Their failed sign-ins and wrong two-factor codes are forgotten, so they can sign in again at once. Do this once you know the attempts were theirs, or after setting a new password.`,
                  "Clear locks",
                  () => api(`/api/users/${m._id}/sign-in-locks`, { method: "DELETE" }),
                  "Sign-in locks cleared successfully!",
                )
              }
              onTwoFactorOff={() =>
                act(
                  m,
                  `Turn off two-factor sign-in for ${who}? Do this when they have lost their phone and their recovery codes; they can set it up again in My account.`,
                  "Turn off",
                  () => api(`/api/users/${m._id}`, { method: "PUT", json: { twoFactor: false } }),
                  "Two-factor sign-in turned off successfully!",
                )
              }
              onDelete={() =>
                act(
                  m,
                  `Are you sure you want to delete the account of ${who}? Disabling keeps it for later; deleting cannot be undone.`,
                  "Delete",
                  () => api(`/api/users/${m._id}`, { method: "DELETE" }),
                  "Staff Member deleted successfully!",
                )
              }
            />
          );
        })}
      </RecordList>
      <AccountEditor key={editor.key} {...editorDialogProps(editor, revalidator)} />
      {leaveFor && (
        <LeaveEditor
          key={leaveFor._id}
          member={leaveFor}
          onClose={() => setLeaveFor(null)}
          onSaved={() => {
            setLeaveFor(null);
            revalidator.revalidate();
          }}
        />
      )}
      {passwordFor && (
        <PasswordEditor
          key={passwordFor._id}
          member={passwordFor}
          open
          onClose={() => setPasswordFor(null)}
          onSaved={() => {
            setPasswordFor(null);
            revalidator.revalidate();
          }}
        />
      )}
    </div>
  );
}
