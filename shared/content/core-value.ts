import { type ContentOutput, defineList } from "./define";
import { choice, longText, text } from "./fields";

/** Icons the About page knows how to draw; staff pick one by name. */
export const CORE_VALUE_ICONS = ["lightbulb", "shield-check", "users", "gauge", "leaf", "wrench", "award", "handshake"] as const;
const iconLabel = (icon: string) => icon.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

/** The core values on the About page. */
export const coreValueContent = defineList("core-value", {
  label: "Core value",
  plural: "core values",
  path: "/core-values",
  table: "core_values",
  fields: {
    title: text("Title", { required: "Please enter a title" }),
    description: longText("Description"),
    icon: choice(
      "Icon",
      CORE_VALUE_ICONS.map((i) => ({ value: i, label: iconLabel(i) })),
      { none: "No icon" },
    ),
  },
  admin: {
    path: "our-core",
    nav: { label: "Our Core", group: "About Us" },
    title: "Our Core Management",
    description: "The core values shown on the About page.",
    entity: "Core value",
    noun: "core value",
    texts: {
      fetchFailed: "Failed to fetch core values",
      empty: "No core values found",
      saveFallback: "Something went wrong",
      deleteFailed: "Failed to delete core value",
    },
    card: (c) => ({ title: c.title, body: c.description, extra: c.icon ? `Icon: ${iconLabel(c.icon)}` : undefined }),
  },
  example: { title: "Integrity", description: "We say what we do.", icon: "shield-check" },
});

export type CoreValue = ContentOutput<typeof coreValueContent>;
