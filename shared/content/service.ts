import { LIMITS } from "../schemas/fields";
import { type ContentOutput, defineList } from "./define";
import { image, longText, slug, strings, text } from "./fields";

/** The services on the Services page, each with its own page (/services/{slug}). */
export const serviceContent = defineList("service", {
  label: "Service",
  plural: "services",
  path: "/service",
  table: "services",
  fields: {
    // SPEC §7 names the service's file field `mainImage`; `image` is accepted as well.
    image: image("Image", { required: "Please upload an image", uploads: ["mainImage", "image"] }),
    title: text("Title", { required: true }),
    slug: slug("title"),
    description: longText("Description", { required: true, rows: 3 }),
    details: longText("Details", {
      required: true,
      max: LIMITS.long,
      rows: 6,
      hint: "Each sentence or line becomes a bullet point on the service page.",
    }),
    benefits: strings("Benefits", { itemLabel: "New benefit" }),
  },
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
    requiredTogether: true,
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
