import { z } from "zod";
import { ROLES } from "../auth/roles";
import { indiaDateOf } from "../sales/financial-year";
import { calendarDay } from "./calendar-day";
// Applies z.config({ jitless: true }) before this schema exists: zod's eval probe would break our CSP.
import "./fields";

export const PASSWORD_MIN_LENGTH = 10;

export const loginInput = z.object({
  username: z.string({ error: "Username is required." }).trim().min(1, "Username is required.").max(100, "Username is too long."),
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(1_000, "Password is too long."),
});

/** The length rule; the server also refuses passwords that are easy to guess (server/auth/password-strength.ts). */
export const newPasswordSchema = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(1_000, "Password is too long.");

export const usernameSchema = z
  .string({ error: "Username is required." })
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,50}$/, "Username must be 3–50 letters, digits, dots, hyphens or underscores.");

export const passwordChangeInput = z.object({
  currentPassword: z.string({ error: "Current password is required." }).min(1, "Current password is required.").max(1_000),
  newPassword: newPasswordSchema,
});

const personName = z
  .string({ error: "Name is required." })
  .trim()
  .min(1, "Name is required.")
  .max(100, "Name must be at most 100 characters.");
const staffEmail = z
  .string({ error: "E-mail is required." })
  .trim()
  .min(1, "E-mail is required.")
  .max(254, "E-mail must be at most 254 characters.")
  .pipe(z.email("Please enter a valid e-mail address."));
const role = z.enum(ROLES, { error: "Role must be owner, editor or sales." });

/** POST /api/users: a new staff account with a first password its owner must change at first sign-in. */
export const staffCreateInput = z.object({
  username: usernameSchema,
  name: personName,
  email: staffEmail,
  role,
  password: newPasswordSchema,
});

/** PUT /api/users/{id}: any of these; a new password must again be changed at the next sign-in. */
export const staffUpdateInput = z
  .object({
    name: personName,
    email: staffEmail,
    role,
    active: z.boolean({ error: "Active must be true or false." }),
    password: newPasswordSchema,
    /** An owner turns a person's two-factor sign-in off (a lost phone); only the person can turn it on. */
    twoFactor: z.literal(false, {
      error: "Two-factor sign-in can only be turned off here; each person turns it on in My account.",
    }),
    /** On leave up to and including this India day: round-robin passes them by (issue 45). Null: back at work. */
    awayUntil: calendarDay("On leave until")
      .refine((day) => day >= indiaDateOf(new Date()), "On leave until cannot be in the past: choose today or a later day.")
      .nullable(),
  })
  .partial();

const code = z
  .string({ error: "Please enter the code." })
  .trim()
  .min(1, "Please enter the code.")
  .max(40, "That is not a code from the app or a recovery code.");

/** POST /api/auth/login/2fa: the ticket from the password step and a code from the app (or a recovery code). */
export const twoFactorLoginInput = z.object({
  ticket: z.string({ error: "The sign-in ticket is missing." }).min(1, "The sign-in ticket is missing.").max(200),
  code,
});

export const twoFactorCodeInput = z.object({ code });

export const passwordConfirmInput = z.object({
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(1_000),
});
