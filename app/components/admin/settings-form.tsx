import { useId, useState } from "react";
import { type SiteSettings, siteSettingsSchema } from "../../../shared/content/settings";
import { DEFAULT_PRICE_NOTE, DEFAULT_SITE_SETTINGS } from "../../../shared/schemas/defaults";
import { api, errorMessage } from "../../lib/api-client";
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

const SOCIAL: { key: keyof SiteSettings["social"]; label: string }[] = [
  { key: "facebook", label: "Facebook" },
  { key: "linkedin", label: "LinkedIn" },
  { key: "x", label: "X (Twitter)" },
  { key: "instagram", label: "Instagram" },
  { key: "youtube", label: "YouTube" },
];

type NotificationKey = keyof SiteSettings["notifications"];

/** The three lists of who hears of each kind of enquiry (saved as `notifications`). */
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

/** Like rowErrorsOf, for a list under a nested path ("notifications.quotes.1" → row 1). */
function nestedRowErrors(errors: Record<string, string>, path: string): { list?: string; rows: Record<number, string> } {
  const rows: Record<number, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (!key.startsWith(`${path}.`)) continue;
    const index = Number(key.slice(path.length + 1).split(".")[0]);
    if (Number.isInteger(index) && !(index in rows)) rows[index] = message;
  }
  return { list: errors[path], rows };
}

const NOTIFICATIONS_HELP =
  "Who gets an e-mail when an enquiry arrives; several addresses each. When a list is empty, its enquiries go to the first e-mail address under Phone numbers and e-mail addresses.";

export function SettingsForm({ initial }: { initial: SiteSettings }) {
  const id = useId();
  const form = useSettingsSave(initial, (s) => s);
  const { values, errors, set } = form;
  const text = (key: "companyName" | "tagline" | "address" | "mapUrl" | "whatsapp" | "priceNote") => ({
    value: values[key],
    onChange: (v: string) => set(key, v),
    error: errors[key],
  });
  const phones = rowErrorsOf(errors, "phones");
  const emails = rowErrorsOf(errors, "emails");
  const hours = rowErrorsOf(errors, "workingHours");
  const specs = rowErrorsOf(errors, "homeSpecifications");

  return (
    <form noValidate className="space-y-6" onSubmit={form.submit}>
      <Section title="Company" description="Shown in the header, footer, contact page and search results.">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label="Company name" required {...text("companyName")} />
          <TextField label="Tagline" {...text("tagline")} />
        </div>
        <TextField label="Address" multiline rows={2} {...text("address")} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label="Map link" type="url" placeholder="https://maps.google.com/…" {...text("mapUrl")} />
          <TextField label="WhatsApp number" type="tel" placeholder="+91 98765 43210" {...text("whatsapp")} />
        </div>
      </Section>

      <Section
        title="Prices"
        description="A short note shown beside every price on the product pages, under the products of a category, and on the datasheets. Leave empty to show none."
      >
        <TextField label="Price note" placeholder={DEFAULT_PRICE_NOTE} {...text("priceNote")} />
      </Section>

      <Section title="Phone numbers and e-mail addresses">
        <RowsField
          id={`${id}-phones`}
          legend="Phone numbers"
          columns={[
            { key: "label", label: "Phone label", placeholder: "Label (e.g. Sales)" },
            { key: "value", label: "Phone number", placeholder: "+91 427 200 1480", type: "tel" },
          ]}
          rows={values.phones}
          onChange={(rows) => set("phones", rows)}
          reorder
          addLabel="Add Phone"
          rowNoun="Phone"
          maxRows={20}
          error={phones.list}
          rowErrors={phones.rows}
        />
        <RowsField
          id={`${id}-emails`}
          legend="E-mail addresses"
          columns={[
            { key: "label", label: "E-mail label", placeholder: "Label (e.g. Service)" },
            { key: "value", label: "E-mail address", placeholder: "sales@example.com", type: "email" },
          ]}
          rows={values.emails}
          onChange={(rows) => set("emails", rows)}
          reorder
          addLabel="Add E-mail"
          rowNoun="E-mail"
          maxRows={20}
          error={emails.list}
          rowErrors={emails.rows}
        />
      </Section>

      <Section title="Enquiry notifications" description={NOTIFICATIONS_HELP}>
        {NOTIFICATION_LISTS.map((list) => {
          const listErrors = nestedRowErrors(errors, `notifications.${list.key}`);
          return (
            <RowsField
              key={list.key}
              id={`${id}-notify-${list.key}`}
              legend={list.legend}
              columns={[{ key: "value", label: list.column, placeholder: "sales@example.com", type: "email" }]}
              rows={values.notifications[list.key].map((value) => ({ value }))}
              onChange={(rows) =>
                set(
                  "notifications",
                  { ...values.notifications, [list.key]: rows.map((r) => r.value) },
                  `notifications.${list.key}`,
                )
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
      </Section>

      <Section title="Working hours">
        <RowsField
          id={`${id}-hours`}
          legend="Working hours"
          columns={[
            { key: "days", label: "Days", placeholder: "Days (e.g. Mon-Fri)" },
            { key: "hours", label: "Hours", placeholder: "Hours (e.g. 9-6)" },
          ]}
          rows={values.workingHours}
          onChange={(rows) => set("workingHours", rows)}
          reorder
          addLabel="Add Hours"
          rowNoun="Hours"
          maxRows={14}
          error={hours.list}
          rowErrors={hours.rows}
        />
      </Section>

      <Section title="Social links" description="Leave empty to hide a link.">
        <div className="grid gap-4 md:grid-cols-2">
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
      </Section>

      <Section title="Home page specifications" description="The specification table on the home page.">
        <RowsField
          id={`${id}-specs`}
          legend="Specification rows"
          columns={[
            { key: "label", label: "Specification label", placeholder: "Label (e.g. Power range)" },
            { key: "value", label: "Specification value", placeholder: "Value (e.g. 5–250 kW)" },
          ]}
          rows={values.homeSpecifications}
          onChange={(rows) => set("homeSpecifications", rows)}
          reorder
          addLabel="Add Row"
          rowNoun="Specification"
          maxRows={50}
          error={specs.list}
          rowErrors={specs.rows}
        />
      </Section>

      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-slate-100/95 px-4 py-3 sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <SaveBar form={form} />
      </div>
    </form>
  );
}
