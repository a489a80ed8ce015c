import { type Banner, bannerInput } from "../../shared/schemas/banner";
import { banners } from "../db/schema";
import { baseFields, defineSimpleResource } from "./simple-resource";

export const bannerResource = defineSimpleResource({
  label: "Banner",
  table: banners,
  input: bannerInput,
  image: { uploadFields: ["image"], requiredOnCreate: "Please upload at least one image" },
  toRow: (i) => ({ title: i.title, description: i.description, image: i.image ?? "", position: i.position ?? 0 }),
  toApi: (r): Banner => ({ ...baseFields(r), title: r.title, description: r.description, image: r.image, position: r.position }),
});
