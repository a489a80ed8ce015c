import { type Facility, facilityInput } from "../../shared/schemas/facility";
import { facilities } from "../db/schema";
import { baseFields, defineSimpleResource } from "./simple-resource";

export const facilityResource = defineSimpleResource({
  label: "Facility",
  table: facilities,
  input: facilityInput,
  jsonFields: ["features"],
  image: { uploadFields: ["image"], requiredOnCreate: "Please upload an image" },
  toRow: (i) => ({
    title: i.title,
    description: i.description,
    features: i.features,
    image: i.image ?? "",
    position: i.position ?? 0,
  }),
  toApi: (r): Facility => ({
    ...baseFields(r),
    title: r.title,
    description: r.description,
    features: r.features,
    image: r.image,
    position: r.position,
  }),
});
