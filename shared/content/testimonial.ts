import { LIMITS } from "../schemas/fields";
import { type ContentOutput, defineList } from "./define";
import { answered, image, longText, relation, stars, text } from "./fields";

/**
 * What customers say, on the home page. A testimonial that names a product and carries stars is one of that
 * product's reviews: its page shows them with their average and number (the only source of a product's rating).
 */
export const testimonialContent = defineList("testimonial", {
  label: "Testimonial",
  plural: "testimonials",
  path: "/testimonial",
  table: "testimonials",
  fields: {
    image: image("Photo", { required: "Please upload an image" }),
    name: text("Name", { required: true, max: LIMITS.name }),
    designation: text("Designation", { max: LIMITS.name }),
    feedback: longText("Feedback", { required: true }),
    // SET NULL: deleting a product leaves its testimonials, no longer about any product.
    productId: relation("Product it is about", {
      content: "product",
      none: "None (about Pneuma in general)",
      onDelete: "set null",
      hint: "With a rating, it counts as a review on the product's page.",
    }),
    /** A numeric string ("5") as the older public site reads it (SPEC §3); null when not rated. */
    star: answered(stars("Rating"), (n) => (n === null ? null : String(n))),
  },
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
