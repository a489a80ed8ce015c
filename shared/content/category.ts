import { z } from "zod";
import { LIMITS, position, requiredText } from "../schemas/fields";
import { withAltTexts } from "./alt-text";
import { type CustomContent, withBaseFields } from "./define";
import {
  type Field,
  type FieldsOutput,
  type FieldsRow,
  fieldsToApi,
  image,
  inputShape,
  longText,
  rows,
  slug,
  text,
} from "./fields";

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

const subcategoryInput = z.object(
  {
    _id: z.string({ error: "Subcategory id must be text." }).optional(),
    name: requiredText("Subcategory name", LIMITS.name),
  },
  { error: "Each subcategory must have a name." },
);

/**
 * A category's features: `{ name, description? }` (older clients sent plain strings, still accepted), added
 * one at a time in the category form (its "featureList" part).
 */
const features: Field<CategoryFeature[]> = {
  ...rows("Features", { name: "Feature name", description: "Feature description" }),
  input: z
    .array(categoryFeature, { error: "Features must be a list." })
    .max(LIMITS.listItems, `Features may have at most ${LIMITS.listItems} items.`)
    .transform((list) => list.map((f) => (f.description ? f : { name: f.name })))
    .default([]),
  toRow: (v) => (Array.isArray(v) ? (v as CategoryFeature[]) : []),
  toApi: (v) => v,
};

/**
 * Product categories (/products/{slug}), each with optional subcategories: their fields, declared once
 * (the table in server/db/content-tables.ts, the input, the answer and the form follow from them). The
 * subcategories have a table of their own, edited in the category form.
 */
export const categoryFields = withAltTexts({
  name: text("Name", { required: "Please enter a category name", max: LIMITS.name }),
  slug: slug("name"),
  description: longText("Description", { rows: 3 }),
  image: image("Image", { hint: "Optional." }),
  features,
});
type CategoryFields = typeof categoryFields;

/** The category form's own parts (app/components/admin/category-editor.tsx); subcategories come after the fields. */
export const categoryForm = { parts: { features: "featureList" } } as const;

/** A category as stored. */
export type CategoryRow = FieldsRow<CategoryFields> & { id: string; position: number; createdAt: Date; updatedAt: Date };

export const categoryInput = z.object({
  ...inputShape(categoryFields),
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
/** A checked category input. */
export type CategoryInput = Partial<FieldsRow<CategoryFields>> & {
  name: string;
  subcategories?: { _id?: string; name: string }[];
  position?: number;
};

/** A category as the API answers it, with its subcategories (in order) and how many products it has. */
export function categoryToApi(r: CategoryRow, subcategories: { id: string; name: string }[], productCount: number) {
  const out = fieldsToApi(categoryFields, r) as FieldsOutput<CategoryFields> & {
    subcategories: { _id: string; name: string }[];
    productCount: number;
    position: number;
  };
  out.subcategories = subcategories.map((s) => ({ _id: s.id, name: s.name }));
  out.productCount = productCount;
  out.position = r.position;
  return withBaseFields(r, out);
}
export type Category = ReturnType<typeof categoryToApi>;

/** API code: server/api/category.ts (answers wrapped in `{ data }`, SPEC §7). */
export const categoryContent: CustomContent = {
  kind: "custom",
  name: "category",
  label: "Category",
  plural: "categories",
  path: "/category",
  fields: categoryFields,
};
