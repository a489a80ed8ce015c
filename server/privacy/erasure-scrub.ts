import { type SQL, sql } from "drizzle-orm";
import { phoneKey } from "../../shared/sales/customer";
import { type Database, queryRows } from "../db/client";

/**
 * Finding and replacing one person's name, e-mail address and phone number inside stored text and JSON
 * (server/privacy/erasure.ts). JSON is read, walked and written back: only string values change, so a needle can
 * never break the document or hit a key, an id or an amount.
 */

/** What an erased detail becomes wherever it stood. */
export const ERASED = "(erased)";

/** The person's details to look for. */
export interface Needles {
  /** Lower-cased address, or null (a record with no e-mail). */
  email: string | null;
  /** Phone numbers by their last ten digits (shorter ones are too likely to be something else). */
  phones: string[];
  /** Full names as given: a first name alone is too often someone else's (a colleague, the staff member). */
  names: string[];
}

const MIN_PHONE_DIGITS = 8;
const MIN_NAME_LENGTH = 3;

const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

export function needlesOf(details: { emails: string[]; phones: string[]; names: string[] }): Needles {
  const email = details.emails.map((e) => e.trim().toLowerCase()).find((e) => e.includes("@")) ?? null;
  const phones = [...new Set(details.phones.map(phoneKey).filter((k) => k.length >= MIN_PHONE_DIGITS))];
  const names = [...new Set(details.names.map((n) => n.trim().replace(/\s+/g, " ")).filter((n) => n.length >= MIN_NAME_LENGTH))];
  return { email, phones, names };
}

/** A phone number however it was typed: "+91 98765 43210", "098765-43210", "9876543210". */
const phonePattern = (key: string) => `(?<!\\d)(?:(?:\\+|00)?91[\\s.()-]{0,3}|0)?${[...key].join("[\\s.()-]{0,3}")}(?!\\d)`;

/** The address on its own: "ravi@x.example" is not inside "travi@x.example" or "ravi@x.example.org". */
const emailPattern = (email: string) => `(?<![\\w.%+-])${escapeRegex(email)}(?![\\w-]|\\.\\w)`;

/** The regular expressions of the needles: contact details always, the name only where the record is theirs. */
export class Matcher {
  private readonly contact: RegExp[];
  private readonly names: RegExp[];

  constructor(readonly needles: Needles) {
    this.contact = [
      ...(needles.email ? [new RegExp(emailPattern(needles.email), "gi")] : []),
      ...needles.phones.map((k) => new RegExp(phonePattern(k), "g")),
    ];
    this.names = needles.names.map(
      (n) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(n).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`, "giu"),
    );
  }

  /** The text names the person's e-mail address or phone number. */
  mentionsContact(text: string): boolean {
    return this.contact.some((r) => new RegExp(r.source, r.flags.replace("g", "")).test(text));
  }

  /** The text names the person in any way (name included). */
  mentions(text: string): boolean {
    return this.mentionsContact(text) || this.names.some((r) => new RegExp(r.source, r.flags.replace("g", "")).test(text));
  }

  scrub(text: string, withName: boolean): string {
    let out = text;
    for (const r of withName ? [...this.contact, ...this.names] : this.contact) out = out.replace(r, ERASED);
    return out;
  }

  /** The same inside a JSON value: strings only. */
  scrubJson(value: unknown, withName: boolean): unknown {
    if (typeof value === "string") return this.scrub(value, withName);
    if (Array.isArray(value)) return value.map((v) => this.scrubJson(v, withName));
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.scrubJson(v, withName)]));
    }
    return value;
  }

  /**
   * A condition that finds (at least) every row whose `text` holds the e-mail address or the phone number, for the
   * database to narrow the rows down; this class decides exactly.
   */
  contactCondition(text: SQL): SQL | null {
    const parts: SQL[] = [];
    if (this.needles.email) parts.push(sql`strpos(lower(${text}), ${this.needles.email}) > 0`);
    for (const key of this.needles.phones) parts.push(sql`${text} ~ ${[...key].join("[^0-9]{0,3}")}`);
    return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : null;
  }
}

/** Where a table holds text that may name the person. */
export interface ScrubSpec {
  table: string;
  /** Its primary key column. */
  key: string;
  text?: string[];
  json?: string[];
}

export interface ScrubScope {
  /** Rows tied to the person (their records, their notes): the name goes too. Others lose only the contact details. */
  tied: SQL | null;
  /** Only rows matching this are looked at (e.g. not a quotation the law keeps). */
  within?: SQL;
  /** Look at rows that are not tied but mention the e-mail address or phone number (the person-wide erasure). */
  mentions: boolean;
}

const ident = (name: string) => sql.identifier(name);

/** Replaces the person's details in one table's rows; returns the keys of the rows that changed. */
export async function scrubTable(db: Database, spec: ScrubSpec, matcher: Matcher, scope: ScrubScope): Promise<string[]> {
  const columns = [...(spec.text ?? []).map((c) => ({ c, json: false })), ...(spec.json ?? []).map((c) => ({ c, json: true }))];
  const all = sql`concat_ws(' ', ${sql.join(
    columns.map(({ c }) => sql`${ident(c)}::text`),
    sql`, `,
  )})`;
  const mention = scope.mentions ? matcher.contactCondition(all) : null;
  const found = [scope.tied, mention].filter((c): c is SQL => c !== null);
  if (found.length === 0) return [];
  const selected = sql.join(
    columns.map(({ c }, i) => sql`${ident(c)}::text AS ${ident(`c${i}`)}`),
    sql`, `,
  );
  const tiedColumn = scope.tied ? sql`(${scope.tied})::int` : sql`0`;
  const rows = await queryRows<{ k: string; tied: number } & Record<string, string | null>>(
    db,
    sql`SELECT ${ident(spec.key)}::text AS k, ${tiedColumn} AS tied, ${selected} FROM ${ident(spec.table)}
      WHERE (${sql.join(found, sql` OR `)})${scope.within ? sql` AND (${scope.within})` : sql``}`,
  );
  const changed: string[] = [];
  for (const row of rows) {
    const values = columns.map((_, i) => row[`c${i}`] ?? null);
    // A row that is not theirs but names their e-mail or phone is about them too: their name goes with it.
    const withName = Number(row.tied) === 1 || values.some((v) => v !== null && matcher.mentionsContact(v));
    const sets: SQL[] = [];
    columns.forEach(({ c, json }, i) => {
      const before = values[i];
      if (before === null || before === undefined) return;
      const after = json ? JSON.stringify(matcher.scrubJson(JSON.parse(before), withName)) : matcher.scrub(before, withName);
      if (json ? after === JSON.stringify(JSON.parse(before)) : after === before) return;
      sets.push(json ? sql`${ident(c)} = ${after}::jsonb` : sql`${ident(c)} = ${after}`);
    });
    if (sets.length === 0) continue;
    await db.execute(sql`UPDATE ${ident(spec.table)} SET ${sql.join(sets, sql`, `)} WHERE ${ident(spec.key)}::text = ${row.k}`);
    changed.push(row.k);
  }
  return changed;
}

/** `column IN (ids)`, or null for none (nothing is tied). */
export function inList(column: string, ids: readonly string[]): SQL | null {
  if (ids.length === 0) return null;
  return sql`${ident(column)} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
