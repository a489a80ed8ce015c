import { createContext, useContext } from "react";
import { can, type Permission, type StaffUser } from "../../../shared/auth/roles";
import { api, getToken } from "../../lib/api-client";

/**
 * The signed-in person, verified by the admin layout on entry, for every screen: what their role may do
 * decides what the panel shows (the server checks every call again). `update` takes changes the person
 * made to their own account (a new password, two-factor sign-in).
 */
interface CurrentUser {
  user: StaffUser;
  update: (changes: Partial<StaffUser>) => void;
}

const CurrentUserContext = createContext<CurrentUser | null>(null);
export const CurrentUserProvider = CurrentUserContext.Provider;

export function useCurrentUser(): CurrentUser {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error("useCurrentUser outside the admin layout");
  return value;
}

/**
 * The sign-in check (GET /api/auth/verify) of the current token, made once and shared: the layout's loader
 * waits for it, and so do screen loaders that shape their calls by role, which may run before or alongside
 * the layout's (route modules load in any order). A new token (another sign-in) gets a new check.
 */
let check: { token: string; user: Promise<StaffUser> } | null = null;

export function verifySignIn(): Promise<StaffUser> {
  const token = getToken() ?? "";
  if (check?.token !== token) {
    const user = api<{ user: StaffUser }>("/api/auth/verify", { redirectOn401: false }).then((a) => a.user);
    check = { token, user };
    // A failed check is not kept: the next loader asks again.
    user.catch(() => {
      if (check?.user === user) check = null;
    });
  }
  return check.user;
}

/**
 * What the person changed of their own account (a first password, two-factor set up) kept in the shared check
 * too: the next screen's loader then sees them set up (issue 45: the dashboard after a first password change
 * loaded as if they were not, and its tiles read 0).
 */
export function keepInSignInCheck(changes: Partial<StaffUser>): void {
  if (check) check = { token: check.token, user: check.user.then((u) => ({ ...u, ...changes })) };
}

/** The signed-in person for a screen loader, or null when the check fails (the layout then handles it). */
function signedInUser(): Promise<StaffUser | null> {
  return getToken() ? verifySignIn().catch(() => null) : Promise.resolve(null);
}

/**
 * In a guarded screen's loader: whether to load at all (the layout shows "Not allowed" otherwise, or sends
 * a person who must first change their password or set up two-factor sign-in to My account; the server
 * refuses their other calls until then).
 */
export async function mayLoad(permission: Permission): Promise<boolean> {
  const user = await signedInUser();
  return user !== null && !user.mustChangePassword && !user.twoFactorSetupRequired && can(user.role, permission);
}

/** Whether the signed-in role may do this (hides buttons and screens it cannot use). */
export function useCan(permission: Permission): boolean {
  return can(useCurrentUser().user.role, permission);
}

/** The screens only some roles may open, by their path under /admin (and everything below it). */
const GUARDED_SCREENS: [string, Permission][] = [
  ["/admin/contacts", "enquiries"],
  ["/admin/customers", "sales"],
  ["/admin/my-day", "sales"],
  ["/admin/deals", "sales"],
  ["/admin/quotations", "sales"],
  ["/admin/settings", "settings"],
  ["/admin/specifications", "content"],
  ["/admin/staff", "staff"],
  ["/admin/activity", "activity"],
  ["/admin/trash", "content"],
  ["/admin/not-found-pages", "content"],
  ["/admin/privacy/requests", "privacyRequests"],
  ["/admin/privacy/breaches", "privacy"],
  ["/admin/privacy/access", "privacy"],
];

/** The permission a screen needs, or null when every signed-in person may open it. */
export function screenPermission(pathname: string): Permission | null {
  const path = pathname.replace(/\/+$/, "");
  return GUARDED_SCREENS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? null;
}
