import { z } from "zod";
import { LIMITS, type RecordBase, requiredText } from "./fields";

export const CONTACT_STATUSES = ["new", "in-progress", "resolved"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** The name of the hidden field that only bots fill in. */
export const HONEYPOT_FIELD = "website";

export const contactInput = z.object({
  name: requiredText("Name", LIMITS.name),
  email: requiredText("Email", 254).pipe(z.email("Email must be a valid e-mail address.")),
  phone: z
    .string({ error: "Phone must be text." })
    .trim()
    .max(40, "Phone must be at most 40 characters.")
    .refine((v) => v === "" || /^[0-9+()\-.\s]{5,40}$/.test(v), "Phone may contain only digits, spaces and + - ( ).")
    .default(""),
  subject: requiredText("Subject", LIMITS.title),
  message: requiredText("Message", LIMITS.text),
});
export type ContactInput = z.infer<typeof contactInput>;

export const contactStatusInput = z.object({
  status: z.enum(CONTACT_STATUSES, { error: `Status must be one of: ${CONTACT_STATUSES.join(", ")}.` }),
});

export interface Contact extends RecordBase {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  /** When the message arrived (ISO 8601). */
  date: string;
  status: ContactStatus;
}

/** Public answer to a contact message. */
export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you soon.";
