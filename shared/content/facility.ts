import { type ContentOutput, defineList } from "./define";
import { image, longText, strings, text } from "./fields";

/** The plant and workshop facilities on the About page. */
export const facilityContent = defineList("facility", {
  label: "Facility",
  plural: "facilities",
  path: "/facilities",
  table: "facilities",
  fields: {
    image: image("Image", { required: "Please upload an image" }),
    title: text("Title", { required: "Please enter a title" }),
    description: longText("Description"),
    features: strings("Features", { itemLabel: "New feature", hint: "Add features one at a time." }),
  },
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
