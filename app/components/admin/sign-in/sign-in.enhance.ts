// The staff sign-in's behaviour (markup: sign-in-form.tsx; docs/decisions/027). It does in plain DOM what the
// React page did: checks the fields with the schema's texts (read from data-* attributes the server drew),
// POSTs JSON to /api/auth/login (and /api/auth/login/2fa), keeps the token in localStorage and then loads
// the page the person wanted. No React: the sign-in page's first load stays small.
import { startScreenOf } from "../../../../shared/auth/roles";
import { ApiError, api, clearToken, errorMessage, getToken, isAdminPath, setToken } from "../../../lib/api-client";

const LOGIN_FAILED = "Login failed. Please try again.";
/** The failure box, as the React page drew it. */
const FAILURE_CLASS = "rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800";
const INVALID_BORDER = "border-red-600";
const VALID_BORDER = "border-slate-400";

/** The login answer: a token and who signed in, or the two-factor step. */
type SignedIn = { token: string; user?: { role?: string } };
type LoginAnswer = SignedIn | { twoFactorRequired: true; ticket: string };

/**
 * Where to go after signing in: the page the user wanted (same-site /admin paths only), else their start
 * screen: My day for a sales person (issue 32), the dashboard for everyone else.
 */
function target(role?: string): string {
  const wanted = new URLSearchParams(window.location.search).get("redirectTo");
  if (isAdminPath(wanted) && !wanted.startsWith("/admin/login")) return wanted;
  return startScreenOf(role);
}

/** Loads the panel's page; `replace`, so Back does not return to the sign-in. */
function goOn(role?: string): void {
  window.location.replace(target(role));
}

function signedIn(answer: SignedIn): void {
  setToken(answer.token);
  goOn(answer.user?.role);
}

/** One field's wrapper (`data-field`), its input and its checks. */
function fieldOf(form: HTMLFormElement, name: string) {
  const wrapper = form.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
  const input = wrapper.querySelector("input")!;
  return { wrapper, input };
}

/** The field's value as it is sent (trimmed where the schema trims), or its error message. */
function check(form: HTMLFormElement, name: string): { value: string; error: string } {
  const { wrapper, input } = fieldOf(form, name);
  const { requiredMessage = "", maxLength = "0", tooLongMessage = "", trim } = wrapper.dataset;
  const value = trim ? input.value.trim() : input.value;
  const max = Number(maxLength);
  const error = value.length === 0 ? requiredMessage : max > 0 && value.length > max ? tooLongMessage : "";
  return { value, error };
}

/** Shows or clears a field's error as the admin TextField draws it (aria-invalid, text tied by aria-describedby). */
function showFieldError(form: HTMLFormElement, name: string, error: string): void {
  const { input } = fieldOf(form, name);
  const errorId = `${input.id}-error`;
  form.querySelector(`[id="${errorId}"]`)?.remove();
  input.classList.toggle(INVALID_BORDER, Boolean(error));
  input.classList.toggle(VALID_BORDER, !error);
  if (!error) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    return;
  }
  const text = document.createElement("p");
  text.id = errorId;
  text.className = "mt-1 text-sm text-red-700";
  text.textContent = error;
  input.after(text);
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", errorId);
}

/** Checks every named field; returns their values, or null after showing the errors. */
function checkFields<K extends string>(form: HTMLFormElement, names: K[]): Record<K, string> | null {
  const values = {} as Record<K, string>;
  let valid = true;
  for (const name of names) {
    const { value, error } = check(form, name);
    showFieldError(form, name, error);
    values[name] = value;
    if (error) valid = false;
  }
  return valid ? values : null;
}

/** Why signing in failed (a wrong password, an expired code), read out at once; null removes it. */
function showFailure(form: HTMLFormElement, text: string | null): void {
  form.querySelector("[data-sign-in-failure]")?.remove();
  if (!text) return;
  const failure = document.createElement("p");
  failure.setAttribute("role", "alert");
  failure.dataset.signInFailure = "";
  failure.className = FAILURE_CLASS;
  failure.textContent = text;
  form.querySelector('button[type="submit"]')!.before(failure);
}

/** The submit button's busy state: its busy label ("Signing in...") and disabled while the request runs. */
function setBusy(form: HTMLFormElement, busy: boolean): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  button.dataset.label ??= button.textContent ?? "";
  button.disabled = busy;
  button.textContent = busy ? (button.dataset.busyLabel ?? "") : button.dataset.label;
}

/** The two-factor step in place of the password form; "Start again" (or a used-up ticket) brings it back. */
function showCodeStep(root: HTMLElement, passwordForm: HTMLFormElement, ticket: string): void {
  const template = root.querySelector<HTMLTemplateElement>("template[data-code-step]")!;
  const form = (template.content.firstElementChild as HTMLFormElement).cloneNode(true) as HTMLFormElement;
  const restart = (why: string) => {
    form.replaceWith(passwordForm);
    showFailure(passwordForm, why || null);
    fieldOf(passwordForm, "username").input.focus();
  };
  form.querySelector("[data-start-again]")!.addEventListener("click", () => restart(""));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showFailure(form, null);
    const values = checkFields(form, ["code"]);
    if (!values) return;
    setBusy(form, true);
    try {
      const answer = await api<SignedIn>("/api/auth/login/2fa", {
        method: "POST",
        json: { ticket, code: values.code },
        redirectOn401: false,
      });
      signedIn(answer);
    } catch (err) {
      const message = errorMessage(err, LOGIN_FAILED);
      setBusy(form, false);
      // The ticket is used up (too slow, or five wrong codes): back to the password.
      if (err instanceof ApiError && err.status === 401 && /expired/.test(message)) restart(message);
      else showFailure(form, message);
    }
  });
  passwordForm.replaceWith(form);
  fieldOf(form, "code").input.focus();
}

/** Someone who is still signed in goes straight on; a token the server rejects is dropped. */
async function stillSignedIn(): Promise<boolean> {
  if (!getToken()) return false;
  try {
    await api("/api/auth/verify", { redirectOn401: false });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) clearToken();
    return false;
  }
}

/** Starts the sign-in in `root` (the `data-sign-in` element). */
export async function signIn(root: HTMLElement): Promise<void> {
  const form = root.querySelector<HTMLFormElement>('form[data-sign-in-step="password"]');
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showFailure(form, null);
    const values = checkFields(form, ["username", "password"]);
    if (!values) return;
    setBusy(form, true);
    try {
      const answer = await api<LoginAnswer>("/api/auth/login", { method: "POST", json: values, redirectOn401: false });
      if ("twoFactorRequired" in answer) {
        setBusy(form, false);
        fieldOf(form, "password").input.value = "";
        showCodeStep(root, form, answer.ticket);
      } else signedIn(answer);
    } catch (err) {
      showFailure(form, errorMessage(err, LOGIN_FAILED));
      setBusy(form, false);
    }
  });
  if (await stillSignedIn()) {
    goOn();
    return;
  }
  // The server drew the button disabled: nothing could sign in before this script ran.
  form.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled = false;
}
