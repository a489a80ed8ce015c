import { parseFigure, type Quantity } from "../units";

/**
 * Reading a calculator's form from its URL (issue 14, docs/decisions/017). The /tools pages' loaders and
 * the browser (app/components/tools/calculator.enhance.ts) read the same parameters with the same reader, so a value the
 * server refuses is refused as the visitor types, with the same words. Plain TypeScript rather than zod:
 * this runs in the public pages' script, whose budget zod alone would exceed (decision 015).
 *
 * A parameter that is absent takes its default (a shared link may name only what differs); one that is
 * present but empty or unreadable is a problem for that field, and the calculator shows no result.
 */

export interface FieldProblem {
  /** The field's name, or `name.row` for a row of a list ("count.2"). */
  field: string;
  message: string;
}

/** What the form shows again: the text as typed (or the default), by field name; row fields by row. */
export interface FormValues {
  fields: Record<string, string>;
  rows: Record<string, string>[];
}

/** A calculator's form as read: the typed input when every field is right, what to show, what is wrong. */
export interface Reading<T> {
  input: T | null;
  values: FormValues;
  problems: FieldProblem[];
}

interface NumberRule {
  label: string;
  min: number;
  max: number;
  /** Whole numbers only (counts, quantities). */
  integer?: boolean;
  /** "%", "hours": said after the limits in messages. */
  unit?: string;
}

const NUMBER = /^[+]?(\d+(\.\d*)?|\.\d+)$/;

/** "1,250" and "1,25,000" (thousands separators) and "7.5"; null when the text is not a plain number. */
export function readNumber(text: string): number | null {
  const cleaned = text.trim().replace(/(\d),(?=\d)/g, "$1");
  return NUMBER.test(cleaned) ? Number(cleaned) : null;
}

const limits = (rule: NumberRule) =>
  `${rule.label} must be ${rule.integer ? "a whole number " : ""}from ${rule.min.toLocaleString("en-IN")} to ${rule.max.toLocaleString("en-IN")}${rule.unit ? ` ${rule.unit}` : ""}.`;

export class FormReader {
  readonly problems: FieldProblem[] = [];
  readonly values: FormValues = { fields: {}, rows: [] };

  constructor(private readonly params: URLSearchParams) {}

  /** The text of a field (trimmed), or the default when the URL does not name it; kept for the form. */
  text(name: string, fallback: string): string {
    const given = this.params.get(name);
    const text = given === null ? fallback : given.trim();
    this.values.fields[name] = text;
    return text;
  }

  /** One of `allowed`; anything else is the default (a select cannot be typed into). */
  choice<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const text = this.text(name, fallback);
    const found = (allowed as readonly string[]).includes(text) ? (text as T) : fallback;
    this.values.fields[name] = found;
    return found;
  }

  /** A plain number within limits; null (and a problem) when it is missing or wrong. */
  number(name: string, fallback: string, rule: NumberRule): number | null {
    return this.checkNumber(name, this.text(name, fallback), rule);
  }

  /** Like `number`, but an empty field is allowed (null without a problem). */
  optionalNumber(name: string, fallback: string, rule: NumberRule): number | null {
    const text = this.text(name, fallback);
    return text === "" ? null : this.checkNumber(name, text, rule);
  }

  /**
   * A figure in `unit` (the form's unit select) or in a unit typed after it ("100 psi"), answered in the
   * canonical unit of `quantity`; `rule` limits are canonical too.
   */
  figure(name: string, fallback: string, quantity: Quantity, unit: string, rule: NumberRule): number | null {
    return this.checkFigure(name, this.text(name, fallback), quantity, unit, rule);
  }

  optionalFigure(name: string, fallback: string, quantity: Quantity, unit: string, rule: NumberRule): number | null {
    const text = this.text(name, fallback);
    return text === "" ? null : this.checkFigure(name, text, quantity, unit, rule);
  }

  /**
   * The rows of a list: repeated parameters (`size=1/16in&count=3&size=1/8in&count=1`), lined up by
   * position. No parameter of the list in the URL: the default rows.
   */
  rows(names: readonly string[], fallback: readonly Record<string, string>[]): Record<string, string>[] {
    const lists = names.map((n) => this.params.getAll(n));
    const length = Math.max(0, ...lists.map((l) => l.length));
    const rows =
      length === 0
        ? fallback.map((r) => ({ ...r }))
        : Array.from({ length }, (_, i) => Object.fromEntries(names.map((n, j) => [n, (lists[j]?.[i] ?? "").trim()])));
    this.values.rows = rows;
    return rows;
  }

  problem(field: string, message: string): void {
    this.problems.push({ field, message });
  }

  checkNumber(field: string, text: string, rule: NumberRule): number | null {
    if (text === "") return this.fail(field, `Enter ${rule.label.toLowerCase()}.`);
    const value = readNumber(text);
    if (value === null) return this.fail(field, `${rule.label} must be a number.`);
    if (value < rule.min || value > rule.max || (rule.integer && !Number.isInteger(value))) return this.fail(field, limits(rule));
    return value;
  }

  checkFigure(field: string, text: string, quantity: Quantity, unit: string, rule: NumberRule): number | null {
    if (text === "") return this.fail(field, `Enter ${rule.label.toLowerCase()}.`);
    const parsed = parseFigure(quantity, text, { unit, label: rule.label });
    if (!parsed.ok) return this.fail(field, parsed.message);
    if (parsed.min < rule.min || parsed.min > rule.max) return this.fail(field, limits(rule));
    return parsed.min;
  }

  private fail(field: string, message: string): null {
    this.problem(field, message);
    return null;
  }
}

/** "count.2": a row field's name in problems. */
/** The pressure units the calculators take (bar and psi; the readers and the forms' unit selects). */
export const CALCULATOR_PRESSURE_UNITS = ["bar", "psi"] as const;

export const rowField = (name: string, row: number) => `${name}.${row}`;

/** True when every field of a row is empty (such rows are skipped, not errors). */
export const isBlankRow = (row: Record<string, string>, names: readonly string[]) => names.every((n) => !row[n]);
