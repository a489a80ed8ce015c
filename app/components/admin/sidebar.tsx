import { Link, useLocation } from "react-router";
import { can, type Role } from "../../../shared/auth/roles";
import { LIST_CONTENT } from "../../../shared/content/registry";
import { CloseIcon } from "../icons";
import { screenPermission, useCurrentUser } from "./current-user";

interface NavItem {
  to: string;
  label: string;
  /** Also active on these paths (the dashboard lives at /admin too). */
  alsoActive?: string[];
}

interface NavGroup {
  label: string;
  items: NavItem[];
}

const screen = (c: (typeof LIST_CONTENT)[number]): NavItem => ({ to: `/admin/${c.admin.path}`, label: c.admin.nav.label });

/** The list types' screens (shared/content/registry.ts), those of one group gathered where its first one is. */
function listNav(afterProducts: boolean): (NavItem | NavGroup)[] {
  const entries: (NavItem | NavGroup)[] = [];
  for (const c of LIST_CONTENT.filter((c) => Boolean(c.admin.nav.afterProducts) === afterProducts)) {
    const group = c.admin.nav.group;
    if (!group) entries.push(screen(c));
    else if (!entries.some((e) => e.label === group)) {
      entries.push({ label: group, items: LIST_CONTENT.filter((x) => x.admin.nav.group === group).map(screen) });
    }
  }
  return entries;
}

/** The sections of SPEC §2, in the spec's order, plus the screens that replaced its placeholders. */
const ADMIN_NAV: (NavItem | NavGroup)[] = [
  { to: "/admin/dashboard", label: "Dashboard", alsoActive: ["/admin"] },
  ...listNav(false),
  {
    label: "Products",
    items: [
      { to: "/admin/products", label: "All Products" },
      { to: "/admin/categories", label: "Categories" },
    ],
  },
  ...listNav(true),
  { to: "/admin/contacts", label: "Contacts" },
  {
    label: "Sales",
    items: [
      { to: "/admin/my-day", label: "My day" },
      { to: "/admin/deals", label: "Deals" },
      { to: "/admin/customers", label: "Customers" },
    ],
  },
  {
    label: "Privacy",
    items: [
      { to: "/admin/privacy/requests", label: "Privacy requests" },
      { to: "/admin/privacy/access", label: "Who looked at whom" },
      { to: "/admin/privacy/breaches", label: "Breach register" },
    ],
  },
  { to: "/admin/trash", label: "Trash" },
  {
    label: "Settings",
    items: [
      { to: "/admin/settings", label: "Site Settings" },
      { to: "/admin/specifications", label: "Home Specifications" },
      { to: "/admin/staff", label: "Staff" },
      { to: "/admin/activity", label: "Activity" },
      { to: "/admin/not-found-pages", label: "Not found" },
    ],
  },
];

/** The entries a role may open (a group without any is left out). */
function navFor(role: Role): (NavItem | NavGroup)[] {
  const allowed = (item: NavItem) => {
    const needs = screenPermission(item.to);
    return needs === null || can(role, needs);
  };
  return ADMIN_NAV.flatMap((entry): (NavItem | NavGroup)[] => {
    if (!("items" in entry)) return allowed(entry) ? [entry] : [];
    const items = entry.items.filter(allowed);
    return items.length ? [{ ...entry, items }] : [];
  });
}

function ItemLink({ item, nested }: { item: NavItem; nested?: boolean }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, "") || "/";
  const active = path === item.to || path.startsWith(`${item.to}/`) || (item.alsoActive?.includes(path) ?? false);
  return (
    <Link
      to={item.to}
      aria-current={active ? "page" : undefined}
      className={`flex min-h-10 items-center rounded-md px-3 py-2 text-sm font-medium transition-colors ${nested ? "pl-6" : ""} ${
        active ? "bg-brand-700 text-white" : "text-brand-50 hover:bg-white/10 hover:text-white"
      }`}
    >
      {item.label}
    </Link>
  );
}

interface SidebarProps {
  id: string;
  open: boolean;
  /** True on narrow screens, where the sidebar is an overlay. */
  overlay: boolean;
  onClose: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

export function Sidebar({ id, open, overlay, onClose, onLogout, loggingOut }: SidebarProps) {
  const { user } = useCurrentUser();
  return (
    <>
      {overlay && open && (
        // The backdrop is a mouse convenience; keyboard users close with Escape or the close button.
        // biome-ignore lint/a11y/noStaticElementInteractions: see above
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above
        <div className="fixed inset-0 z-40 bg-slate-900/60" data-testid="sidebar-backdrop" onClick={onClose} />
      )}
      <aside
        id={id}
        aria-label="Admin sections"
        hidden={!open}
        className={`z-50 flex w-64 shrink-0 flex-col bg-brand-900 text-white ${
          overlay ? "fixed inset-y-0 left-0 shadow-2xl" : "sticky top-0 h-dvh"
        }`}
      >
        <div className="flex items-center justify-between gap-2 border-b border-white/10 px-4 py-4">
          <span className="flex items-center gap-2 font-bold">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Pneuma Admin
          </span>
          {overlay && (
            <button type="button" onClick={onClose} className="grid h-9 w-9 place-items-center rounded-md hover:bg-white/10">
              <CloseIcon className="h-5 w-5" />
              <span className="sr-only">Close menu</span>
            </button>
          )}
        </div>
        <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {navFor(user.role).map((entry) =>
              "items" in entry ? (
                <li key={entry.label} className="pt-3">
                  <span className="block px-3 pb-1 text-xs font-semibold tracking-wider text-brand-100 uppercase">
                    {entry.label}
                  </span>
                  <ul className="space-y-1">
                    {entry.items.map((item) => (
                      <li key={item.to}>
                        <ItemLink item={item} nested />
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={entry.to}>
                  <ItemLink item={entry} />
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="border-t border-white/10 p-3">
          <button
            type="button"
            onClick={onLogout}
            disabled={loggingOut}
            className="flex min-h-10 w-full items-center justify-center rounded-md border border-white/30 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-70"
          >
            {loggingOut ? "Logging out..." : "Logout"}
          </button>
        </div>
      </aside>
    </>
  );
}
