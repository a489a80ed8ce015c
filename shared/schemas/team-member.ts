import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position, type RecordBase, requiredText } from "./fields";

/**
 * In SPEC §7 a team member's `position` is the job title, so the staff ordering of team members is
 * called `sortOrder` here (every other entity calls it `position`).
 */
export const teamMemberInput = z.object({
  name: requiredText("Name", LIMITS.name),
  position: requiredText("Position", LIMITS.name),
  description: optionalText("Description", LIMITS.text),
  image: imageUrl.optional(),
  sortOrder: position.optional(),
});
export type TeamMemberInput = z.infer<typeof teamMemberInput>;

export interface TeamMember extends RecordBase {
  name: string;
  position: string;
  description: string;
  image: string;
  sortOrder: number;
}
