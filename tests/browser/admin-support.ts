import { expect, type Page, type TestInfo } from "@playwright/test";
import { ADMIN } from "./support";

/** Helpers shared by the admin browser tests (admin-*.spec.ts). */

const tokens = new Map<string, string>();

/** A staff token for the server at `base`, from the real login call (one per worker and server). */
export async function apiToken(base: string): Promise<string> {
  const cached = tokens.get(base);
  if (cached) return cached;
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  tokens.set(base, token);
  return token;
}

/** Signs the page in by putting a real token where the admin keeps it (before any page script runs). */
export async function signIn(page: Page, base: string): Promise<void> {
  const token = await apiToken(base);
  await page.addInitScript(
    ({ t, origin }) => {
      if (window.location.origin === origin && !window.localStorage.getItem("admin-token"))
        window.localStorage.setItem("admin-token", t);
    },
    { t: token, origin: new URL(base).origin },
  );
}

/** Calls the API as staff (for fixtures the tests create and clean up). */
export async function apiCall<T = unknown>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const token = await apiToken(base);
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "x-auth-token": token, ...(body && !isForm ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export const pngFile = (name = "photo.png") => ({ name, mimeType: "image/png", buffer: PNG });

/** A form with a tiny PNG under `field`, plus text fields, for creating fixtures through the API. */
export function formWithImage(fields: Record<string, string>, field = "image"): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new Blob([PNG], { type: "image/png" }), "fixture.png");
  return form;
}

/** A name no other test (or the other project) uses. */
export function unique(testInfo: TestInfo, label: string): string {
  return `${label} ${testInfo.project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The toast region (top right). */
export const toasts = (page: Page) => page.locator("[role=status][aria-live=polite]").last();

/* Staff accounts of the other roles (admin-staff.spec.ts). */

/** A password the server's strength check accepts, different for every seed. */
export const strongPassword = (seed: string) => `quiet-harbour-lantern-${seed}`;

export interface StaffAccount {
  id: string;
  username: string;
  name: string;
  email: string;
  role: "owner" | "editor" | "sales";
  password: string;
}

/** A username and a person's name that no other test (or the other project) uses. */
export function uniqueStaff(testInfo: TestInfo, label: string): { username: string; name: string } {
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: `${label}-${suffix}`.toLowerCase(), name: `${label[0]!.toUpperCase()}${label.slice(1)} Person ${suffix}` };
}

/** An account made by the owner through POST /api/users; like every such account, it must change its first password. */
export async function createStaff(
  base: string,
  testInfo: TestInfo,
  role: StaffAccount["role"],
  label = "member",
): Promise<StaffAccount> {
  const { username, name } = uniqueStaff(testInfo, label);
  const email = `${username}@example.com`;
  const password = strongPassword(username);
  const created = await apiCall<{ _id: string }>(base, "POST", "/api/users", { username, name, email, role, password });
  return { id: created._id, username, name, email, role, password };
}

/** Signs in through POST /api/auth/login (a session of its own); the answer's status and token. */
export async function staffLogin(
  base: string,
  username: string,
  password: string,
  userAgent?: string,
): Promise<{ status: number; token: string; mustChangePassword: boolean | undefined }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(userAgent ? { "user-agent": userAgent } : {}) },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { token?: string; user?: { mustChangePassword: boolean } };
  return { status: res.status, token: body.token ?? "", mustChangePassword: body.user?.mustChangePassword };
}

/** An account of `role`, signed in through the API, its first password already changed (so the panel does not hold it on My account). */
export async function signedInStaff(
  base: string,
  testInfo: TestInfo,
  role: StaffAccount["role"],
  label = "member",
): Promise<StaffAccount & { token: string }> {
  const account = await createStaff(base, testInfo, role, label);
  const login = await staffLogin(base, account.username, account.password);
  expect(login.status, `signing in as ${account.username}`).toBe(200);
  const password = `amber-meadow-compass-${account.username}`;
  const res = await fetch(`${base}/api/auth/password`, {
    method: "POST",
    headers: { "x-auth-token": login.token, "content-type": "application/json" },
    body: JSON.stringify({ currentPassword: account.password, newPassword: password }),
  });
  expect(res.status, await res.text()).toBe(200);
  return { ...account, password, token: login.token };
}

/** Signs the page in with a given session token (another account's), the way signIn does. */
export async function signInWithToken(page: Page, base: string, token: string): Promise<void> {
  await page.addInitScript(
    ({ t, origin }) => {
      if (window.location.origin === origin && !window.localStorage.getItem("admin-token"))
        window.localStorage.setItem("admin-token", t);
    },
    { t: token, origin: new URL(base).origin },
  );
}

/** Removes a staff account a test made (already gone is fine). */
export async function deleteStaff(base: string, id: string): Promise<void> {
  const res = await fetch(`${base}/api/users/${id}`, { method: "DELETE", headers: { "x-auth-token": await apiToken(base) } });
  await res.body?.cancel();
  expect([200, 404]).toContain(res.status);
}

/**
 * Opens the sidebar on a phone (it starts closed there); a no-op when it is open. Waits for the panel's frame
 * first: right after a sign-in the URL can be the dashboard's before the frame is drawn, and a one-off look
 * for Logout then took the desktop for a phone (a one-core CI run waited 90 s for "Open menu").
 */
export async function openSidebar(page: Page): Promise<void> {
  const logout = page.getByRole("button", { name: "Logout" });
  const menu = page.getByRole("button", { name: "Open menu" });
  await expect(logout.or(menu)).toBeVisible();
  if (!(await logout.isVisible())) await menu.click();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
}

/**
 * The fewest list types whose add dialogs between them show every kind of form control. Every list screen is
 * one component (app/components/admin/list-type-screen.tsx), so what only a browser checks once per screen state (axe)
 * is checked on these; what differs per type (texts, fields, saves) is the screen tests' (tests/screen/).
 */
export function listTypesCoveringEveryControl<T extends { fields: Record<string, { control: string }> }>(
  types: readonly T[],
): T[] {
  const controls = (t: T) => new Set(Object.values(t.fields).map((f) => f.control));
  const missing = new Set(types.flatMap((t) => [...controls(t)]));
  const chosen: T[] = [];
  while (missing.size > 0) {
    const gain = (t: T) => [...controls(t)].filter((c) => missing.has(c)).length;
    const best = types.reduce((a, b) => (gain(b) > gain(a) ? b : a));
    chosen.push(best);
    for (const c of controls(best)) missing.delete(c);
  }
  return chosen;
}
