import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position, requiredText, slug } from "../schemas/fields";
import {
  type CustomContent,
  createdAtColumn,
  idColumn,
  listOrderIndex,
  sortColumn,
  updatedAtColumn,
  withBaseFields,
} from "./define";

export interface CategoryFeature {
  name: string;
  description?: string;
}

/** Product categories (/products/{slug}), each with optional subcategories. */
export const categories = pgTable(
  "categories",
  {
    id: idColumn(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    features: jsonb("features").$type<CategoryFeature[]>().notNull().default([]),
    position: sortColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("categories_slug_idx").on(t.slug),
    listOrderIndex("categories_order_idx", { sort: t.position, createdAt: t.createdAt }),
  ],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: idColumn(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: sortColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("subcategories_category_name_idx").on(t.categoryId, sql`lower(${t.name})`),
    index("subcategories_order_idx").on(t.categoryId, t.position, t.createdAt),
  ],
);

/** Features are objects; older clients sent plain strings, which are still accepted. */
const categoryFeature = z.preprocess(
  (v) => (typeof v === "string" ? { name: v } : v),
  z.object(
    {
      name: requiredText("Feature name", LIMITS.title),
      description: z
        .string({ error: "Feature description must be text." })
        .trim()
        .max(LIMITS.short, `Feature description must be at most ${LIMITS.short} characters.`)
        .optional(),
    },
    { error: "Each feature must have a name." },
  ),
);

export const subcategoryInput = z.object(
  {
    _id: z.string({ error: "Subcategory id must be text." }).optional(),
    name: requiredText("Subcategory name", LIMITS.name),
  },
  { error: "Each subcategory must have a name." },
);

export const categoryInput = z.object({
  name: requiredText("Name", LIMITS.name),
  slug: slug.optional(),
  description: optionalText("Description", LIMITS.text),
  features: z
    .array(categoryFeature, { error: "Features must be a list." })
    .max(LIMITS.listItems, `Features may have at most ${LIMITS.listItems} items.`)
    .transform((list) => list.map((f) => (f.description ? f : { name: f.name })))
    .default([]),
  image: imageUrl.optional(),
  /** When present, the complete list: rows with an _id are renamed, rows without are added, missing rows removed. */
  subcategories: z
    .array(subcategoryInput, { error: "Subcategories must be a list." })
    .max(LIMITS.listItems, `Subcategories may have at most ${LIMITS.listItems} items.`)
    .refine(
      (list) => new Set(list.map((s) => s.name.toLowerCase())).size === list.length,
      "Subcategory names must be different from each other.",
    )
    .optional(),
  position: position.optional(),
});
export type CategoryInput = z.infer<typeof categoryInput>;

/** A category as the API answers it, with its subcategories (in order) and how many products it has. */
export function categoryToApi(
  r: typeof categories.$inferSelect,
  subcategories: { id: string; name: string }[],
  productCount: number,
) {
  return withBaseFields(r, {
    name: r.name,
    slug: r.slug,
    description: r.description,
    image: r.image,
    features: r.features,
    subcategories: subcategories.map((s) => ({ _id: s.id, name: s.name })),
    productCount,
    position: r.position,
  });
}
export type Category = ReturnType<typeof categoryToApi>;
export type Subcategory = Category["subcategories"][number];

/** API code: server/api/category.ts (answers wrapped in `{ data }`, SPEC §7). */
export const categoryContent: CustomContent = {
  kind: "custom",
  name: "category",
  label: "Category",
  plural: "categories",
  path: "/category",
  tables: [categories, subcategories],
  images: [{ table: categories, column: categories.image }],
};
