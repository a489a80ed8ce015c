import { type Story, storyInput } from "../../shared/schemas/story";
import { stories } from "../db/schema";
import { baseFields, defineSimpleResource } from "./simple-resource";

export const storyResource = defineSimpleResource({
  label: "Story section",
  table: stories,
  input: storyInput,
  image: { uploadFields: ["image"] },
  toRow: (i) => ({ title: i.title, content: i.content, image: i.image ?? "", position: i.position ?? 0 }),
  toApi: (r): Story => ({ ...baseFields(r), title: r.title, content: r.content, image: r.image, position: r.position }),
});
