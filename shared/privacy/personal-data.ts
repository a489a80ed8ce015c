import type { Consents } from "./consent";

/**
 * What /privacy/request shows a person, and the JSON file they download: a summary of the personal data the
 * site holds for their e-mail address (docs/decisions/030-privacy.md).
 */
export interface PersonalData {
  email: string;
  /** Who holds it (Site Settings' company name). */
  heldBy: string;
  generatedAt: string;
  enquiries: {
    reference: string;
    date: string;
    kind: string;
    name: string;
    email: string;
    phone: string;
    company: string;
    subject: string;
    message: string;
    products: { name: string; quantity: number }[];
    source: string;
    /** The privacy notice's version the form showed (null: not from our forms). */
    noticeVersion: number | null;
    consents: Consents;
    consentsChangedAt: string | null;
  }[];
  customers: {
    company: string;
    gstin: string;
    city: string;
    /** The person as the customer record lists them. */
    you: { name: string; phone: string; email: string };
  }[];
  quotations: { number: string; version: number; date: string; validUntil: string; status: string; total: string }[];
  requests: { kind: string; date: string; status: string; outcome: string }[];
}

/** The consents in force for the person: a purpose counts as given while any of their enquiries gives it. */
export function consentsInForce(data: PersonalData): Consents {
  return {
    news: data.enquiries.some((e) => e.consents.news),
    whatsapp: data.enquiries.some((e) => e.consents.whatsapp),
  };
}

/**
 * The person's page: the link's button (the link not used yet), open (with the page's session), after an erasure
 * (what was erased and kept), or closed (why).
 */
export type PrivacyPage =
  | { state: "ready" }
  | { state: "open"; token: string; session: string; data: PersonalData; done?: string; error?: string; correction?: string }
  | { state: "erased"; email: string; report: { erased: string[]; kept: string[] } }
  | { state: "closed"; message: string };
