import { z } from "zod";
import { LIMITS, optionalText, position, requiredText, slug } from "../schemas/fields";
import { withAltTexts } from "./alt-text";
import { type CustomContent, withBaseFields } from "./define";
import { type FieldsRow, image, inputShape } from "./fields";

export interface CategoryFeature {
  name: string;
  description?: string;
}

/**
 * A product category (/products/{slug}) as stored; its table and its subcategories' table are in
 * server/db/content-tables.ts.
 */
export interface CategoryRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string;
  imageAlt: string;
  imageDecorative: boolean;
  features: CategoryFeature[];
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The category's image, with its alt text and decorative mark (shared/content/alt-text.ts). */
export const categoryImageFields = withAltTexts({ image: image("Image") });

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

const subcategoryInput = z.object(
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
  ...inputShape(categoryImageFields),
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
/** A checked category input (its image fields typed from their declarations). */
export type CategoryInput = z.infer<typeof categoryInput> & Partial<FieldsRow<typeof categoryImageFields>>;

/** A category as the API answers it, with its subcategories (in order) and how many products it has. */
export function categoryToApi(r: CategoryRow, subcategories: { id: string; name: string }[], productCount: number) {
  return withBaseFields(r, {
    name: r.name,
    slug: r.slug,
    description: r.description,
    image: r.image,
    imageAlt: r.imageAlt,
    imageDecorative: r.imageDecorative,
    features: r.features,
    subcategories: subcategories.map((s) => ({ _id: s.id, name: s.name })),
    productCount,
    position: r.position,
  });
}
export type Category = ReturnType<typeof categoryToApi>;

/** API code: server/api/category.ts (answers wrapped in `{ data }`, SPEC §7). */
export const categoryContent: CustomContent = {
  kind: "custom",
  name: "category",
  label: "Category",
  plural: "categories",
  path: "/category",
};
