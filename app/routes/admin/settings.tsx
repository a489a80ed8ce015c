import { useState } from "react";
import { useRevalidator } from "react-router";
import type { SecurityPolicy } from "../../../shared/schemas/security";
import { mayLoad, useCurrentUser } from "../../components/admin/current-user";
import { Dialog } from "../../components/admin/dialog";
import { useEditorForm } from "../../components/admin/editor-form";
import { CheckboxField, FormErrors } from "../../components/admin/fields";
import { GstRates } from "../../components/admin/gst-rates";
import { HistoryPanel } from "../../components/admin/history";
import { IndiamartKeyForm } from "../../components/admin/indiamart";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, ErrorState, PageHeader } from "../../components/admin/screen-parts";
import { loadSettings, SettingsForm } from "../../components/admin/settings-form";
import { api, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/settings";

/**
 * Site Settings (owners): the company details shown across the public site (GET / PUT /api/settings), and
 * the staff sign-in policy (GET / PUT /api/settings/security), which is never public.
 */

export async function clientLoader() {
  // Only owners open this screen (the layout says "Not allowed" to others): nobody else asks for the policy.
  if (!(await mayLoad("settings"))) return { ...(await loadSettings()), policy: "" };
  const [site, policy] = await Promise.all([
    loadSettings(),
    api<SecurityPolicy>("/api/settings/security").catch((err: unknown) =>
      errorMessage(err, "Failed to load the sign-in policy."),
    ),
  ]);
  return { ...site, policy };
}

export const meta = () => adminMeta("Site Settings");

function SignInPolicy({ initial }: { initial: SecurityPolicy }) {
  const { user, update } = useCurrentUser();
  const form = useEditorForm<SecurityPolicy, SecurityPolicy>({
    entity: "Sign-in policy",
    endpoint: "/api/settings/security",
    adding: false,
    success: "Sign-in policy updated successfully!",
    initial,
    validate: () => ({}),
    body: (v) => v,
    failure: (err) => errorMessage(err, "Failed to save the sign-in policy."),
    // An owner without two-factor sign-in who requires it is the first to be asked to set it up.
    onSaved: (saved) => update({ twoFactorSetupRequired: saved.requireTwoFactor && !user.twoFactor }),
  });
  return (
    <section aria-labelledby="sign-in-policy" className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="sign-in-policy" className="text-lg font-bold text-brand-700">
        Staff sign-in
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        When two-factor sign-in is required, everyone without it is asked to set it up right after their password.
      </p>
      <form noValidate onSubmit={form.submit} className="mt-4 space-y-3">
        <CheckboxField
          label="Require two-factor sign-in for all staff"
          checked={form.values.requireTwoFactor}
          onChange={(v) => form.set("requireTwoFactor", v)}
        />
        <FormErrors messages={form.failure ? [form.failure] : []} />
        <button type="submit" className={buttonClass("primary")} disabled={form.busy}>
          {form.busy ? "Saving..." : "Save Sign-in Policy"}
        </button>
      </form>
    </section>
  );
}

/** The settings' earlier versions (the same History view as the edit dialogs). */
function SettingsHistory({ onRestored }: { onRestored: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(true)}>
        History
      </button>
      <Dialog
        open={open}
        size="lg"
        title="History: Site Settings"
        onClose={() => setOpen(false)}
        footer={
          <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(false)}>
            Close
          </button>
        }
      >
        {open && (
          <HistoryPanel
            endpoint="/api/settings/site"
            entity="Settings"
            onBack={() => setOpen(false)}
            onRestored={() => {
              setOpen(false);
              onRestored();
            }}
          />
        )}
      </Dialog>
    </>
  );
}

export default function SettingsScreen({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // A restored version reloads the form from the server.
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Site Settings"
        description="Company details, contact information and links shown on the public site."
        actions={
          <SettingsHistory
            onRestored={async () => {
              await revalidator.revalidate();
              setFormKey((k) => k + 1);
            }}
          />
        }
      />
      {loaderData.error ? (
        <ErrorState text={loaderData.error} onRetry={() => revalidator.revalidate()} />
      ) : (
        <SettingsForm key={formKey} initial={loaderData.settings} />
      )}
      {typeof loaderData.policy === "string" ? (
        <div className="mt-8">
          <ErrorState text={loaderData.policy} onRetry={() => revalidator.revalidate()} />
        </div>
      ) : (
        <SignInPolicy initial={loaderData.policy} />
      )}
      <GstRates />
      <IndiamartKeyForm />
    </div>
  );
}
