/**
 * Notice and consent on the forms that take personal data (docs/decisions/030-privacy.md). The notice's text is
 * in Site Settings → Privacy (versioned); the optional purposes are separate unticked boxes, and a form works
 * without them.
 */

/** The optional purposes a person may agree to, each answered on its own. */
export interface Consents {
  /** "Send me product news by e-mail". */
  news: boolean;
  /** "You may message me on WhatsApp about this enquiry". */
  whatsapp: boolean;
}

export const NO_CONSENTS: Consents = { news: false, whatsapp: false };

export const CONSENT_PURPOSES = ["news", "whatsapp"] as const satisfies readonly (keyof Consents)[];
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The boxes' words (on the forms, on /privacy/request and in the admin panel). */
export const CONSENT_LABEL: Record<ConsentPurpose, string> = {
  news: "Send me product news by e-mail",
  whatsapp: "You may message me on WhatsApp about this enquiry",
};

/** The form field each box posts ("on" when ticked); the notice's version goes with it. */
export const CONSENT_FIELD: Record<ConsentPurpose, string> = { news: "consentNews", whatsapp: "consentWhatsapp" };
export const NOTICE_VERSION_FIELD = "noticeVersion";

/** A ticked box as forms and JSON clients send it. */
export function consentGiven(value: unknown): boolean {
  return value === true || value === "on" || value === "true" || value === "yes" || value === "1";
}

export function consentsOf(fields: Record<string, unknown>): Consents {
  return { news: consentGiven(fields[CONSENT_FIELD.news]), whatsapp: consentGiven(fields[CONSENT_FIELD.whatsapp]) };
}

/** The short notice a form shows before its button until owners write their own (Site Settings → Privacy). */
export const DEFAULT_PRIVACY_NOTICE =
  "We collect your name, e-mail address and phone number, your company if you give it, and what you write to us. " +
  "We use them only to answer this enquiry and send you a quotation. " +
  "We keep them for 24 months after our last contact, or longer if you become our customer, as tax law requires.";
