import { type ContentOutput, defineList } from "./define";
import { image, longText, text } from "./fields";

/** The slides at the top of the home page. */
export const bannerContent = defineList("banner", {
  label: "Banner",
  plural: "banners",
  path: "/banner",
  table: "banners",
  fields: {
    image: image("Image", { required: "Please upload at least one image" }),
    title: text("Title"),
    description: longText("Description"),
  },
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
    card: (b) => ({ title: b.title, body: b.description, image: b.image }),
  },
  example: {
    title: "Compressed air for every plant",
    description: "Screw and piston compressors",
    image: "https://example.com/b.jpg",
  },
});

export type Banner = ContentOutput<typeof bannerContent>;
