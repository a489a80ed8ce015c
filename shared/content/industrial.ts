import { text } from "drizzle-orm/pg-core";
import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position } from "../schemas/fields";
import { type ContentOutput, defineListContent, listTable, sortColumn, withBaseFields } from "./define";

/** The industrial feature block on the home page (the public site shows the first item). */
export const industrials = listTable(
  "industrials",
  {
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    position: sortColumn(),
  },
  "position",
);

export const industrialContent = defineListContent("industrial", {
  kind: "list",
  label: "Industrial content",
  plural: "industrial content",
  path: "/industrial",
  table: industrials,
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
    path: "industrial",
    nav: { label: "Industrial" },
    title: "Industrial Management",
    description: "The industrial feature block of the home page (the first entry is shown).",
    entity: "Industrial",
    noun: "industrial entry",
    texts: {
      fetchFailed: "Failed to fetch industrials",
      empty: "No industrials found",
      saveFallback: "Something went wrong",
      deleteFailed: "Failed to delete industrial",
    },
    fields: [
      { name: "image", label: "Image", kind: "image", required: true },
      { name: "title", label: "Title", kind: "text" },
      { name: "description", label: "Description", kind: "textarea" },
    ],
    card: (b) => ({ title: b.title, body: b.description, image: b.image }),
  },
  example: { title: "Built for heavy industry", description: "Foundries, textiles, pharma", image: "https://example.com/i.jpg" },
});

export type Industrial = ContentOutput<typeof industrialContent>;
