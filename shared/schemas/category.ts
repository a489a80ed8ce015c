import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position, type RecordBase, requiredText, slug } from "./fields";

export interface CategoryFeature {
  name: string;
  description?: string;
}

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

export interface Subcategory {
  _id: string;
  name: string;
}

export interface Category extends RecordBase {
  name: string;
  slug: string;
  description: string;
  image: string;
  features: CategoryFeature[];
  subcategories: Subcategory[];
  productCount: number;
  position: number;
}
