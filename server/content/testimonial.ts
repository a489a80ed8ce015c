import { type Testimonial, testimonialInput } from "../../shared/schemas/testimonial";
import { testimonials } from "../db/schema";
import { baseFields, defineSimpleResource } from "./simple-resource";

export const testimonialResource = defineSimpleResource({
  label: "Testimonial",
  table: testimonials,
  input: testimonialInput,
  image: { uploadFields: ["image"], requiredOnCreate: "Please upload an image" },
  toRow: (i) => ({
    name: i.name,
    designation: i.designation,
    feedback: i.feedback,
    image: i.image ?? "",
    star: i.star ?? null,
    position: i.position ?? 0,
  }),
  toApi: (r): Testimonial => ({
    ...baseFields(r),
    name: r.name,
    designation: r.designation,
    feedback: r.feedback,
    image: r.image,
    star: r.star === null ? null : String(r.star),
    position: r.position,
  }),
});
