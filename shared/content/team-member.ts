import { LIMITS } from "../schemas/fields";
import { type ContentOutput, defineList } from "./define";
import { image, longText, text } from "./fields";

/**
 * The people on the About page (/api/our-team). As in SPEC §7, a team member's `position` is the job
 * title, so the staff order of team members is `sortOrder` (column sort_order), in the API and the table.
 */
export const teamMemberContent = defineList("team-member", {
  label: "Team member",
  plural: "team members",
  path: "/our-team",
  table: "team_members",
  order: "sortOrder",
  fields: {
    image: image("Photo", { required: "Please upload an image" }),
    name: text("Name", { required: true, max: LIMITS.name }),
    position: text("Position", { required: true, max: LIMITS.name, hint: "The job title, e.g. Service Manager." }),
    description: longText("Description"),
  },
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
