import { getTableName } from "drizzle-orm";
import type { z } from "zod";
import { storageOf } from "../../server/db/content-tables";
import type { AnyListContent } from "../../shared/content/define";
import { CONTENT } from "../../shared/content/registry";

/**
 * What the tests that go over every content type read from the declarations (shared/content/registry.ts),
 * so a new type is tested without a test file naming it (docs/decisions/012-content-declarations.md).
 */

/** The table of every declared content type (categories bring subcategories, settings site_settings). */
export const CONTENT_TABLES: string[] = [...new Set(CONTENT.flatMap((c) => storageOf(c).tables.map((t) => getTableName(t))))];

/** The input fields a new record cannot do without: those the zod input schema refuses to leave out. */
export function requiredFields(c: AnyListContent): string[] {
  const shape = (c.input as z.ZodObject).shape as Record<string, z.ZodType>;
  return Object.entries(shape)
    .filter(([, schema]) => !schema.safeParse(undefined).success)
    .map(([name]) => name);
}

/**
 * The example's fields that a staff member types (the admin's text, textarea and star fields), as text:
 * what a multipart form sends. Image URLs, lists and choices from a list are left out.
 */
export function typedFields(c: AnyListContent): Record<string, string> {
  const typed = new Set(c.form.filter((f) => ["text", "textarea", "stars"].includes(f.control)).map((f) => f.name));
  return Object.fromEntries(
    Object.entries(c.example).filter((e): e is [string, string] => typed.has(e[0]) && typeof e[1] === "string"),
  );
}

/** The example's fields that hold free text (text and textarea), in the admin form's order. */
export function textFieldNames(c: AnyListContent): string[] {
  return c.form
    .filter((f) => (f.control === "text" || f.control === "textarea") && typeof c.example[f.name] === "string")
    .map((f) => f.name);
}
