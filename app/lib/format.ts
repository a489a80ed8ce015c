import { lazyNumberFormat } from "../../shared/lib/number-format";

/** Prices in Indian rupees without decimals and with Indian digit grouping: ₹1,25,000. */
const rupees = lazyNumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

export const PRICE_ON_REQUEST = "Price on request";

export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return PRICE_ON_REQUEST;
  return rupees.format(Math.round(price));
}

/** A service's details as bullet lines: split on full stops and new lines, blanks dropped. */
export function splitDetails(details: string): string[] {
  return details
    .split(/(?<!\d)\.(?!\d)|\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** "(24 reviews)", "(1 review)". */
export function reviewsLabel(count: number): string {
  return `(${count} ${count === 1 ? "review" : "reviews"})`;
}

/** A tel: link for a phone number as people write it ("+91 427 200 1480"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** A wa.me link for a WhatsApp number. */
export function whatsappHref(number: string, text?: string): string {
  const digits = number.replace(/\D/g, "");
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
