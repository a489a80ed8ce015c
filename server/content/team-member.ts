import { type TeamMember, teamMemberInput } from "../../shared/schemas/team-member";
import { teamMembers } from "../db/schema";
import { baseFields, defineSimpleResource } from "./simple-resource";

export const teamMemberResource = defineSimpleResource({
  label: "Team member",
  table: teamMembers,
  input: teamMemberInput,
  image: { uploadFields: ["image"], requiredOnCreate: "Please upload an image" },
  toRow: (i) => ({
    name: i.name,
    jobTitle: i.position,
    description: i.description,
    image: i.image ?? "",
    position: i.sortOrder ?? 0,
  }),
  toApi: (r): TeamMember => ({
    ...baseFields(r),
    name: r.name,
    position: r.jobTitle,
    description: r.description,
    image: r.image,
    sortOrder: r.position,
  }),
});
