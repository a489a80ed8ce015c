/**
 * Staff roles and what each may do (docs/decisions/013-staff-accounts-and-roles.md). The server checks
 * these on every call; the admin panel reads the same table to hide what a role cannot do.
 */
export const ROLES = ["owner", "editor", "sales"] as const;
export type Role = (typeof ROLES)[number];

export type Permission =
  /** Create, change and delete site content (banners to products, services, FAQ, the home specification table). */
  | "content"
  /** The company details of Site Settings (the home specification table is content). */
  | "settings"
  /** Read enquiries, change their status, add notes, resend a notification, export them. */
  | "enquiries"
  /** Delete an enquiry (for good: enquiries have no trash). */
  | "deleteEnquiries"
  /** Staff accounts. */
  | "staff"
  /** The activity log. */
  | "activity"
  /** Delete from the trash for good. */
  | "purge"
  /** The sales desk: customers, deals and quotations. */
  | "sales"
  /** Privacy (India's DPDP Act): answer people's requests, the breach register, who looked at whom, retention. */
  | "privacy"
  /** See people's privacy requests (read-only): sales staff answer buyers who ask about them. */
  | "privacyRequests";

const GRANTS: Record<Role, readonly Permission[]> = {
  owner: [
    "content",
    "settings",
    "enquiries",
    "deleteEnquiries",
    "staff",
    "activity",
    "purge",
    "sales",
    "privacy",
    "privacyRequests",
  ],
  editor: ["content"],
  sales: ["enquiries", "sales", "privacyRequests"],
};

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role]?.includes(permission) ?? false;
}

/** Where a person's panel starts: My day for a sales person (issue 32), the dashboard for everyone else. */
export function startScreenOf(role: string | undefined): string {
  return role === "sales" ? "/admin/my-day" : "/admin/dashboard";
}

export const ROLE_LABEL: Record<Role, string> = { owner: "Owner", editor: "Editor", sales: "Sales" };

/** For the Staff screen's role choice, in words a non-technical owner reads. */
export const ROLE_DESCRIPTION: Record<Role, string> = {
  owner: "Everything, including staff accounts, site settings, the activity log and backups.",
  editor: "All site content: banners to products, services, FAQ, core values and the home specification table.",
  sales: "Enquiries: read, status, notes and export; customers, deals and quotations. Sees the catalogue but cannot change it.",
};

/** The answer of GET /api/auth/me, and the `user` of the login answer. */
export interface StaffUser {
  _id: string;
  username: string;
  name: string;
  email: string;
  role: Role;
  twoFactor: boolean;
  /** Set for a first password an owner gave: the admin panel asks for a new one before anything else. */
  mustChangePassword: boolean;
  /** The owners require two-factor sign-in and this person has not set it up: the panel asks them to, first. */
  twoFactorSetupRequired: boolean;
}
