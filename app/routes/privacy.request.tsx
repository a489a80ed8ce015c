import { data, Form } from "react-router";
import { readSettings } from "../../server/content/public-reads";
import { HttpError } from "../../server/http/errors";
import { linkEmailInput, sendPrivacyLink } from "../../server/privacy/self-service";
import { inputClass } from "../components/enquiry-form/form-field";
import { PageHero } from "../components/page-hero";
import { readForm } from "../lib/form.server";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import { useSiteSettings } from "../lib/site-settings";
import type { Route } from "./+types/privacy.request";

/**
 * /privacy/request (issue 33): a person enters their e-mail address and gets a link (24 hours, opens once) to see,
 * download, correct, withdraw or erase their data. The answer is the same whether or not we know the address
 * (the e-mail says which); the asking is rate-limited per client and per address.
 */

type Answer = { ok: true; email: string } | { ok: false; message: string; email?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const parsed = linkEmailInput.safeParse(fields.email ?? "");
  if (!parsed.success) {
    return data<Answer>({ ok: false, message: parsed.error.issues[0]!.message, email: fields.email }, { status: 400 });
  }
  if (!context.app.mail.enabled) {
    const settings = await readSettings(context.app);
    const contact = settings.grievanceEmail || settings.emails[0]?.value || "";
    const message = `We cannot send e-mail at the moment.${contact ? ` Please write to ${contact} instead.` : " Please call us instead."}`;
    return data<Answer>({ ok: false, message, email: parsed.data }, { status: 503 });
  }
  try {
    await sendPrivacyLink(context.app, parsed.data, context.clientIp, await readSettings(context.app));
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return data<Answer>({ ok: false, message: err.message, email: parsed.data }, { status: err.status, headers: err.headers });
  }
  return data<Answer>({ ok: true, email: parsed.data });
}

/** A refusal past the link limits says when to try again in its Retry-After header too. */
export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Your personal data: see, correct or erase it",
    description: "See and download the personal data we hold about you, correct it, withdraw a consent or have it erased.",
    path: "/privacy/request",
  });
}

export default function PrivacyRequestPage({ actionData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <>
      <PageHero
        eyebrow="Privacy"
        title="Your personal data"
        intro="See and download what we hold about you, correct it, withdraw a consent or have it erased, yourself."
      />
      <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        {actionData?.ok ? (
          <div role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
            <p className="font-semibold">Check your e-mail.</p>
            <p className="mt-2">
              We have sent an e-mail to <strong className="break-all">{actionData.email}</strong>. If we hold personal data for
              this address, it has a link to see and manage it, valid for 24 hours and usable once. If we hold nothing, the e-mail
              says so.
            </p>
          </div>
        ) : (
          <Form method="post" className="space-y-4" aria-describedby={failed ? "privacy-request-error" : undefined}>
            <p className="text-slate-700">
              Enter the e-mail address you gave us. We will send it a link, so only you can see your data.
            </p>
            {failed && (
              <p id="privacy-request-error" role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
                {failed.message}
              </p>
            )}
            <div>
              <label htmlFor="privacy-email" className="block text-sm font-semibold text-slate-900">
                Your e-mail address
              </label>
              <input
                id="privacy-email"
                name="email"
                type="email"
                required
                autoComplete="email"
                defaultValue={failed?.email ?? ""}
                className={inputClass}
              />
            </div>
            <button
              type="submit"
              className="min-h-11 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              Send me the link
            </button>
          </Form>
        )}
        <p className="mt-8 text-sm text-slate-600">
          How we handle your data:{" "}
          <a href="/privacy" className="font-semibold text-brand-700 underline">
            our privacy notice
          </a>
          .
          {settings.grievanceEmail ? (
            <>
              {" "}
              Questions or complaints:{" "}
              <a href={`mailto:${settings.grievanceEmail}`} className="break-all underline">
                {settings.grievanceEmail}
              </a>
              .
            </>
          ) : null}
        </p>
      </div>
    </>
  );
}
