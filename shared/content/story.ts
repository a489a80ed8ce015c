import { text } from "drizzle-orm/pg-core";
import { z } from "zod";
import { imageUrl, LIMITS, position, requiredText } from "../schemas/fields";
import { blank, type ContentOutput, defineListContent, type FieldErrors, listTable, sortColumn, withBaseFields } from "./define";

/** The story sections of the About page. */
export const stories = listTable(
  "stories",
  {
    title: text("title").notNull(),
    content: text("content").notNull(),
    image: text("image").notNull().default(""),
    position: sortColumn(),
  },
  "position",
);

export const storyContent = defineListContent("story", {
  kind: "list",
  label: "Story section",
  plural: "story sections",
  path: "/story",
  table: stories,
  sortField: "position",
  input: z.object({
    title: requiredText("Title", LIMITS.title),
    content: requiredText("Content", LIMITS.long),
    image: imageUrl.optional(),
    position: position.optional(),
  }),
  image: { uploadFields: ["image"] },
  toRow: (i) => ({ title: i.title, content: i.content, image: i.image ?? "", position: i.position ?? 0 }),
  toApi: (r) => withBaseFields(r, { title: r.title, content: r.content, image: r.image, position: r.position }),
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
    fields: [
      { name: "title", label: "Title", kind: "text", required: true },
      { name: "content", label: "Content", kind: "textarea", required: true, rows: 8 },
      { name: "image", label: "Image (optional)", kind: "image" },
    ],
    validate: (values) => {
      const errors: FieldErrors = {};
      for (const f of ["title", "content"]) if (blank(values[f])) errors[f] = "Title and content are required";
      return errors;
    },
    card: (s) => ({ title: s.title, body: s.content, image: s.image }),
  },
  example: { title: "Since 1998", content: "We started in a small workshop in Salem." },
});

export type Story = ContentOutput<typeof storyContent>;
