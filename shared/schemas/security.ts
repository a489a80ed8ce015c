import { z } from "zod";
import "./fields";

/**
 * The owners' sign-in policy (GET/PUT /api/settings/security, on the Site Settings screen). Not part of
 * the public site settings: nobody outside needs to know how staff sign in.
 */
export const securityPolicySchema = z.object({
  /** Every staff member must use two-factor sign-in; those without it are asked to set it up after the password. */
  requireTwoFactor: z.boolean({ error: "Require two-factor sign-in must be true or false." }).default(false),
});
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;
