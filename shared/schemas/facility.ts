import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position, type RecordBase, requiredText, textList } from "./fields";

export const facilityInput = z.object({
  title: requiredText("Title", LIMITS.title),
  description: optionalText("Description", LIMITS.text),
  features: textList("Features", LIMITS.short).default([]),
  image: imageUrl.optional(),
  position: position.optional(),
});
export type FacilityInput = z.infer<typeof facilityInput>;

export interface Facility extends RecordBase {
  title: string;
  description: string;
  features: string[];
  image: string;
  position: number;
}
