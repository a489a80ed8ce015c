import { useId, useState } from "react";
import { type SiteSettings, settingsFields, settingsForm, siteSettingsSchema } from "../../../shared/content/settings";
import { DEFAULT_SITE_SETTINGS } from "../../../shared/schemas/defaults";
import { api, errorMessage } from "../../lib/api-client";
import { DeclaredField, DeclaredRows } from "./declared-field";
import { type EditorForm, useEditorForm } from "./editor-form";
import { FormErrors, NeedsAttention, TextField } from "./fields";
import { rowErrorsOf, zodErrors } from "./form-utils";
import { RowsField } from "./rows-field";
import { buttonClass } from "./screen-parts";

/**
 * The site settings record (GET / PUT /api/settings, JSON). The Settings screen edits every field, the
 * Specifications screen only `homeSpecifications`. Only the fields that changed are sent, so two screens
 * (or two people) editing different parts do not undo each other's work.
 */

const SETTINGS_TEXTS = {
  fetchFailed: "Failed to fetch settings",
  saveFallback: "Failed to save settings",
  invalid: "Please correct the highlighted fields",
};

export async function loadSettings(): Promise<{ settings: SiteSettings; error: string | null }> {
  try {
    const settings = await api<SiteSettings>("/api/settings");
    return { settings: { ...DEFAULT_SITE_SETTINGS, ...settings }, error: null };
  } catch (err) {
    console.error(SETTINGS_TEXTS.fetchFailed, err);
    return { settings: DEFAULT_SITE_SETTINGS, error: SETTINGS_TEXTS.fetchFailed };
  }
}

type Key = keyof SiteSettings;

/** The top-level fields whose value differs from what was loaded. */
function changedFields(saved: SiteSettings, now: Partial<SiteSettings>): Partial<SiteSettings> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(now)) {
    if (JSON.stringify(saved[k as Key]) !== JSON.stringify(v)) out[k] = v;
  }
  return out as Partial<SiteSettings>;
}

/**
 * The form of a settings screen: `pick` chooses the fields it edits (checked with the shared schema, field
 * messages by path); a save sends the ones that changed and "Settings updated successfully!".
 */
export function useSettingsSave<V extends Partial<SiteSettings>>(initial: SiteSettings, pick: (s: SiteSettings) => V) {
  const [saved, setSaved] = useState(initial);
  const form: EditorForm<V> = useEditorForm<V, SiteSettings>({
    entity: "Settings",
    endpoint: "/api/settings",
    adding: false,
    initial: () => pick(initial),
    validate: (values) => zodErrors(siteSettingsSchema, { ...saved, ...values }),
    body: (values) => {
      const changed = changedFields(saved, values);
      return Object.keys(changed).length > 0 ? changed : values;
    },
    failure: (err) => errorMessage(err, SETTINGS_TEXTS.saveFallback),
    invalid: SETTINGS_TEXTS.invalid,
    serverIssues: true,
    onSaved: (answer) => {
      const now = { ...DEFAULT_SITE_SETTINGS, ...answer };
      setSaved(now);
      form.setValues(pick(now));
    },
  });
  return form;
}

export function SaveBar<V>({ form, label = "Save Settings" }: { form: EditorForm<V>; label?: string }) {
  const attentionId = useId();
  return (
    <div className="space-y-3">
      <FormErrors messages={form.messages} />
      <div className="flex flex-wrap items-center justify-end gap-3">
        <NeedsAttention id={attentionId} count={form.attention} />
        <button
          type="submit"
          className={buttonClass("primary")}
          disabled={form.busy}
          aria-describedby={form.attention > 0 ? attentionId : undefined}
        >
          {form.busy ? "Saving..." : label}
        </button>
      </div>
    </div>
  );
}

export function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold text-brand-700">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** The social links (saved as `social`), one box each. */
function SocialLinks({ form }: PartProps) {
  const { values, errors, set } = form;
  return (
    <div className="grid gap-4 md:col-span-2 md:grid-cols-2">
      {SOCIAL.map((s) => (
        <TextField
          key={s.key}
          label={`${s.label} link`}
          type="url"
          placeholder="https://…"
          value={values.social[s.key]}
          onChange={(v) => set("social", { ...values.social, [s.key]: v }, `social.${s.key}`)}
          error={errors[`social.${s.key}`]}
        />
      ))}
    </div>
  );
}

