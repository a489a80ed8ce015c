import { formatDate } from "./screen-parts";

/**
 * Dates of the privacy screens (requests, breach register) in India time, whatever the browser's zone: a
 * breach found "2026-03-02" is stored as midnight India time and must read as that day everywhere.
 */

const INDIA = "Asia/Kolkata";

/** "2 Mar 2026", or with the time "2 Mar 2026, 09:30 am", in India time; "" for none. */
export function indiaDate(iso: string | null | undefined, withTime = false): string {
  return formatDate(iso, withTime, INDIA);
}

/** The India day of an instant as yyyy-mm-dd, for a date field; "" for none. */
export function indiaDay(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-CA", { timeZone: INDIA });
}
