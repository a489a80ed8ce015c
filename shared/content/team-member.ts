import { text } from "drizzle-orm/pg-core";
import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position, requiredText } from "../schemas/fields";
import {
  blank,
  type ContentOutput,
  defineListContent,
  FILL_REQUIRED,
  type FieldErrors,
  listTable,
  sortColumn,
  withBaseFields,
} from "./define";

/**
 * The people on the About page (/api/our-team). As in SPEC §7, a team member's `position` is the job
 * title, so the staff order of team members is `sortOrder` (column sort_order), in the API and the table.
 */
export const teamMembers = listTable(
  "team_members",
  {
    name: text("name").notNull(),
    position: text("position").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    sortOrder: sortColumn("sort_order"),
  },
  "sortOrder",
);

export const teamMemberContent = defineListContent("team-member", {
  kind: "list",
  label: "Team member",
  plural: "team members",
  path: "/our-team",
  table: teamMembers,
  sortField: "sortOrder",
  input: z.object({
    name: requiredText("Name", LIMITS.name),
    position: requiredText("Position", LIMITS.name),
    description: optionalText("Description", LIMITS.text),
    image: imageUrl.optional(),
    sortOrder: position.optional(),
  }),
  image: { uploadFields: ["image"], requiredOnCreate: "Please upload an image" },
  toRow: (i) => ({
    name: i.name,
    position: i.position,
    description: i.description,
    image: i.image ?? "",
    sortOrder: i.sortOrder ?? 0,
  }),
  toApi: (r) =>
    withBaseFields(r, {
      name: r.name,
      position: r.position,
      description: r.description,
      image: r.image,
      sortOrder: r.sortOrder,
    }),
  admin: {
    path: "our-team",
    nav: { label: "Our Team", group: "About Us" },
    title: "Our Team Management",
    description: "The people shown on the About page.",
    entity: "Team member",
    noun: "team member",
    texts: {
      fetchFailed: "Failed to fetch team members",
      empty: "No team members found",
      saveFallback: "Failed to save team member",
      deleteFailed: "Failed to delete team member",
    },
    fields: [
      { name: "image", label: "Photo", kind: "image", required: true },
      { name: "name", label: "Name", kind: "text", required: true },
      { name: "position", label: "Position", kind: "text", required: true, hint: "The job title, e.g. Service Manager." },
      { name: "description", label: "Description", kind: "textarea" },
    ],
    validate: (values) => {
      const errors: FieldErrors = {};
      for (const f of ["name", "position"]) if (blank(values[f])) errors[f] = FILL_REQUIRED;
      return errors;
    },
    card: (m) => ({ title: m.name, subtitle: m.position, body: m.description, image: m.image }),
  },
  example: {
    name: "S. Priya",
    position: "Service Manager",
    description: "20 years in the field",
    image: "https://example.com/p.jpg",
  },
});

export type TeamMember = ContentOutput<typeof teamMemberContent>;
