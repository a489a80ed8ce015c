export const NUL_MESSAGE = "Text must not contain NUL characters.";

/** PostgreSQL cannot store U+0000 in text or jsonb; such input is refused up front. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 50 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || containsNul(v, depth + 1));
}
