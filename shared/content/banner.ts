import { text } from "drizzle-orm/pg-core";
import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position } from "../schemas/fields";
import { type ContentOutput, defineListContent, listTable, sortColumn, withBaseFields } from "./define";

/** The slides at the top of the home page. */
export const banners = listTable(
  "banners",
  {
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    position: sortColumn(),
  },
  "position",
);

export const bannerContent = defineListContent("banner", {
  kind: "list",
  label: "Banner",
  plural: "banners",
  path: "/banner",
  table: banners,
  sortField: "position",
  input: z.object({
    title: optionalText("Title", LIMITS.title),
    description: optionalText("Description", LIMITS.text),
    image: imageUrl.optional(),
    position: position.optional(),
  }),
  image: { uploadFields: ["image"], requiredOnCreate: "Please upload at least one image" },
  toRow: (i) => ({ title: i.title, description: i.description, image: i.image ?? "", position: i.position ?? 0 }),
  toApi: (r) => withBaseFields(r, { title: r.title, description: r.description, image: r.image, position: r.position }),
  admin: {
    path: "banner",
    nav: { label: "Banner" },
    title: "Banner Management",
    description: "The slides at the top of the home page.",
    entity: "Banner",
    noun: "banner",
    texts: {
      fetchFailed: "Failed to fetch banners",
      empty: "No banners found",
      saveFallback: "Something went wrong",
      deleteFailed: "Failed to delete banner",
    },
    fields: [
      { name: "image", label: "Image", kind: "image", required: true },
      { name: "title", label: "Title", kind: "text" },
      { name: "description", label: "Description", kind: "textarea" },
    ],
    card: (b) => ({ title: b.title, body: b.description, image: b.image }),
  },
  example: {
    title: "Compressed air for every plant",
    description: "Screw and piston compressors",
    image: "https://example.com/b.jpg",
  },
});

export type Banner = ContentOutput<typeof bannerContent>;
