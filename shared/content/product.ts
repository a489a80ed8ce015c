import { boolean, index, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { z } from "zod";
import { booleanField, imageUrl, LIMITS, position, requiredText, slug } from "../schemas/fields";
import { categories, subcategories } from "./category";
import { type CustomContent, createdAtColumn, idColumn, sortColumn, updatedAtColumn, withBaseFields } from "./define";
import { attachmentsColumn, attachmentToApi, keptAttachmentsInput, type ProductAttachment } from "./product-attachments";
import { keyFigureColumns, keyFigureInput, keyFiguresInputView, keyFiguresOf, keyFiguresToRow } from "./product-figures";

export interface ProductFeature {
  featureName: string;
  featureValue: string;
}
export interface ProductSpecification {
  specName: string;
  specValue: string;
}

/** The machines, each on its page /products/{category slug}/{slug}. */
export const products = pgTable(
  "products",
  {
    id: idColumn(),
    slug: text("slug").notNull(),
    // RESTRICT: a category or subcategory that products use cannot disappear under them.
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: text("subcategory_id").references(() => subcategories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    shortDescription: text("short_description").notNull(),
    fullDescription: text("full_description").notNull(),
    /** Whole rupees and paise; null means "Price on request". */
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }),
    mainImage: text("main_image").notNull().default(""),
    additionalImages: jsonb("additional_images").$type<string[]>().notNull().default([]),
    features: jsonb("features").$type<ProductFeature[]>().notNull().default([]),
    specifications: jsonb("specifications").$type<ProductSpecification[]>().notNull().default([]),
    /** PDF files (brochures, manuals, certificates): shared/content/product-attachments.ts. */
    attachments: attachmentsColumn(),
    featured: boolean("featured").notNull().default(false),
    /** Key figures in canonical units (shared/content/product-figures.ts). */
    ...keyFigureColumns(),
    position: sortColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("products_slug_idx").on(t.slug),
    index("products_category_order_idx").on(t.categoryId, t.position, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_subcategory_idx").on(t.subcategoryId),
    // The listing order exactly (ORDER BY … DESC means NULLS FIRST; id breaks ties), so a page of
    // products is read from the index instead of sorting them all.
    index("products_order_idx").on(t.position, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The finder's best fit for a flow asked (smallest adequate first): the page of results is read from
    // here upwards from the bound, not by scanning and sorting every machine.
    index("products_flow_max_idx").on(t.flowMax),
  ],
);

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
  /** Attachments to keep (`{ title, url }`, titles may change); uploaded `attachments` files are appended. */
  attachments: keptAttachmentsInput.optional(),
  featured: booleanField.optional(),
  position: position.optional(),
  ...keyFigureInput,
});
export type ProductInput = z.infer<typeof productInput>;

/** A product as the API answers it: its category populated with name and slug (SPEC §3). */
export function productToApi(
  p: typeof products.$inferSelect,
  joined: { categoryName: string | null; categorySlug: string | null; subcategoryName: string | null },
) {
  return withBaseFields(p, {
    categoryId: { _id: p.categoryId, name: joined.categoryName ?? "", slug: joined.categorySlug ?? "" },
    subcategoryId: p.subcategoryId,
    subcategoryName: joined.subcategoryName,
    name: p.name,
    slug: p.slug,
    shortDescription: p.shortDescription,
    fullDescription: p.fullDescription,
    price: p.price,
    mainImage: p.mainImage,
    additionalImages: p.additionalImages,
    features: p.features,
    specifications: p.specifications,
    attachments: p.attachments.map(attachmentToApi),
    featured: p.featured,
    ...keyFiguresOf(p),
    position: p.position,
  });
}
export type Product = ReturnType<typeof productToApi>;

/** The stored columns of a validated product; the caller has resolved images and attachments and checked the category. */
export type ProductValues = Omit<ProductInput, "attachments"> & {
  mainImage: string;
  additionalImages: string[];
  attachments: ProductAttachment[];
};

/** The stored columns of a validated product. */
export function productToRow(v: ProductValues) {
  return {
    categoryId: v.categoryId,
    subcategoryId: v.subcategoryId ?? null,
    name: v.name,
    shortDescription: v.shortDescription,
    fullDescription: v.fullDescription,
    price: v.price ?? null,
    mainImage: v.mainImage,
    additionalImages: v.additionalImages,
    features: v.features,
    specifications: v.specifications,
    attachments: v.attachments,
    featured: v.featured ?? false,
    ...keyFiguresToRow(v),
    position: v.position ?? 0,
  };
}

/** What the edit form starts from: the stored product in input shape. */
export function productInputView(row: typeof products.$inferSelect): Record<string, unknown> {
  return {
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    name: row.name,
    shortDescription: row.shortDescription,
    fullDescription: row.fullDescription,
    price: row.price,
    features: row.features,
    specifications: row.specifications,
    mainImage: row.mainImage,
    additionalImages: row.additionalImages,
    attachments: row.attachments,
    featured: row.featured,
    ...keyFiguresInputView(keyFiguresOf(row)),
    position: row.position,
  };
}

/** API code: server/api/product.ts (lists paged in `{ data, total, page, limit }`, SPEC §7). */
export const productContent: CustomContent = {
  kind: "custom",
  name: "product",
  label: "Product",
  plural: "products",
  path: "/product",
  tables: [products],
  images: [
    { table: products, column: products.mainImage },
    { table: products, column: products.additionalImages, many: true },
    // Not images, but uploads all the same: kept on disk and in backups while a record, version or trashed record uses one.
    { table: products, column: products.attachments, many: true, urlKey: "url" },
  ],
};

export const PRODUCT_PAGE_LIMIT_MAX = 100;
