import { z } from "zod";
import { booleanField, imageUrl, LIMITS, position, type RecordBase, requiredText, slug } from "./fields";

export interface ProductFeature {
  featureName: string;
  featureValue: string;
}
export interface ProductSpecification {
  specName: string;
  specValue: string;
}

const rowText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(LIMITS.short, `${label} must be at most ${LIMITS.short} characters.`)
    .default("");

/** Rows left completely blank in the form are dropped; a value without a name is an error. */
function rows<N extends string, V extends string>(label: string, nameKey: N, valueKey: V, nameLabel: string) {
  return z
    .array(z.object({ [nameKey]: rowText(nameLabel), [valueKey]: rowText(`${label} value`) }), {
      error: `${label} must be a list.`,
    })
    .max(LIMITS.listItems, `${label} may have at most ${LIMITS.listItems} rows.`)
    .transform((list) => (list as Record<string, string>[]).filter((r) => r[nameKey] !== "" || r[valueKey] !== ""))
    .refine((list) => list.every((r) => r[nameKey] !== ""), `Every row of ${label} needs a name.`)
    .transform((list) => list as Record<N | V, string>[]);
}

const emptyToNull = (v: unknown) => (v === "" || v === null || v === "null" ? null : v);

export const productInput = z.object({
  categoryId: requiredText("Category", 100),
  /** Required when the category has subcategories (checked against the database). */
  subcategoryId: z.preprocess(emptyToNull, z.string({ error: "Subcategory must be text." }).trim().nullable()).optional(),
  name: requiredText("Name", LIMITS.name),
  slug: slug.optional(),
  shortDescription: requiredText("Short description", LIMITS.short * 2),
  fullDescription: requiredText("Full description", LIMITS.long),
  /** Rupees; empty means "Price on request". */
  price: z
    .preprocess(
      emptyToNull,
      z.coerce
        .number({ error: "Price must be a number." })
        .min(0, "Price must be 0 or more.")
        .max(100_000_000_000, "Price is too large.")
        .nullable(),
    )
    .optional(),
  features: rows("Features", "featureName", "featureValue", "Feature name").default([]),
  specifications: rows("Specifications", "specName", "specValue", "Specification name").default([]),
  mainImage: imageUrl.optional(),
  /** Images to keep (URLs); uploaded additionalImages files are appended to them. */
  additionalImages: z
    .array(imageUrl, { error: "Additional images must be a list." })
    .max(LIMITS.additionalImages, `A product may have at most ${LIMITS.additionalImages} additional images.`)
    .optional(),
  rating: z
    .preprocess(
      emptyToNull,
      z.coerce
        .number({ error: "Rating must be a number from 0 to 5." })
        .min(0, "Rating must be from 0 to 5.")
        .max(5, "Rating must be from 0 to 5.")
        .nullable(),
    )
    .optional(),
  reviewCount: z
    .preprocess(
      emptyToNull,
      z.coerce
        .number({ error: "Review count must be a number." })
        .int("Review count must be a whole number.")
        .min(0, "Review count must be 0 or more.")
        .max(10_000_000, "Review count is too large.")
        .nullable(),
    )
    .optional(),
  featured: booleanField.optional(),
  position: position.optional(),
});
export type ProductInput = z.infer<typeof productInput>;

export interface ProductCategoryRef {
  _id: string;
  name: string;
  slug: string;
}

export interface Product extends RecordBase {
  /** The category, populated with its name (SPEC §3: "may arrive as an object with name"). */
  categoryId: ProductCategoryRef;
  subcategoryId: string | null;
  subcategoryName: string | null;
  name: string;
  slug: string;
  shortDescription: string;
  fullDescription: string;
  price: number | null;
  mainImage: string;
  additionalImages: string[];
  features: ProductFeature[];
  specifications: ProductSpecification[];
  rating: number | null;
  reviewCount: number | null;
  featured: boolean;
  position: number;
}

export const PRODUCT_PAGE_LIMIT_MAX = 100;
