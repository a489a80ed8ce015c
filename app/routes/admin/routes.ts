import { prefix, type RouteConfigEntry, route } from "@react-router/dev/routes";

/** The staff admin panel's URLs (SPEC §2 "Admin routes"). */
export const adminRoutes: RouteConfigEntry[] = [...prefix("admin", [route("login", "routes/admin/login.tsx")])];
