import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position, type RecordBase } from "./fields";

/** Industrial feature block on the home page (the public site shows the first item). */
export const industrialInput = z.object({
  title: optionalText("Title", LIMITS.title),
  description: optionalText("Description", LIMITS.text),
  image: imageUrl.optional(),
  position: position.optional(),
});
export type IndustrialInput = z.infer<typeof industrialInput>;

export interface Industrial extends RecordBase {
  title: string;
  description: string;
  image: string;
  position: number;
}
