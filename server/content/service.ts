import { type Service, serviceInput } from "../../shared/schemas/service";
import { services } from "../db/schema";
import { baseFields, defineSimpleResource } from "./simple-resource";

export const serviceResource = defineSimpleResource({
  label: "Service",
  table: services,
  input: serviceInput,
  jsonFields: ["benefits"],
  // SPEC §7 names the service's file field `mainImage`; `image` is accepted as well.
  image: { uploadFields: ["mainImage", "image"], requiredOnCreate: "Please upload an image" },
  slugSource: (i) => i.title,
  toRow: (i) => ({
    title: i.title,
    description: i.description,
    details: i.details,
    benefits: i.benefits,
    image: i.image ?? "",
    position: i.position ?? 0,
  }),
  toApi: (r): Service => ({
    ...baseFields(r),
    title: r.title,
    slug: r.slug,
    description: r.description,
    details: r.details,
    benefits: r.benefits,
    image: r.image,
    position: r.position,
  }),
});
