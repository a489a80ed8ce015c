import { type SQL, sql } from "drizzle-orm";
import { emailKey, phoneKey } from "../../shared/sales/customer";
import { type Database, queryRows } from "../db/client";

/**
 * Finding and replacing one person's name, e-mail address and phone number inside stored text and JSON
 * (server/privacy/erasure.ts): all three in the person's own records, only the address they proved elsewhere.
 * JSON is read, walked and written back: only string values change, so a needle can never break the document or
 * hit a key, an id or an amount.
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
  const email = details.emails.map(emailKey).find((e) => e.includes("@")) ?? null;
  const phones = [...new Set(details.phones.map(phoneKey).filter((k) => k.length >= MIN_PHONE_DIGITS))];
  const names = [...new Set(details.names.map((n) => n.trim().replace(/\s+/g, " ")).filter((n) => n.length >= MIN_NAME_LENGTH))];
  return { email, phones, names };
}

/** A phone number however it was typed: "+91 98765 43210", "098765-43210", "9876543210". */
const phonePattern = (key: string) => `(?<!\\d)(?:(?:\\+|00)?91[\\s.()-]{0,3}|0)?${[...key].join("[\\s.()-]{0,3}")}(?!\\d)`;

/** The address on its own: "ravi@x.example" is not inside "travi@x.example" or "ravi@x.example.org". */
const emailPattern = (email: string) => `(?<![\\w.%+-])${escapeRegex(email)}(?![\\w-]|\\.\\w)`;

/** Keys of a stored person (a customer's people, in versions and trash) and what each becomes once erased. */
const PERSON_FIELDS: Record<string, string> = {
  name: ERASED,
  phone: ERASED,
  email: ERASED,
  emailKey: "",
  email_key: "",
  phoneKey: "",
  phone_key: "",
};
const PERSON_EMAIL_KEYS = ["email", "emailKey", "email_key"];

/** A stored person (an object with an e-mail field) whose address is this one. */
const isPersonOf = (record: Record<string, unknown>, email: string | null) =>
  email !== null && PERSON_EMAIL_KEYS.some((k) => typeof record[k] === "string" && emailKey(record[k]) === email);

const normalName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** Two names are one when they match whole, whatever the case and spacing: never a word inside another text. */
export const sameName = (a: string, b: string) => normalName(a) !== "" && normalName(a) === normalName(b);

/**
 * How much of the person goes from a text (issue 44): in a record that is theirs, their name, phone and e-mail
 * address ("person"); anywhere else only the e-mail address they proved ("address"), because a typed name or
 * phone may be anybody's words (a name "the", a company's phone number).
 */
export type ScrubLevel = "person" | "address";

/** The regular expressions of the needles. */
export class Matcher {
  private readonly address: RegExp[];
  private readonly details: RegExp[];

  constructor(readonly needles: Needles) {
    this.address = needles.email ? [new RegExp(emailPattern(needles.email), "gi")] : [];
    this.details = [
      ...needles.phones.map((k) => new RegExp(phonePattern(k), "g")),
      ...needles.names.map(
        (n) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(n).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`, "giu"),
      ),
    ];
  }

  /** The whole text is one of the names they gave (a buyer's name, who decided a quotation). */
  isTheirName(text: string): boolean {
    return this.needles.names.some((n) => sameName(n, text));
  }

  scrub(text: string, level: ScrubLevel): string {
    let out = text;
    for (const r of level === "person" ? [...this.address, ...this.details] : this.address) out = out.replace(r, ERASED);
    return out;
  }

  /**
   * The same inside a JSON value: strings only. A stored person whose e-mail address is theirs loses its name, phone
   * and address at either level: those fields hold the person's own values.
   */
  scrubJson(value: unknown, level: ScrubLevel): unknown {
    if (typeof value === "string") return this.scrub(value, level);
    if (Array.isArray(value)) return value.map((v) => this.scrubJson(v, level));
    if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      const theirs = isPersonOf(record, this.needles.email);
      return Object.fromEntries(
        Object.entries(record).map(([k, v]) => [
          k,
          theirs && typeof v === "string" && k in PERSON_FIELDS ? PERSON_FIELDS[k] : this.scrubJson(v, level),
        ]),
      );
    }
    return value;
  }

  /** A condition that finds (at least) every row whose `text` holds the e-mail address; this class decides exactly. */
  addressCondition(text: SQL): SQL | null {
    return this.needles.email ? sql`strpos(lower(${text}), ${this.needles.email}) > 0` : null;
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
  /** Rows that are the person's own (their records, their notes): their name, phone and e-mail address go. */
  tied: SQL | null;
  /** Only rows matching this are looked at (e.g. not a quotation the law keeps). */
  within?: SQL;
  /** Also rows that are not theirs but hold their e-mail address (the person-wide erasure): the address goes. */
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
  const mention = scope.mentions ? matcher.addressCondition(all) : null;
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
    const level: ScrubLevel = Number(row.tied) === 1 ? "person" : "address";
    const sets: SQL[] = [];
    columns.forEach(({ c, json }, i) => {
      const before = values[i];
      if (before === null || before === undefined) return;
      const after = json ? JSON.stringify(matcher.scrubJson(JSON.parse(before), level)) : matcher.scrub(before, level);
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
