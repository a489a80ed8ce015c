import { text } from "drizzle-orm/pg-core";
import { z } from "zod";
import { LIMITS, optionalText, position, requiredText } from "../schemas/fields";
import { blank, type ContentOutput, defineListContent, listTable, sortColumn, withBaseFields } from "./define";

/** Icons the About page knows how to draw; staff pick one by name. */
export const CORE_VALUE_ICONS = ["lightbulb", "shield-check", "users", "gauge", "leaf", "wrench", "award", "handshake"] as const;
const iconLabel = (icon: string) => icon.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

/** The core values on the About page. */
export const coreValues = listTable(
  "core_values",
  {
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    icon: text("icon").notNull().default(""),
    position: sortColumn(),
  },
  "position",
);

export const coreValueContent = defineListContent("core-value", {
  kind: "list",
  label: "Core value",
  plural: "core values",
  path: "/core-values",
  table: coreValues,
  sortField: "position",
  input: z.object({
    title: requiredText("Title", LIMITS.title),
    description: optionalText("Description", LIMITS.text),
    icon: z
      .string({ error: "Icon must be text." })
      .trim()
      .default("")
      .refine((v) => v === "" || (CORE_VALUE_ICONS as readonly string[]).includes(v), {
        message: `Icon must be one of: ${CORE_VALUE_ICONS.join(", ")}.`,
      }),
    position: position.optional(),
  }),
  toRow: (i) => ({ title: i.title, description: i.description, icon: i.icon, position: i.position ?? 0 }),
  toApi: (r) => withBaseFields(r, { title: r.title, description: r.description, icon: r.icon, position: r.position }),
  admin: {
    path: "our-core",
    nav: { label: "Our Core", group: "About Us" },
    title: "Our Core Management",
    description: "The core values shown on the About page.",
    entity: "Core value",
    noun: "core value",
    texts: {
      fetchFailed: "Failed to fetch core values",
      empty: "No core values found",
      saveFallback: "Something went wrong",
      deleteFailed: "Failed to delete core value",
    },
    fields: [
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "description", label: "Description", kind: "textarea" },
      {
        name: "icon",
        label: "Icon",
        kind: "select",
        options: [{ value: "", label: "No icon" }, ...CORE_VALUE_ICONS.map((i) => ({ value: i, label: iconLabel(i) }))],
      },
    ],
    validate: (values) => (blank(values.title) ? { title: "Please enter a title" } : {}),
    card: (c) => ({ title: c.title, body: c.description, extra: c.icon ? `Icon: ${iconLabel(c.icon)}` : undefined }),
  },
  example: { title: "Integrity", description: "We say what we do.", icon: "shield-check" },
});

export type CoreValue = ContentOutput<typeof coreValueContent>;
