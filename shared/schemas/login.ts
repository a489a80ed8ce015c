import { z } from "zod";
// Applies z.config({ jitless: true }) before this schema exists: zod's eval probe would break our CSP.
import "./fields";

const PASSWORD_MIN_LENGTH = 8;

export const loginInput = z.object({
  username: z.string({ error: "Username is required." }).trim().min(1, "Username is required.").max(100, "Username is too long."),
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(1_000, "Password is too long."),
});

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(1_000, "Password is too long.");

export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,50}$/, "Username must be 3–50 letters, digits, dots, hyphens or underscores.");

export interface AdminUser {
  _id: string;
  username: string;
}
