import type { z } from "zod";

/**
 * Messages of a shared zod schema by dotted path ("name", "phones.0.value"), first message per path; with
 * `depth` 1, by field only ("features.2" counts as "features").
 */
export function zodErrors(schema: z.ZodType, values: unknown, depth?: number): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.slice(0, depth).map(String).join(".");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Per-row messages of a list field ("phones.2.value" → {2: message}), plus the list's own message. */
export function rowErrorsOf(errors: Record<string, string>, field: string): { list?: string; rows: Record<number, string> } {
  const rows: Record<number, string> = {};
  let list: string | undefined;
  for (const [key, message] of Object.entries(errors)) {
    if (key === field) list = message;
    else if (key.startsWith(`${field}.`)) {
      const index = Number(key.split(".")[1]);
      if (Number.isInteger(index) && !(index in rows)) rows[index] = message;
    }
  }
  return { list, rows };
}
