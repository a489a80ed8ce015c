import { z } from "zod";
import { phone } from "../schemas/contact";
import { LIMITS, optionalText, requiredText } from "../schemas/fields";
import { checkGstin, optionalGstin } from "./gstin";
import { stateByCode, stateCodeOfName } from "./states";

/**
 * Customers of the sales desk (docs/decisions/029-sales-desk.md): companies with their GSTIN, addresses and
 * people. An enquiry links to the customer one of whose people has its e-mail address or phone number.
 */

export interface Address {
  line1: string;
  city: string;
  /** An Indian state's name as in INDIAN_STATES (any spelling is read), or free text outside India. */
  state: string;
  pincode: string;
  country: string;
}

export interface CustomerPerson {
  name: string;
  phone: string;
  email: string;
}

export interface Customer {
  _id: string;
  name: string;
  /** "" when the customer has none (a consumer, or not yet known). */
  gstin: string;
  /** The GST state code of the place of supply: the GSTIN's, else the billing address's; "" when unknown. */
  stateCode: string;
  billingAddress: Address;
  deliveryAddress: Address;
  people: CustomerPerson[];
  /** How many enquiries are linked to the customer. */
  enquiries: number;
  createdAt: string;
  updatedAt: string;
}

export const EMPTY_ADDRESS: Address = { line1: "", city: "", state: "", pincode: "", country: "India" };

const india = (country: string) => /^(india|bharat)$/i.test(country.trim());

/** An address as sent (a customer's, a quotation's ship-to): one-line parts; in India, a known state and a PIN code. */
export function address(label: string) {
  return z
    .object(
      {
        line1: optionalText(`${label} line`, LIMITS.short),
        city: optionalText(`${label} city`, 100),
        state: optionalText(`${label} state`, 100),
        pincode: optionalText(`${label} PIN code`, 20),
        country: optionalText(`${label} country`, 100).transform((v) => v || "India"),
      },
      { error: `${label} must be an object with line1, city, state, pincode and country.` },
    )
    .transform((a, ctx) => {
      if (!india(a.country)) return a;
      // In India the state decides CGST + SGST or IGST: it must be one we know, spelled as in the list.
      const code = a.state ? stateCodeOfName(a.state) : undefined;
      if (a.state && !code) {
        ctx.addIssue({
          code: "custom",
          path: ["state"],
          message: `${label} state "${a.state}" is not an Indian state or union territory.`,
        });
        return z.NEVER;
      }
      if (a.pincode && !/^[1-9][0-9]{5}$/.test(a.pincode.replace(/\s/g, ""))) {
        ctx.addIssue({ code: "custom", path: ["pincode"], message: `${label} PIN code must be six digits.` });
        return z.NEVER;
      }
      return { ...a, state: code ? stateByCode(code)!.name : "", pincode: a.pincode.replace(/\s/g, "") };
    })
    .default(EMPTY_ADDRESS);
}

const person = z.object(
  {
    name: optionalText("Person's name", LIMITS.name),
    phone,
    email: z
      .string({ error: "Person's email must be text." })
      .trim()
      .max(254, "Person's email must be at most 254 characters.")
      .refine((v) => v === "" || z.email().safeParse(v).success, "Person's email must be a valid e-mail address.")
      .transform(emailKey)
      .default(""),
  },
  { error: "Each person must be an object with name, phone and email." },
);

export const customerInput = z
  .object({
    name: requiredText("Name", LIMITS.name),
    gstin: optionalGstin,
    billingAddress: address("Billing address"),
    deliveryAddress: address("Delivery address"),
    people: z
      .array(person, { error: "People must be a list." })
      .max(50, "A customer may have at most 50 people.")
      .refine((people) => people.every((p) => p.name || p.phone || p.email), "Each person needs a name, phone or email.")
      .default([]),
  })
  .superRefine((c, ctx) => {
    // A GST invoice's billing address is the GSTIN's registered one: a different state would tax it wrongly.
    const gstin = c.gstin ? checkGstin(c.gstin) : null;
    if (gstin?.ok && india(c.billingAddress.country) && c.billingAddress.state && c.billingAddress.state !== gstin.state) {
      ctx.addIssue({
        code: "custom",
        path: ["billingAddress", "state"],
        message: `Billing address state must be the GSTIN's state (${gstin.state}).`,
      });
    }
  });
export type CustomerInput = z.infer<typeof customerInput>;

export const customerMergeInput = z.object({
  otherId: z.string({ error: "otherId is required: the customer to merge into this one." }).trim().min(1, "otherId is required."),
});

/** The GST state code a customer is taxed in: its GSTIN's, else its billing address's state ("" if neither). */
export function customerStateCode(c: { gstin: string; billingAddress: Address }): string {
  if (c.gstin) {
    const checked = checkGstin(c.gstin);
    if (checked.ok) return checked.stateCode;
  }
  return india(c.billingAddress.country) ? (stateCodeOfName(c.billingAddress.state) ?? "") : "";
}

/**
 * The part of a phone number that identifies it: its digits, and for an Indian number (10 digits after an
 * optional +91 or 0) the last ten, so "+91 98765 43210", "098765 43210" and "9876543210" match.
 */
export function phoneKey(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length >= 10 ? digits.slice(-10) : digits;
}

/**
 * An e-mail address as compared and kept: trimmed and lower-cased. The local part may be case-sensitive by
 * the RFC, but no mail service in use treats it so, and people type their address in any case: "Ravi@X.in"
 * and "ravi@x.in" are one person.
 */
export function emailKey(address: string): string {
  return address.trim().toLowerCase();
}
