import type { Consents } from "../privacy/consent";
import type { RecordBase } from "./fields";

/**
 * Enquiry (contact message, quote request, service request) values and answer shapes that public pages
 * need in the browser, kept apart from the zod schemas in contact.ts (zod would add ~24 KB to every visit).
 */

export const CONTACT_STATUSES = ["new", "in-progress", "resolved"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** The kinds of enquiry and the letter that starts each one's reference (M-2026-00042). */
export const CONTACT_TYPES = ["message", "quote", "service"] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const REFERENCE_LETTER: Record<ContactType, string> = { message: "M", quote: "Q", service: "S" };
export const CONTACT_TYPE_LABEL: Record<ContactType, string> = {
  message: "Message",
  quote: "Quote request",
  service: "Service request",
};

/** The name of the hidden field that only bots fill in. */
export const HONEYPOT_FIELD = "website";

/** A quote request lists at most this many products, each with a quantity from 1 to MAX_QUANTITY. */
export const MAX_QUOTE_ITEMS = 20;
export const MAX_QUANTITY = 9999;

/** Public answer to a contact message (SPEC §8). */
export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you soon.";
export const QUOTE_THANK_YOU_MESSAGE = "Thank you! Your quote request has reached our sales team.";
export const quoteThankYou = (reference: string) =>
  `Thank you! Your quote request ${reference} has reached our sales team. We'll reply within one working day.`;
export const serviceRequestSubject = (serviceTitle: string) => `Service request: ${serviceTitle}`;

interface EnquiryProduct {
  _id: string;
  /** The name and slug the product had when the enquiry arrived (it may be renamed or deleted later). */
  name: string;
  slug: string;
}

export interface QuoteItem {
  product: EnquiryProduct & {
    /** The product's page now; null when the product has been deleted. */
    url?: string | null;
  };
  quantity: number;
}

export interface EnquiryService {
  _id: string;
  title: string;
  slug: string;
}

/** Optional sizing details of a quote request, for the engineers. */
export interface QuoteDetails {
  /** Required free air delivery, as the buyer wrote it ("250 cfm", "7 m³/min"). */
  flow: string;
  /** Working pressure, as written ("7 bar"). */
  pressure: string;
  hoursPerDay: number | null;
  application: string;
}

export const EMPTY_DETAILS: QuoteDetails = { flow: "", pressure: "", hoursPerDay: null, application: "" };

/** A lead that came as a phone call (IndiaMART's PNS: the buyer rang the number IndiaMART showed). */
export interface PhoneCall {
  /** How long it lasted, in whole seconds; null when IndiaMART gave no duration. */
  seconds: number | null;
}

/** What `contacts.details` holds: a quote's sizing details, and for a phone-call lead the call. */
export type StoredDetails = Partial<QuoteDetails> & { call?: PhoneCall };

/** "Phone call through IndiaMART, 2 min 15 s." */
export function phoneCallText(call: PhoneCall): string {
  if (call.seconds === null) return "Phone call through IndiaMART (no duration given).";
  const minutes = Math.floor(call.seconds / 60);
  const seconds = call.seconds % 60;
  const length = minutes === 0 ? `${seconds} s` : seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
  return `Phone call through IndiaMART, ${length}.`;
}

export interface ContactNote {
  _id: string;
  text: string;
  /** The staff username who wrote it. */
  author: string;
  date: string;
}

/**
 * "off": e-mail is not configured (or there was no address to send to) when the enquiry arrived; "cancelled": the
 * person's data was erased while it waited (server/privacy/erasure-records.ts).
 */
export const EMAIL_STATUSES = ["off", "queued", "sent", "failed", "cancelled"] as const;
type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface EmailState {
  status: EmailStatus;
  to: string[];
  attempts: number;
  sentAt: string | null;
  /** When the sender tries again (queued only). */
  nextAttemptAt: string | null;
  /** The mail server's last answer when a try failed. */
  error: string | null;
}

export interface Contact extends RecordBase {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** When the enquiry arrived (ISO 8601). */
  date: string;
  status: ContactStatus;
  type: ContactType;
  reference: string;
  company: string;
  /** Quote requests: the products asked about; otherwise []. */
  items: QuoteItem[];
  service: EnquiryService | null;
  details: QuoteDetails;
  /** A phone-call lead (IndiaMART's PNS): the call; null for any other lead. */
  call: PhoneCall | null;
  notes: ContactNote[];
  /** The staff notification e-mail. */
  notification: EmailState;
  /** The acknowledgement e-mail to the customer. */
  acknowledgement: EmailState;
  /**
   * Arrived past the site-wide hourly cap: stored, with no acknowledgement and no staff e-mail of its own (the
   * hourly digest lists it), until staff release it.
   */
  held: boolean;
  /** Where the lead came from (LEAD_SOURCES). */
  source: LeadSource;
  /** The sales desk's customer it is linked to; null when none (a held enquiry, or the customer was deleted). */
  customerId: string | null;
  /** That customer's name, for a link to it; null when none. */
  customerName: string | null;
  /** The sales desk's deal made of this lead; null while none. */
  dealId: string | null;
  /** Notice and consent (docs/decisions/030-privacy.md). */
  privacy: EnquiryPrivacy;
}

interface EnquiryPrivacy {
  /** The privacy notice's version the form showed; null for leads staff typed in or pulled from IndiaMART. */
  noticeVersion: number | null;
  /** The optional purposes the person agreed to (withdrawn ones are false). */
  consents: Consents;
  /** When they last withdrew a consent; null when unchanged since the enquiry. */
  consentsChangedAt: string | null;
  /** When their details were erased (on request or at the end of retention); null while kept. */
  erasedAt: string | null;
}

/** The sources of leads: the site's forms, staff typing one in, IndiaMART's Lead Manager. */
export const LEAD_SOURCES = ["website", "manual", "indiamart"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABEL: Record<LeadSource, string> = { website: "Website", manual: "Manual", indiamart: "IndiaMART" };

/** What POST /api/contacts and POST /api/quotes answer. */
export interface EnquiryReceipt {
  _id: string;
  reference: string;
}

export interface KindCounts {
  message: number;
  quote: number;
  service: number;
}

/** GET /api/contacts/stats: the dashboard's figures, counted by the database. */
export interface ContactStats {
  /** Enquiries of each kind in the last 30 days, and in the 30 days before. */
  last30: KindCounts;
  previous30: KindCounts;
  /** Different e-mail addresses that ever sent an enquiry. */
  customers: number;
  /** The sales desk's customers (/admin/customers): what the dashboard's Customers tile counts (issue 45). */
  salesCustomers: number;
  total: number;
  /** Quote requests of the last 30 days: the products asked about most. */
  topProducts: { product: { _id: string; name: string; slug: string; url: string | null }; requests: number; quantity: number }[];
  /** Enquiries whose latest staff notification failed. */
  failedNotifications: number;
  mail: { enabled: boolean };
}
