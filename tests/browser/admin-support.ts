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

/** 11 MB: more than MAX_UPLOAD_MB (10), so the server refuses it for real. */
export function oversizedFile() {
  const buffer = Buffer.alloc(11 * 1024 * 1024, 0);
  PNG.copy(buffer);
  return { name: "huge.png", mimeType: "image/png", buffer };
}

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
