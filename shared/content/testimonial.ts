import { index, smallint, text } from "drizzle-orm/pg-core";
import { z } from "zod";
import { isId } from "../lib/ids";
import { STAR_MAX } from "../schemas/defaults";
import { imageUrl, LIMITS, optionalText, position, requiredText } from "../schemas/fields";
import {
  blank,
  type ContentOutput,
  defineListContent,
  FILL_REQUIRED,
  type FieldErrors,
  listTable,
  sortColumn,
  withBaseFields,
} from "./define";
import { products } from "./product";

/**
 * What customers say, on the home page. A testimonial that names a product and carries stars is one of that
 * product's reviews: its page shows them with their average and number (the only source of a product's rating).
 */
export const testimonials = listTable(
  "testimonials",
  {
    name: text("name").notNull(),
    designation: text("designation").notNull().default(""),
    feedback: text("feedback").notNull(),
    image: text("image").notNull().default(""),
    star: smallint("star"),
    // SET NULL: deleting a product leaves its testimonials, no longer about any product.
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    position: sortColumn(),
  },
  "position",
  (t) => [index("testimonials_product_idx").on(t.productId)],
);

/** The product a testimonial is about: its id, or none (empty). */
const productChoice = z
  .preprocess(
    (v) => (v === "" || v === null ? null : v),
    z.string({ error: "Product must be a product's id." }).trim().refine(isId, "Product must be a product's id.").nullable(),
  )
  .optional();

export const testimonialContent = defineListContent("testimonial", {
  kind: "list",
  label: "Testimonial",
  plural: "testimonials",
  path: "/testimonial",
  table: testimonials,
  sortField: "position",
  input: z.object({
    name: requiredText("Name", LIMITS.name),
    designation: optionalText("Designation", LIMITS.name),
    feedback: requiredText("Feedback", LIMITS.text),
    image: imageUrl.optional(),
    /** 1–5; empty means not rated. Multipart sends it as text. */
    star: z
      .preprocess(
        (v) => (v === "" || v === null ? null : v),
        z.coerce
          .number({ error: "Star rating must be a number from 1 to 5." })
          .int("Star rating must be a whole number from 1 to 5.")
          .min(1, "Star rating must be from 1 to 5.")
          .max(STAR_MAX, "Star rating must be from 1 to 5.")
          .nullable(),
      )
      .optional(),
    productId: productChoice,
    position: position.optional(),
  }),
  image: { uploadFields: ["image"], requiredOnCreate: "Please upload an image" },
  toRow: (i) => ({
    name: i.name,
    designation: i.designation,
    feedback: i.feedback,
    image: i.image ?? "",
    star: i.star ?? null,
    productId: i.productId ?? null,
    position: i.position ?? 0,
  }),
  toApi: (r) =>
    withBaseFields(r, {
      name: r.name,
      designation: r.designation,
      feedback: r.feedback,
      image: r.image,
      /** A numeric string ("5") as the older public site reads it (SPEC §3); null when not rated. */
      star: r.star === null ? null : String(r.star),
      /** The product it is about, or null. */
      productId: r.productId,
      position: r.position,
    }),
  admin: {
    path: "testimonials",
    nav: { label: "Testimonial" },
    title: "Testimonials Management",
    description:
      "What customers say about Pneuma, shown on the home page. One about a product, with a rating, is a review on that product's page.",
    entity: "Testimonial",
    noun: "testimonial",
    texts: {
      fetchFailed: "Failed to fetch testimonials",
      empty: "No testimonials found",
      saveFallback: "Operation failed",
      deleteFailed: "Failed to delete testimonial",
    },
    fields: [
      { name: "image", label: "Photo", kind: "image", required: true },
      { name: "name", label: "Name", kind: "text", required: true },
      { name: "designation", label: "Designation", kind: "text" },
      { name: "feedback", label: "Feedback", kind: "textarea", required: true },
      {
        name: "productId",
        label: "Product it is about",
        kind: "product",
        hint: "With a rating, it counts as a review on the product's page.",
      },
      { name: "star", label: "Rating", kind: "stars" },
    ],
    validate: (values) => {
      const errors: FieldErrors = {};
      for (const f of ["name", "feedback"]) if (blank(values[f])) errors[f] = FILL_REQUIRED;
      return errors;
    },
    card: (t) => ({
      title: t.name,
      subtitle: t.designation,
      body: t.feedback,
      image: t.image,
      stars: t.star === null ? 0 : Number(t.star) || 0,
    }),
  },
  example: {
    name: "R. Kumar",
    designation: "Plant Head",
    feedback: "Reliable machines.",
    star: "5",
    image: "https://example.com/t.jpg",
  },
});

export type Testimonial = ContentOutput<typeof testimonialContent>;
