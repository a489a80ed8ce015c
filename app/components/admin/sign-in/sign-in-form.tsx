import type { z } from "zod";
import { loginInput, twoFactorCodeInput } from "../../../../shared/schemas/login";
import { TextField } from "../fields";
import { buttonClass } from "../screen-parts";

/**
 * The staff sign-in, drawn on the server (docs/decisions/027). Its behaviour is `sign-in.enhance.ts` beside
 * it, loaded as the page's only script (app/enhance/sign-in-page.ts): React does not run on this page. The
 * password step is a form; the two-factor step waits in a <template> until the server asks for a code.
 * The buttons are disabled until the script has started: the staff panel is a browser app whose token
 * lives in localStorage (decision 006), so there is nothing a sign-in without JavaScript could lead to.
 */

/** The first message the schema gives for `value`: the checks the script makes come from the server's schema. */
function messageFor(schema: z.ZodType, value: string): string {
  const result = schema.safeParse(value);
  return result.success ? "" : (result.error.issues[0]?.message ?? "");
}

/** The `data-*` checks of one field: required (after trimming, if the schema trims) and a longest length. */
function fieldChecks(schema: z.ZodString, trims: boolean) {
  const max = schema.maxLength ?? 0;
  return {
    "data-required-message": messageFor(schema, ""),
    "data-max-length": max,
    "data-too-long-message": max ? messageFor(schema, "x".repeat(max + 1)) : "",
    "data-trim": trims ? "true" : undefined,
  };
}

const ignore = () => {};
const FULL_WIDTH = "w-full";

function PasswordStep() {
  return (
    <form method="post" noValidate data-sign-in-step="password" className="space-y-4">
      <div {...fieldChecks(loginInput.shape.username, true)} data-field="username">
        <TextField label="Username" name="username" value="" onChange={ignore} required autoComplete="username" />
      </div>
      <div {...fieldChecks(loginInput.shape.password, false)} data-field="password">
        <TextField
          label="Password"
          name="password"
          type="password"
          value=""
          onChange={ignore}
          required
          autoComplete="current-password"
        />
      </div>
      <button type="submit" disabled data-busy-label="Signing in..." className={`${buttonClass("primary")} ${FULL_WIDTH}`}>
        Sign in
      </button>
    </form>
  );
}

/** The second step for accounts with two-factor sign-in: a code from the app, or a recovery code. */
function CodeStep() {
  return (
    <form method="post" noValidate data-sign-in-step="code" className="space-y-4">
      <div>
        <h2 className="text-lg font-bold text-slate-900">Two-factor sign-in</h2>
        <p className="mt-1 text-sm text-slate-600">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
      </div>
      <div {...fieldChecks(twoFactorCodeInput.shape.code, true)} data-field="code">
        <TextField
          label="Code"
          name="code"
          value=""
          onChange={ignore}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
        />
      </div>
      <button type="submit" data-busy-label="Verifying..." className={`${buttonClass("primary")} ${FULL_WIDTH}`}>
        Verify
      </button>
      <button type="button" data-start-again className={`${buttonClass("ghost")} ${FULL_WIDTH}`}>
        Start again
      </button>
    </form>
  );
}

export function SignInForm() {
  return (
    <div data-sign-in>
      <noscript>
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          The admin panel needs JavaScript. Please turn it on in your browser to sign in.
        </p>
      </noscript>
      <PasswordStep />
      <template data-code-step>
        <CodeStep />
      </template>
    </div>
  );
}
