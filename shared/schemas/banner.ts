import { z } from "zod";
import { imageUrl, LIMITS, optionalText, position, type RecordBase } from "./fields";

/** Banners rotate on the home page. Industrial content has the same shape (see industrial.ts). */
export const bannerInput = z.object({
  title: optionalText("Title", LIMITS.title),
  description: optionalText("Description", LIMITS.text),
  image: imageUrl.optional(),
  position: position.optional(),
});
export type BannerInput = z.infer<typeof bannerInput>;

export interface Banner extends RecordBase {
  title: string;
  description: string;
  image: string;
  position: number;
}
