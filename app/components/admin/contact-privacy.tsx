import { CONSENT_LABEL, CONSENT_PURPOSES } from "../../../shared/privacy/consent";
import type { Contact } from "../../../shared/schemas/enquiry-values";
import { formatDate } from "./screen-parts";

/**
 * What the person was told and agreed to (docs/decisions/030-privacy.md), so staff know before they message them
 * on WhatsApp or add them to product news: the notice's version, each optional consent, and an erasure.
 */
export function ContactPrivacy({ contact }: { contact: Contact }) {
  const p = contact.privacy;
  if (p.erasedAt) {
    return (
      <p className="text-sm text-slate-700" data-testid="contact-privacy">
        The person's details were erased on {formatDate(p.erasedAt, true)}; only what the enquiry was about is kept.
      </p>
    );
  }
  return (
    <div className="text-sm text-slate-700" data-testid="contact-privacy">
      <p>
        {p.noticeVersion === null
          ? "No privacy notice was shown: staff entered this lead, or it came from IndiaMART."
          : `They saw version ${p.noticeVersion} of the privacy notice with the form.`}
      </p>
      <ul className="mt-1 space-y-0.5">
        {CONSENT_PURPOSES.map((purpose) => (
          <li key={purpose}>
            <span className="font-semibold">{p.consents[purpose] ? "Agreed" : "Not agreed"}:</span> “{CONSENT_LABEL[purpose]}”
          </li>
        ))}
      </ul>
      {p.consentsChangedAt && <p className="mt-1">Consent withdrawn on {formatDate(p.consentsChangedAt, true)}.</p>}
    </div>
  );
}
