/**
 * The Indian financial year (1 April to 31 March) and quotation numbers that count within it
 * ("PQ/2026-27/0042"). Days are India's: UTC+05:30 all year (India has no daylight saving), applied as a
 * fixed offset so the server's own time zone never moves a quotation across 1 April.
 */

export const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The date as India's wall clock reads it, in a Date whose UTC fields are India's. */
function inIndia(date: Date): Date {
  if (Number.isNaN(date.getTime())) throw new RangeError("Not a date.");
  return new Date(date.getTime() + INDIA_OFFSET_MS);
}

/** The day in India (YYYY-MM-DD): the date a quotation carries and its GST rate is looked up on. */
export function indiaDateOf(date: Date): string {
  return inIndia(date).toISOString().slice(0, 10);
}

/** The date and time in India as a spreadsheet reads them: "2026-11-29 14:05" (a CSV's times). */
export function indiaDateTimeOf(date: Date): string {
  return inIndia(date).toISOString().slice(0, 16).replace("T", " ");
}

/** The moment India's day (YYYY-MM-DD) begins: midnight there, for a filter's "from" (and the next day's, for "to"). */
export function indiaDayStart(day: string): Date {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() - INDIA_OFFSET_MS);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A day (YYYY-MM-DD) as people write it in a message: "29 Nov 2026", never ISO (issue 45). */
export function dayInWords(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** The day `days` after (or before) `day`, both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "2026-27" for any moment from 1 April 2026 00:00 to 31 March 2027 23:59:59.999 India time (the year from April 2099 is "2099-00"). */
export function financialYearOf(date: Date): string {
  const india = inIndia(date);
  const firstYear = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${firstYear}-${String((firstYear + 1) % 100).padStart(2, "0")}`;
}

const YEAR = /^(\d{4})-(\d{2})$/;
/** Letters, digits and hyphens: the prefix sits between slashes. */
const PREFIX = /^[A-Za-z0-9-]+$/;

function isFinancialYear(year: string): boolean {
  const match = YEAR.exec(year);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** "PQ/2026-27/0042": the sequence in at least four digits (10000 stays 10000). Throws a RangeError on bad parts. */
export function quotationNumber(prefix: string, year: string, sequence: number): string {
  if (!PREFIX.test(prefix)) throw new RangeError(`A quotation prefix is letters, digits and hyphens, not "${prefix}".`);
  if (!isFinancialYear(year)) throw new RangeError(`A financial year looks like 2026-27, not "${year}".`);
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    throw new RangeError(`A quotation's sequence is 1 or more, not ${sequence}.`);
  return `${prefix}/${year}/${String(sequence).padStart(4, "0")}`;
}

export interface QuotationNumberParts {
  prefix: string;
  year: string;
  sequence: number;
}

/** The parts of a number quotationNumber makes; null for anything else (PQ/2026-28/0042, PQ/2026-27/42, PQ/2026-27/00042). */
export function parseQuotationNumber(text: string): QuotationNumberParts | null {
  const match = /^([^/]+)\/([^/]+)\/(\d{4,})$/.exec(text.trim());
  if (!match) return null;
  const [, prefix = "", year = "", digits = ""] = match;
  const sequence = Number(digits);
  if (!PREFIX.test(prefix) || !isFinancialYear(year) || !Number.isSafeInteger(sequence) || sequence < 1) return null;
  // Only the canonical form: one quotation has one number.
  return quotationNumber(prefix, year, sequence) === text.trim() ? { prefix, year, sequence } : null;
}
