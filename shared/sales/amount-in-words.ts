/**
 * An amount in words in the Indian system (thousand, lakh, crore), as Indian invoices print it:
 * "Rupees Twelve Lakh Fifty Thousand and Fifty Paise Only". Tens without a hyphen ("Ninety Nine") and
 * hundreds without "and" ("One Hundred Five"), as Tally does.
 */

const UNITS = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1–99. */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]} ${UNITS[unit]}`;
}

/**
 * A whole number above 0: crores, lakhs, thousands, hundreds and the rest. Past 99 crore the crores keep
 * counting in the same words ("One Hundred Twenty Three Crore"), as Indian invoices write them.
 */
function indianWords(n: number): string {
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor(n / 100_000) % 100;
  const thousands = Math.floor(n / 1000) % 100;
  const hundreds = Math.floor(n / 100) % 10;
  const rest = n % 100;
  const parts: string[] = [];
  if (crores > 0) parts.push(`${indianWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (hundreds > 0) parts.push(`${UNITS[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * Paise in words: 125000050 → "Rupees Twelve Lakh Fifty Thousand and Fifty Paise Only"; 0 → "Rupees Zero
 * Only"; 50 → "Fifty Paise Only" (no "Rupees Zero and": nothing in rupees to name); 1 paisa is "One Paisa".
 * Throws a RangeError for a negative or fractional amount: a quotation's total never is one.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`An amount in words needs whole paise ≥ 0, not ${paise}.`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paiseWords = rest === 0 ? "" : `${belowHundred(rest)} ${rest === 1 ? "Paisa" : "Paise"}`;
  if (rupees === 0) return rest === 0 ? "Rupees Zero Only" : `${paiseWords} Only`;
  return `Rupees ${indianWords(rupees)}${paiseWords ? ` and ${paiseWords}` : ""} Only`;
}
