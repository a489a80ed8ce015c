import { index, layout, prefix, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { LIST_CONTENT } from "../../../shared/content/registry";

/**
 * The staff admin panel's URLs (SPEC §2 "Admin routes"). Every screen sits in the admin layout, which
 * checks the sign-in. The spec's older paths (with spaces, /orders, /AdminContact …) redirect to the clean
 * ones, keeping the query string, so bookmarks keep working.
 */
const LEGACY_PATHS = [
  "our Story",
  "our core",
  "our facility",
  "our team",
  "orders",
  "productscategories",
  "AdminContact",
  "industry",
  "addNewProduct",
  "products/:categoryId",
];

export const adminRoutes: RouteConfigEntry[] = [
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx", { id: "routes/admin/dashboard-index" }),
      route("dashboard", "routes/admin/dashboard.tsx"),
      // One screen module for every list type (banner, our-team, faq …), at the path its declaration names.
      ...LIST_CONTENT.map((c) => route(c.admin.path, "routes/admin/list-screen.tsx", { id: `admin-list:${c.name}` })),
      route("contacts", "routes/admin/contacts.tsx"),
      // The link in the staff notification e-mail: the inbox with that enquiry's detail open.
      route("contacts/:id", "routes/admin/contacts.tsx", { id: "routes/admin/contact-detail" }),
      route("categories", "routes/admin/categories.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("customers", "routes/admin/customers.tsx"),
      // The sales desk (docs/decisions/029-sales-desk.md).
      route("my-day", "routes/admin/my-day.tsx"),
      route("deals", "routes/admin/deals.tsx"),
      route("deals/:id", "routes/admin/deal.tsx"),
      route("deals/:id/quotations/new", "routes/admin/quotation-new.tsx"),
      route("quotations/:id", "routes/admin/quotation.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("specifications", "routes/admin/specifications.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("activity", "routes/admin/activity.tsx"),
      route("not-found-pages", "routes/admin/not-found-pages.tsx"),
      route("trash", "routes/admin/trash.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("help/email", "routes/admin/help-email.tsx"),
      // Privacy (docs/decisions/030-privacy.md).
      route("privacy/requests", "routes/admin/privacy-requests.tsx"),
      route("privacy/breaches", "routes/admin/privacy-breaches.tsx"),
      route("privacy/access", "routes/admin/privacy-access.tsx"),

      route("*", "routes/admin/not-found.tsx"),
    ]),
    ...LEGACY_PATHS.map((path) => route(path, "routes/admin/legacy-redirect.tsx", { id: `admin-legacy:${path}` })),
  ]),
];
