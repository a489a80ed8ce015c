/**
 * The admin panel's one way to call the API. It sends the staff token (localStorage `admin-token`) as
 * `x-auth-token` on every call, parses the JSON answer and throws an ApiError for anything but 2xx.
 * Multipart bodies go through XMLHttpRequest so uploads can report progress (fetch cannot).
 */

const TOKEN_KEY = "admin-token";
export const LOGIN_PATH = "/admin/login";

export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** The login URL that brings the user back to `path` (an /admin path) after signing in. */
export function loginUrl(path: string): string {
  return path && path !== LOGIN_PATH && isAdminPath(path) ? `${LOGIN_PATH}?redirectTo=${encodeURIComponent(path)}` : LOGIN_PATH;
}

/** Only same-site /admin paths are accepted as a place to return to. */
export function isAdminPath(path: string | null | undefined): path is string {
  if (!path?.startsWith("/admin") || path.startsWith("//")) return false;
  try {
    const url = new URL(path, "http://same.invalid");
    return url.origin === "http://same.invalid" && (url.pathname === "/admin" || url.pathname.startsWith("/admin/"));
  } catch {
    return false;
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data, through XHR (with progress). */
  form?: FormData;
  /** Upload progress from 0 to 1 (multipart bodies only). */
  onProgress?: (fraction: number) => void;
  /** Query parameters; empty values are left out. */
  query?: Record<string, string | number | undefined | null>;
  /** On 401, drop the token and go to the login page (default true; the auth calls turn it off). */
  redirectOn401?: boolean;
}

interface RawAnswer {
  status: number;
  text: string;
  headers: Headers;
  /** The body as a Blob (file downloads); `text` is then empty unless the call failed. */
  blob?: Blob;
}

function withQuery(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

function headers(token: string | null, json: boolean, accept = "application/json"): Record<string, string> {
  const h: Record<string, string> = { Accept: accept };
  if (token) h["x-auth-token"] = token;
  if (json) h["Content-Type"] = "application/json";
  return h;
}

function xhrHeaders(xhr: XMLHttpRequest): Headers {
  const h = new Headers();
  for (const line of xhr.getAllResponseHeaders().split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) h.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return h;
}

function sendXhr(
  method: string,
  url: string,
  token: string | null,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers(token, false))) xhr.setRequestHeader(k, v);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      xhr.upload.onload = () => onProgress(1);
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, headers: xhrHeaders(xhr) });
    xhr.onerror = () => reject(new ApiError(0, "The server could not be reached. Please check your connection."));
    xhr.onabort = () => reject(new ApiError(0, "The request was cancelled."));
    xhr.send(form);
  });
}

async function sendFetch(method: string, url: string, token: string | null, json: unknown, file = false): Promise<RawAnswer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: headers(token, json !== undefined, file ? "*/*" : "application/json"),
      body: json !== undefined ? JSON.stringify(json) : undefined,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "The server could not be reached. Please check your connection.");
  }
  if (file && res.ok) return { status: res.status, text: "", headers: res.headers, blob: await res.blob() };
  return { status: res.status, text: await res.text(), headers: res.headers };
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function send(path: string, options: RequestOptions, file = false): Promise<RawAnswer> {
  const method = options.method ?? (options.form || options.json !== undefined ? "POST" : "GET");
  const url = withQuery(path, options.query);
  // The token this request carries: a 401 speaks only of it (see below).
  const token = getToken();
  const answer = options.form
    ? await sendXhr(method, url, token, options.form, options.onProgress)
    : await sendFetch(method, url, token, options.json, file);
  if (answer.status >= 200 && answer.status < 300) return answer;
  const err = (parse(answer.text) ?? {}) as { message?: unknown; error?: unknown; issues?: unknown };
  const message =
    typeof err.message === "string" && err.message
      ? err.message
      : typeof err.error === "string" && err.error
        ? err.error
        : `HTTP ${answer.status}`;
  const issues = Array.isArray(err.issues) ? (err.issues as ApiIssue[]) : [];
  if (answer.status === 401 && options.redirectOn401 !== false && typeof window !== "undefined") signInAgain(token);
  throw new ApiError(answer.status, message, issues);
}

/**
 * A 401 for `sent` (the token the request carried): acted on only while that token is still the current one,
 * so a request under way when staff logged out (or signed in again) cannot override where they went.
 * - The current token was refused (the session ended on the server): sign in again and come back here.
 * - No token then and none now (a request sent after Logout cleared it, or another tab signed out): the
 *   sign-in page, without a way back; Logout goes there too, so nothing it did is overridden.
 */
function signInAgain(sent: string | null): void {
  const current = getToken();
  if (current !== sent) return;
  if (sent === null) {
    if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH);
    return;
  }
  clearToken();
  window.location.assign(loginUrl(window.location.pathname + window.location.search));
}

/**
 * Logout: the token is dropped here first and only then ended on the server, so that a request still under
 * way (a dashboard panel) whose 401 comes back before the logout's own answer finds its token no longer
 * current and leaves the way to the sign-in page to the caller (signInAgain). Signed out locally whatever the
 * server says (SPEC §7).
 */
export async function signOut(): Promise<void> {
  const token = getToken();
  clearToken();
  if (!token) return;
  try {
    await sendFetch("POST", "/api/auth/logout", token, undefined);
  } catch {
    // the server could not be reached: the session ends at its expiry
  }
}

/** Calls the API and returns the parsed JSON answer; throws ApiError on failure. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return parse((await send(path, options)).text) as T;
}

/** Like `api`, with the answer's headers too (e.g. a list's X-Total-Count). */
export async function apiWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const answer = await send(path, options);
  return { data: parse(answer.text) as T, headers: answer.headers };
}

/**
 * Downloads a file the API answers (it needs the token, so a plain link cannot fetch it) and hands it to
 * the browser as a download, named by the answer's Content-Disposition or else `fallbackName`.
 */
export async function downloadFile(path: string, fallbackName: string, options: RequestOptions = {}): Promise<string> {
  const answer = await send(path, { ...options, form: undefined }, true);
  const disposition = answer.headers.get("Content-Disposition") ?? "";
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(answer.blob ?? new Blob([answer.text]));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the file by now; give it a moment before letting go of it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** The message to show for a failure: the server's text, or `fallback` when there is none. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status !== 0 && !/^HTTP \d+$/.test(err.message)) return err.message;
  return fallback;
}

/** A short detail for "Error: {detail}" texts: the server's message, or the HTTP status. */
export function errorDetail(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return err instanceof Error ? err.message : String(err);
}
