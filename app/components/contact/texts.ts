import { CONTACT_THANK_YOU } from "../../../shared/schemas/enquiry-values";

/** Texts the spec quotes letter for letter (SPEC §8). */
export const CONTACT_SUCCESS = CONTACT_THANK_YOU;
export const CONTACT_FAILED = "Failed to submit form. Please try again.";
/** The line under the success text. */
export const yourReference = (reference: string) => `Your reference: ${reference}`;
/** How long the success message stays (SPEC §9). */
export const SUCCESS_VISIBLE_MS = 5000;

/** What the contact page's action answers. */
export type ContactResult =
  | {
      ok: true;
      /** The enquiry's reference (M-2026-00042, or S-… for a service request). */
      reference: string;
    }
  | {
      ok: false;
      /** The server's message; absent when the request failed without one. */
      message?: string;
      issues?: { path: string; message: string }[];
      /** What was sent, so a page rendered without JavaScript can show the form filled in again. */
      values?: Partial<Record<ContactField, string>>;
    };

export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message", "consentNews", "consentWhatsapp"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
