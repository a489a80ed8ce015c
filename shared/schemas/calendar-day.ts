import { z } from "zod";

/** The years a date filter may name: any real one, but the database (and JavaScript's ISO dates) stop at year 0 and 9999. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 9999;

/** Whether `text` (YYYY-MM-DD) is a day of the calendar in those years: not 2026-02-31, not 0000-01-01. */
function isCalendarDay(text: string): boolean {
  const year = Number(text.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * A date filter's day (the inbox, its CSV export, the activity log), as YYYY-MM-DD: `label` names it in
 * the message ("From must be a real date…"). Both lists read the day in India time (+05:30), which keeps
 * 9999-12-31's end inside year 9999.
 */
export const calendarDay = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-01-31.` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-01-31.`)
    .refine(isCalendarDay, `${label} must be a real date from the year ${FIRST_YEAR} to ${LAST_YEAR}, like 2026-01-31.`);
