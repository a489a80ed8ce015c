import { CONSENT_FIELD, CONSENT_LABEL, CONSENT_PURPOSES, NOTICE_VERSION_FIELD } from "../../shared/privacy/consent";
import { useSiteSettings } from "../lib/site-settings";

/**
 * The privacy notice every form that takes personal data shows before its button (docs/decisions/030-privacy.md):
 * the owners' words from Site Settings → Privacy, a link to the full notice, and the optional purposes as separate
 * unticked boxes (the form works without them). The notice's version goes with the form, so the enquiry records
 * what the person was shown.
 */
export function PrivacyNotice({ idPrefix, values }: { idPrefix: string; values?: Partial<Record<string, string>> }) {
  const settings = useSiteSettings();
  return (
    <section
      aria-labelledby={`${idPrefix}-privacy-title`}
      className="mt-6 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
      data-testid="privacy-notice"
    >
      <h3 id={`${idPrefix}-privacy-title`} className="font-semibold text-slate-900">
        Your personal data
      </h3>
      <p className="mt-1 whitespace-pre-line">{settings.privacyNotice}</p>
      <p className="mt-1">
        <a href="/privacy" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Read our privacy notice
        </a>{" "}
        for who sees your data, where it is kept and your rights.
      </p>
      <input type="hidden" name={NOTICE_VERSION_FIELD} value={settings.privacyNoticeVersion ?? 1} />
      <fieldset className="mt-3">
        <legend className="font-semibold text-slate-900">Optional</legend>
        {CONSENT_PURPOSES.map((purpose) => (
          <div key={purpose} className="mt-2 flex items-start gap-3">
            <input
              id={`${idPrefix}-${CONSENT_FIELD[purpose]}`}
              type="checkbox"
              name={CONSENT_FIELD[purpose]}
              defaultChecked={values?.[CONSENT_FIELD[purpose]] === "on"}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
            />
            <label htmlFor={`${idPrefix}-${CONSENT_FIELD[purpose]}`} className="text-slate-800">
              {CONSENT_LABEL[purpose]}
            </label>
          </div>
        ))}
      </fieldset>
    </section>
  );
}
