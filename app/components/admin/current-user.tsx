import { createContext, useContext } from "react";
import { can, type Permission, type StaffUser } from "../../../shared/auth/roles";

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
 * The layout's sign-in check as it runs, for screen loaders that shape their calls by role (they run
 * alongside the layout's loader, after it started). Null before the first check.
 */
let signedIn: Promise<StaffUser> | null = null;
export function rememberSignIn(check: Promise<StaffUser>): void {
  signedIn = check;
}
export function signedInUser(): Promise<StaffUser | null> {
  return signedIn ? signedIn.catch(() => null) : Promise.resolve(null);
}

/** Whether the signed-in role may do this (hides buttons and screens it cannot use). */
export function useCan(permission: Permission): boolean {
  return can(useCurrentUser().user.role, permission);
}

/** The screens only some roles may open, by their path under /admin (and everything below it). */
const GUARDED_SCREENS: [string, Permission][] = [
  ["/admin/contacts", "enquiries"],
  ["/admin/customers", "enquiries"],
  ["/admin/settings", "settings"],
  ["/admin/specifications", "content"],
  ["/admin/staff", "staff"],
  ["/admin/activity", "activity"],
];

/** The permission a screen needs, or null when every signed-in person may open it. */
export function screenPermission(pathname: string): Permission | null {
  const path = pathname.replace(/\/+$/, "");
  return GUARDED_SCREENS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? null;
}
