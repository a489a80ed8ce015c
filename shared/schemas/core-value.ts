import { z } from "zod";
import { LIMITS, optionalText, position, type RecordBase, requiredText } from "./fields";

/** Icons the About page knows how to draw; staff pick one by name. */
export const CORE_VALUE_ICONS = ["lightbulb", "shield-check", "users", "gauge", "leaf", "wrench", "award", "handshake"] as const;

export const coreValueInput = z.object({
  title: requiredText("Title", LIMITS.title),
  description: optionalText("Description", LIMITS.text),
  icon: z
    .string({ error: "Icon must be text." })
    .trim()
    .default("")
    .refine((v) => v === "" || (CORE_VALUE_ICONS as readonly string[]).includes(v), {
      message: `Icon must be one of: ${CORE_VALUE_ICONS.join(", ")}.`,
    }),
  position: position.optional(),
});
export type CoreValueInput = z.infer<typeof coreValueInput>;

export interface CoreValue extends RecordBase {
  title: string;
  description: string;
  icon: string;
  position: number;
}
