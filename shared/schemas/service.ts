import { z } from "zod";
import { imageUrl, LIMITS, position, type RecordBase, requiredText, slug, textList } from "./fields";

export const serviceInput = z.object({
  title: requiredText("Title", LIMITS.title),
  slug: slug.optional(),
  description: requiredText("Description", LIMITS.text),
  details: requiredText("Details", LIMITS.long),
  benefits: textList("Benefits", LIMITS.short).default([]),
  image: imageUrl.optional(),
  position: position.optional(),
});
export type ServiceInput = z.infer<typeof serviceInput>;

export interface Service extends RecordBase {
  title: string;
  slug: string;
  description: string;
  details: string;
  benefits: string[];
  image: string;
  position: number;
}
