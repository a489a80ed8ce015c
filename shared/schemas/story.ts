import { z } from "zod";
import { imageUrl, LIMITS, position, type RecordBase, requiredText } from "./fields";

export const storyInput = z.object({
  title: requiredText("Title", LIMITS.title),
  content: requiredText("Content", LIMITS.long),
  image: imageUrl.optional(),
  position: position.optional(),
});
export type StoryInput = z.infer<typeof storyInput>;

export interface Story extends RecordBase {
  title: string;
  content: string;
  image: string;
  position: number;
}
