import { type Industrial, industrialInput } from "../../shared/schemas/industrial";
import { industrials } from "../db/schema";
import { baseFields, defineSimpleResource } from "./simple-resource";

export const industrialResource = defineSimpleResource({
  label: "Industrial content",
  table: industrials,
  input: industrialInput,
  image: { uploadFields: ["image"], requiredOnCreate: "Please upload at least one image" },
  toRow: (i) => ({ title: i.title, description: i.description, image: i.image ?? "", position: i.position ?? 0 }),
  toApi: (r): Industrial => ({
    ...baseFields(r),
    title: r.title,
    description: r.description,
    image: r.image,
    position: r.position,
  }),
});
