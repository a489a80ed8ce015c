import { jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { z } from "zod";
import { imageUrl, LIMITS, position, requiredText, slug, textList } from "../schemas/fields";
import { blank, type ContentOutput, defineListContent, FILL_REQUIRED, listTable, sortColumn, withBaseFields } from "./define";

const REQUIRED = ["title", "description", "details"];

/** The services on the Services page, each with its own page (/services/{slug}). */
export const services = listTable(
  "services",
  {
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    details: text("details").notNull(),
    benefits: jsonb("benefits").$type<string[]>().notNull().default([]),
    image: text("image").notNull().default(""),
    position: sortColumn(),
  },
  "position",
  (t) => [uniqueIndex("services_slug_idx").on(t.slug)],
);

export const serviceContent = defineListContent("service", {
  kind: "list",
  label: "Service",
  plural: "services",
  path: "/service",
  table: services,
  sortField: "position",
  input: z.object({
    title: requiredText("Title", LIMITS.title),
    slug: slug.optional(),
    description: requiredText("Description", LIMITS.text),
    details: requiredText("Details", LIMITS.long),
    benefits: textList("Benefits", LIMITS.short).default([]),
    image: imageUrl.optional(),
    position: position.optional(),
  }),
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
  toApi: (r) =>
    withBaseFields(r, {
      title: r.title,
      slug: r.slug,
      description: r.description,
      details: r.details,
      benefits: r.benefits,
      image: r.image,
      position: r.position,
    }),
  admin: {
    path: "services",
    nav: { label: "Services", afterProducts: true },
    title: "Services Management",
    description: "The services listed on the Services page.",
    entity: "Service",
    noun: "service",
    texts: {
      fetchFailed: "Failed to fetch services",
      empty: "No services found",
      saveFallback: "Failed to save service",
      deleteFailed: "Failed to delete service",
    },
    fields: [
      { name: "image", label: "Image", kind: "image", required: true, upload: "mainImage" },
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "description", label: "Description", kind: "textarea", required: true, rows: 3 },
      {
        name: "details",
        label: "Details",
        kind: "textarea",
        required: true,
        rows: 6,
        hint: "Each sentence or line becomes a bullet point on the service page.",
      },
      { name: "benefits", label: "Benefits", kind: "list", inputLabel: "New benefit" },
    ],
    validate: (values) => (REQUIRED.some((f) => blank(values[f])) ? { form: FILL_REQUIRED } : {}),
    saveBlocked: (values) => (REQUIRED.some((f) => blank(values[f])) ? FILL_REQUIRED : null),
    card: (s) => ({ title: s.title, body: s.description, image: s.image, tags: s.benefits }),
  },
  example: {
    title: "Compressor overhaul",
    description: "Airend and motor overhaul.",
    details: "We strip, inspect and rebuild.",
    benefits: ["Like-new efficiency"],
    image: "https://example.com/s.jpg",
  },
});

export type Service = ContentOutput<typeof serviceContent>;
