import type { Consents } from "./consent";

/**
 * Whether staff may message a person on WhatsApp, and at which number: only when they ticked "You may message me
 * on WhatsApp about this enquiry", and only at a number that can have WhatsApp (a mobile, not a landline).
 *
 * Indian numbers: a mobile is 10 digits starting 6–9, after +91, 0091, 91 or a trunk 0. A landline has an STD
 * code (2–4 digits after the 0, starting 1–8: "0427 200 1480", "+91 80 2345 6789"). Landlines of cities whose
 * code starts 6–8 have 10 digits starting 6–8 too, so for those the number as written decides: a first group
 * of 2–4 digits (or 3–5 with its 0) is an STD code. No STD code starts with 9, so a 9… number is a mobile
 * however it is grouped. Another country's number (written with + or 00 and its code) is offered as given: we
 * cannot tell its mobiles from its landlines, and the person gave it to be messaged.
 */
export function whatsappNumberOf(phone: string, consents: Consents): string | null {
  if (!consents.whatsapp) return null;
  const written = phone.trim();
  const digits = written.replace(/\D/g, "");
  const international = /^(\+|00)/.test(written) ? digits.replace(/^00/, "") : null;
  if (international !== null && !international.startsWith("91")) return international.length >= 8 ? international : null;
  const national = nationalNumber(international ?? digits, international !== null);
  if (national === null || !/^[6-9]\d{9}$/.test(national)) return null;
  if (!national.startsWith("9") && writtenWithStdCode(written)) return null;
  return `91${national}`;
}

/** The 10 digits after +91, 91 or a trunk 0; null when the number has some other length. */
function nationalNumber(digits: string, withCountryCode: boolean): string | null {
  if (withCountryCode) return digits.length === 12 ? digits.slice(2) : null;
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith("0")) return digits.slice(1);
  if (digits.length === 12 && digits.startsWith("91")) return digits.slice(2);
  return null;
}

/**
 * "080 2345 6789", "(0821) 242 1234", "+91 80 2345 6789": the first group of digits after the country code and
 * the trunk 0, as the person wrote them, is an STD code (2–4 digits, where a mobile is written 10 or 5 + 5).
 */
function writtenWithStdCode(written: string): boolean {
  const groups = written.replace(/^(\+|00)\s*91/, "").match(/\d+/g) ?? [];
  if (groups[0] === "91" && groups.join("").length === 12) groups.shift();
  if (groups[0] === "0") groups.shift();
  const [first, ...rest] = groups;
  if (first === undefined || rest.length === 0) return false;
  const code = first.startsWith("0") ? first.slice(1) : first;
  return code.length >= 2 && code.length <= 4;
}
