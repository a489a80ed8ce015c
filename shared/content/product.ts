import { z } from "zod";
import { isHsnCode } from "../sales/gst";
import { LIMITS, optionalText, position, type RecordBase } from "../schemas/fields";
import { withAltTexts } from "./alt-text";
import { type CustomContent, withBaseFields } from "./define";
import {
  attachments,
  checkedBy,
  type FieldsOutput,
  type FieldsRow,
  fieldsToApi,
  fieldsToRow,
  image,
  images,
  inputShape,
  longText,
  money,
  relation,
  rows,
  slug,
  text,
  yesNo,
} from "./fields";
import type { ProductAttachment } from "./product-attachments";
import {
  type FigureRow,
  type KeyFigures,
  keyFigureInput,
  keyFiguresInputView,
  keyFiguresOf,
  keyFiguresToRow,
} from "./product-figures";

export interface ProductFeature {
  featureName: string;
  featureValue: string;
}
export interface ProductSpecification {
  specName: string;
  specValue: string;
}

/**
 * The machines, each on its page /products/{category slug}/{slug}. Their fields, declared once: the column
 * (server/db/content-tables.ts), the input check, the API answer and the admin control follow from each.
 * The key figures (shared/content/product-figures.ts) are typed in units and kept in canonical ones, so
 * they are declared there.
 */
export const productFields = withAltTexts({
  // RESTRICT: a category or subcategory that products use cannot disappear under them.
  categoryId: relation("Category", {
    content: "category",
    required: "Please choose a category",
    onDelete: "restrict",
    indexed: false, // products_category_order_idx starts with it
  }),
  /** Required when the category has subcategories (checked against the database). */
  subcategoryId: relation("Subcategory", { content: "subcategory", onDelete: "restrict" }),
  name: text("Name", { required: "Please enter a product name", max: LIMITS.name }),
  slug: slug("name"),
  shortDescription: longText("Short description", {
    required: "Please enter a short description",
    max: LIMITS.short * 2,
    rows: 2,
  }),
  /** Rupees and paise; none means "Price on request". */
  price: money("Price"),
  /** Printed on quotations, and it picks the line's GST rate (the rate table, by HSN code). */
  hsn: checkedBy(
    text("HSN code", {
      placeholder: "8414 80 11",
      hint: "4, 6 or 8 digits (air compressors and their parts are 8414…). Quotations print it and take the GST rate from it.",
    }),
    optionalText("HSN code", 20)
      .transform((v) => v.replace(/\s/g, ""))
      .refine((v) => v === "" || isHsnCode(v), "HSN code must be 4, 6 or 8 digits."),
  ),
  featured: yesNo("Featured product (shown on the home page)"),
  fullDescription: longText("Full description", { required: "Please enter a full description", max: LIMITS.long, rows: 5 }),
  specifications: rows<keyof ProductSpecification>(
    "Specifications",
    { specName: "Specification name", specValue: "Specification value" },
    { placeholders: { specName: "Name (e.g. Free air delivery)", specValue: "Value (e.g. 8.5 m³/min)" } },
  ),
  features: rows<keyof ProductFeature>(
    "Features",
    { featureName: "Feature name", featureValue: "Feature value" },
    { placeholders: { featureName: "Name (e.g. Drive)", featureValue: "Value (e.g. Direct coupled)" } },
  ),
  mainImage: image("Main image", { required: "Please upload a main image" }),
  /** Images to keep (URLs); uploaded additionalImages files are appended to them. */
  additionalImages: images("Additional images", {
    max: LIMITS.additionalImages,
    tooMany: `A product may have at most ${LIMITS.additionalImages} additional images.`,
  }),
  /** Attachments to keep (`{ title, url }`, titles may change); uploaded `attachments` files are appended. */
  attachments: attachments("Attachments"),
});
/**
 * The product form's own parts (app/components/admin/product-editor.tsx): the category with the
 * subcategory that depends on it, the price or "Price on request", and the key figures after the full
 * description. Every other field is drawn from its declaration.
 */
export const productForm = {
  parts: { categoryId: "categoryChoice", subcategoryId: "none", price: "priceOrOnRequest" },
  keyFiguresAfter: "fullDescription",
} as const;
type ProductFields = typeof productFields;

/** A stored product: its fields, its key figures (canonical units) and its place in the staff order. */
export type ProductRow = FieldsRow<ProductFields> &
  FigureRow & { id: string; createdAt: Date; updatedAt: Date; position: number };

export const productInput = z.object({ ...inputShape(productFields), position: position.optional(), ...keyFigureInput });
/** A checked product input: what the API took (the category checked by server/api/product.ts). */
export type ProductInput = Partial<FieldsRow<ProductFields>> &
  Pick<FieldsRow<ProductFields>, "categoryId" | "name" | "shortDescription" | "fullDescription"> &
  Partial<KeyFigures> & { position?: number };

/** A product as the API answers it: its category populated with name and slug (SPEC §3). */
export type Product = RecordBase &
  Omit<FieldsOutput<ProductFields>, "categoryId"> & {
    categoryId: { _id: string; name: string; slug: string };
    subcategoryName: string | null;
  } & KeyFigures & { position: number };

export function productToApi(
  p: ProductRow,
  joined: { categoryName: string | null; categorySlug: string | null; subcategoryName: string | null },
): Product {
  // Assigned, not spread into a literal: V8's slow path for literals that start with a spread (see withBaseFields).
  const out: Record<string, unknown> = fieldsToApi(productFields, p);
  out.categoryId = { _id: p.categoryId, name: joined.categoryName ?? "", slug: joined.categorySlug ?? "" };
  out.subcategoryName = joined.subcategoryName;
  Object.assign(out, keyFiguresOf(p));
  out.position = p.position;
  return withBaseFields(p, out) as unknown as Product;
}

/** The stored columns of a validated product; the caller has resolved images and attachments and checked the category. */
export type ProductValues = Omit<ProductInput, "attachments"> & {
  mainImage: string;
  additionalImages: string[];
  attachments: ProductAttachment[];
};

/** The stored columns of a validated product. */
export function productToRow(v: ProductValues) {
  return {
    ...(fieldsToRow(productFields, v) as Omit<FieldsRow<ProductFields>, "slug">),
    ...keyFiguresToRow(v),
    position: v.position ?? 0,
  };
}

/** What the edit form starts from: the stored product in input shape. */
export function productInputView(row: ProductRow): Record<string, unknown> {
  const stored = row as unknown as Record<string, unknown>;
  const fields = Object.keys(productFields).filter((k) => k !== "slug");
  return {
    ...Object.fromEntries(fields.map((k) => [k, stored[k]])),
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
  fields: productFields,
};

export const PRODUCT_PAGE_LIMIT_MAX = 100;
