/**
 * Money on the sales desk is integer paise (₹1 = 100 paise), never a float. Rupees as decimal numbers exist
 * only at the edges: a request's amounts are parsed here, an answer's amounts and printed figures made here.
 *
 * Parsing returns null for bad input (not a throw): the API turns null into its 4xx answer with the field's
 * name, and a form can show the same message without catching anything.
 */

/** A decimal with at most two places (trailing zeros beyond them are harmless: "1.500" is 1.5). */
const TWO_PLACES = /^(-?)(\d+)(?:\.(\d{1,2})0*)?$/;

/**
 * A decimal number or text with at most two places, as an integer count of hundredths (12.5 → 1250), read
 * from its decimal digits, never multiplied as a float (1.15 * 100 is 114.99999999999999). A number is read
 * from its shortest decimal form, so 0.1 + 0.2 (0.30000000000000004) has more than two places and is refused.
 * Null for NaN, infinities, exponents, more than two places, negatives (unless allowed) and amounts past
 * Number.MAX_SAFE_INTEGER hundredths (about ₹90 lakh crore).
 */
export function toHundredths(value: number | string, options: { allowNegative?: boolean } = {}): number | null {
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value !== "number" && typeof value !== "string") return null;
  const match = TWO_PLACES.exec(typeof value === "number" ? String(value) : value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(magnitude)) return null;
  if (magnitude === 0) return 0; // never -0
  if (sign === "-" && !options.allowNegative) return null;
  return sign === "-" ? -magnitude : magnitude;
}

/** Rupees (12500.5 or "12500.50") as paise (1250050); null when not an amount (see toHundredths). */
export function rupeesToPaise(value: number | string, options: { allowNegative?: boolean } = {}): number | null {
  return toHundredths(value, options);
}

function checkPaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number, not ${paise}.`);
}

/**
 * Paise as rupees for a JSON answer: 125000050 → 1250000.5. Dividing an integer by 100 gives the double
 * nearest the decimal, which JSON prints back as that decimal (exact below 2^46 paise, ₹70 lakh crore).
 */
export function paiseToRupees(paise: number): number {
  checkPaise(paise);
  return paise === 0 ? 0 : paise / 100;
}

/** Indian digit grouping: the last three digits, then pairs (12,50,000). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const pairs = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `${pairs},${digits.slice(-3)}`;
}

/**
 * Paise as printed on an Indian invoice: "₹12,50,000.50", "₹0.00". A negative amount (a round-off of
 * -40 paise) prints "-₹0.40", the sign before the symbol, as Intl's en-IN INR format and Tally print it.
 */
export function formatRupees(paise: number): string {
  checkPaise(paise);
  const magnitude = Math.abs(paise);
  const rupees = groupIndian(String(Math.floor(magnitude / 100)));
  const fraction = String(magnitude % 100).padStart(2, "0");
  return `${paise < 0 ? "-" : ""}₹${rupees}.${fraction}`;
}
