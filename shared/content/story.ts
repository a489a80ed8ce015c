import { LIMITS } from "../schemas/fields";
import { type ContentOutput, defineList } from "./define";
import { image, longText, text } from "./fields";

const BOTH = "Title and content are required";

/** The story sections of the About page. */
export const storyContent = defineList("story", {
  label: "Story section",
  plural: "story sections",
  path: "/story",
  table: "stories",
  fields: {
    title: text("Title", { required: BOTH }),
    content: longText("Content", { required: BOTH, max: LIMITS.long, rows: 8 }),
    image: image("Image (optional)"),
  },
  admin: {
    path: "our-story",
    nav: { label: "Our Story", group: "About Us" },
    title: "Our Story Management",
    description: "The story sections of the About page (the first one is shown first).",
    entity: "Story",
    noun: "story",
    texts: {
      fetchFailed: "Failed to fetch stories",
      empty: "No story sections found",
      saveFallback: "Something went wrong",
      deleteFailed: "Failed to delete story",
    },
    card: (s) => ({ title: s.title, body: s.content, image: s.image }),
  },
  example: { title: "Since 1998", content: "We started in a small workshop in Salem." },
});

export type Story = ContentOutput<typeof storyContent>;