const SOCIAL: { key: keyof SiteSettings["social"]; label: string }[] = [
  { key: "facebook", label: "Facebook" },
  { key: "linkedin", label: "LinkedIn" },
  { key: "x", label: "X (Twitter)" },
  { key: "instagram", label: "Instagram" },
  { key: "youtube", label: "YouTube" },
];

/** The three lists of who hears of each kind of enquiry (saved as `notifications`). */
function NotificationLists({ form }: PartProps) {
  const id = useId();
  const { values, errors, set } = form;
  return (
    <div className="space-y-4 md:col-span-2">
      {NOTIFICATION_LISTS.map((list) => {
        const listErrors = rowErrorsOf(errors, `notifications.${list.key}`);
        return (
          <RowsField
            key={list.key}
            id={`${id}-notify-${list.key}`}
            legend={list.legend}
            columns={[{ key: "value", label: list.column, placeholder: "sales@example.com", type: "email" }]}
            rows={values.notifications[list.key].map((value) => ({ value }))}
            onChange={(rows) =>
              set("notifications", { ...values.notifications, [list.key]: rows.map((r) => r.value) }, `notifications.${list.key}`)
            }
            addLabel={list.add}
            rowNoun={list.noun}
            maxRows={10}
            hint={
              values.notifications[list.key].length === 0
                ? `No addresses: these go to ${values.emails[0]?.value.trim() || "the first e-mail address above"}.`
                : undefined
            }
            error={listErrors.list ?? errors.notifications}
            rowErrors={listErrors.rows}
          />
        );
      })}
    </div>
  );
}

type NotificationKey = keyof SiteSettings["notifications"];

const NOTIFICATION_LISTS: { key: NotificationKey; legend: string; column: string; add: string; noun: string }[] = [
  { key: "quotes", legend: "Quote requests", column: "Quote request address", add: "Add Quote Address", noun: "quote address" },
  {
    key: "services",
    legend: "Service requests",
    column: "Service request address",
    add: "Add Service Address",
    noun: "service address",
  },
  { key: "messages", legend: "Messages", column: "Message address", add: "Add Message Address", noun: "message address" },
];

type SettingsEditor = EditorForm<SiteSettings>;
interface PartProps {
  form: SettingsEditor;
}

/** The parts the declaration names (settingsForm.parts), by name. */
const PARTS: Record<(typeof settingsForm.parts)[keyof typeof settingsForm.parts], (props: PartProps) => React.ReactNode> = {
  socialLinks: SocialLinks,
  notificationLists: NotificationLists,
};

type SettingName = keyof typeof settingsFields;

/** One declared setting: its part, its rows, or its box (texts side by side, a textarea across). */
function SettingField({ name, form }: { name: SettingName; form: SettingsEditor }) {
  const field = { ...settingsFields[name], name };
  const partName = (settingsForm.parts as Partial<Record<SettingName, keyof typeof PARTS>>)[name];
  if (partName) {
    const Part = PARTS[partName];
    return <Part form={form} />;
  }
  const set = (value: unknown) => form.set(name, value as never);
  if (field.control === "rows") {
    return (
      <div className="md:col-span-2">
        <DeclaredRows field={field} rows={form.values[name] as Record<string, string>[]} onChange={set} errors={form.errors} />
      </div>
    );
  }
  // A number setting (the quotation validity) is edited as typed text; the check reads it back as a number.
  const value = form.values[name];
  const text = typeof value === "number" ? String(value) : (value as string);
  const box = <DeclaredField field={field} value={text} onChange={set} error={form.errors[name]} />;
  return field.control === "textarea" ? <div className="md:col-span-2">{box}</div> : box;
}

/** The Settings screen's form, drawn from the declaration (shared/content/settings.ts): its sections and fields. */
export function SettingsForm({ initial }: { initial: SiteSettings }) {
  const form = useSettingsSave(initial, (s) => s);
  return (
    <form noValidate className="space-y-6" onSubmit={form.submit}>
      {settingsForm.sections.map((section) => (
        <Section
          key={section.title}
          title={section.title}
          description={"description" in section ? section.description : undefined}
        >
          <div className={section.fields.length > 1 ? "grid gap-4 md:grid-cols-2" : undefined}>
            {section.fields.map((name) => (
              <SettingField key={name} name={name} form={form} />
            ))}
          </div>
        </Section>
      ))}
      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-slate-100/95 px-4 py-3 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <SaveBar form={form} />
      </div>
    </form>
  );
}
