import { jsonb, text } from "drizzle-orm/pg-core";
import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position, requiredText, textList } from "../schemas/fields";
import { blank, type ContentOutput, defineListContent, type FieldErrors, listTable, sortColumn, withBaseFields } from "./define";

/** The plant and workshop facilities on the About page. */
export const facilities = listTable(
  "facilities",
  {
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    position: sortColumn(),
  },
  "position",
);

export const facilityContent = defineListContent("facility", {
  kind: "list",
  label: "Facility",
  plural: "facilities",
  path: "/facilities",
  table: facilities,
  sortField: "position",
  input: z.object({
    title: requiredText("Title", LIMITS.title),
    description: optionalText("Description", LIMITS.text),
    features: textList("Features", LIMITS.short).default([]),
    image: imageUrl.optional(),
    position: position.optional(),
  }),
  jsonFields: ["features"],
  image: { uploadFields: ["image"], requiredOnCreate: "Please upload an image" },
  toRow: (i) => ({
    title: i.title,
    description: i.description,
    features: i.features,
    image: i.image ?? "",
    position: i.position ?? 0,
  }),
  toApi: (r) =>
    withBaseFields(r, {
      title: r.title,
      description: r.description,
      features: r.features,
      image: r.image,
      position: r.position,
    }),
  admin: {
    path: "our-facility",
    nav: { label: "Our Facility", group: "About Us" },
    title: "Our Facilities Management",
    description: "The plant and workshop facilities shown on the About page.",
    entity: "Facility",
    noun: "facility",
    texts: {
      fetchFailed: "Failed to fetch facilities",
      empty: "No facilities found",
      saveFallback: "Something went wrong",
      deleteFailed: "Failed to delete facility",
    },
    fields: [
      { name: "image", label: "Image", kind: "image", required: true },
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "description", label: "Description", kind: "textarea" },
      { name: "features", label: "Features", kind: "list", inputLabel: "New feature", hint: "Add features one at a time." },
    ],
    validate: (values) => {
      const errors: FieldErrors = {};
      if (blank(values.title)) errors.title = "Please enter a title";
      return errors;
    },
    card: (f) => ({ title: f.title, body: f.description, image: f.image, tags: f.features }),
  },
  example: {
    title: "Machine shop",
    description: "CNC lines",
    features: ["CNC turning", "Test bay"],
    image: "https://example.com/f.jpg",
  },
});

export type Facility = ContentOutput<typeof facilityContent>;
