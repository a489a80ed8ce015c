import { type ContentOutput, defineList } from "./define";
import { image, longText, text } from "./fields";

/** The industrial feature block of the home page (the first entry is shown). */
export const industrialContent = defineList("industrial", {
  label: "Industrial content",
  plural: "industrial content",
  path: "/industrial",
  table: "industrials",
  fields: {
    image: image("Image", { required: "Please upload at least one image" }),
    title: text("Title"),
    description: longText("Description"),
  },
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
    card: (b) => ({ title: b.title, body: b.description, image: b.image }),
  },
  example: { title: "Built for heavy industry", description: "Foundries, textiles, pharma", image: "https://example.com/i.jpg" },
});

export type Industrial = ContentOutput<typeof industrialContent>;
