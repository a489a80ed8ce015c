import { data, Form } from "react-router";
import { HttpError, parseInput } from "../../server/http/errors";
import { emailSiteUrl } from "../../server/mail/outbox";
import { quotationIdOfToken, recordDecision, recordView } from "../../server/sales/quotation-mail";
import { getQuotation } from "../../server/sales/quotations";
import { indiaDateOf } from "../../shared/sales/financial-year";
import { type Quotation, quotationDecisionInput } from "../../shared/sales/quotation";
import { inputClass } from "../components/enquiry-form/form-field";
import { BuyerQuotation, buyerViewOf, dayText } from "../components/quotation/buyer-quotation";
import { readForm } from "../lib/form.server";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/quotation.$token";

/** Its address is the only key to it: it stays out of the WhatsApp link (root.tsx). */
export const handle: RouteHandle = { capability: true };

/**
 * /quotation/<token>: the buyer's own page of a quotation we e-mailed (issue 32). The signed token is the
 * only permission (no sign-in); a changed token finds nothing. The first visit marks it viewed; the buyer can
 * download the PDF and, while it is the latest version and still valid, accept or decline it once, giving
 * their name. The page is private: never cached, not indexed, and works without JavaScript (a plain form).
 */

type Answer = { ok: true; accepted: boolean } | { ok: false; message: string; name?: string; reason?: string };

const NOT_FOUND = "This quotation link is not valid. Please use the link in our e-mail, or ask us to send it again.";

async function quotationOf(context: Route.LoaderArgs["context"], token: string): Promise<Quotation> {
  const id = await quotationIdOfToken(context.app.db, token);
  const quotation = id ? await getQuotation(context.app.db, id) : null;
  if (!quotation) throw data({ message: NOT_FOUND }, { status: 404 });
  return quotation;
}

/** Why the buyer cannot decide now, or null when they can. */
function closedBecause(q: Quotation, today: string): string | null {
  if (q.decision && q.decidedAt) {
    const when = new Date(q.decidedAt).toLocaleString("en-IN", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "Asia/Kolkata",
    });
    return `${q.decision.name} ${q.status} this quotation on ${when}.`;
  }
  const latest = q.versions.at(-1)?.version ?? q.version;
  if (latest !== q.version)
    return `This is version ${q.version}; we have since sent version ${latest}. Please answer the newest one.`;
  if (q.validUntil < today) return `This quotation expired on ${dayText(q.validUntil)}. Please ask us for a new one.`;
  return null;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const quotation = await quotationOf(context, params.token);
  await recordView(context.app.db, quotation);
  return { quotation: buyerViewOf(quotation), closed: closedBecause(quotation, indiaDateOf(new Date())) };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const quotation = await quotationOf(context, params.token);
  const fields = await readForm(request);
  const closed = closedBecause(quotation, indiaDateOf(new Date()));
  if (closed) return data<Answer>({ ok: false, message: closed }, { status: 409 });
  try {
    const input = parseInput(quotationDecisionInput, fields);
    const accept = input.decision === "accept";
    const siteUrl = context.app.mail.enabled ? emailSiteUrl(context.app.config) : null;
    const decided = await recordDecision(
      context.app.db,
      quotation,
      { accept, name: input.name, reason: input.reason, ip: context.clientIp },
      siteUrl,
    );
    if (!decided) return data<Answer>({ ok: false, message: "This quotation has already been answered." }, { status: 409 });
    context.app.mail.kick();
    return data<Answer>({ ok: true, accepted: accept });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return data<Answer>({ ok: false, message: err.message, name: fields.name, reason: fields.reason }, { status: err.status });
  }
}

// The site's Referrer-Policy (strict-origin-when-cross-origin) already keeps the token out of other sites'
// logs; "no-referrer" would make the browser send `Origin: null` with the form, which the cross-site check refuses.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export function meta({ data }: Route.MetaArgs) {
  const title = data?.quotation ? `Quotation ${data.quotation.number}` : "Quotation";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

function Decide({ answer }: { answer: Answer | undefined }) {
  const failed = answer && !answer.ok ? answer : null;
  return (
    <Form method="post" className="mt-4 space-y-4" aria-describedby={failed ? "decision-error" : undefined}>
      {failed && (
        <p id="decision-error" role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {failed.message}
        </p>
      )}
      <div>
        <label htmlFor="decision-name" className="block text-sm font-semibold text-slate-900">
          Your name
        </label>
        <input
          id="decision-name"
          name="name"
          required
          autoComplete="name"
          defaultValue={failed?.name ?? ""}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="decision-reason" className="block text-sm font-semibold text-slate-900">
          Anything to tell us (optional; helpful if you decline)
        </label>
        <textarea id="decision-reason" name="reason" rows={2} defaultValue={failed?.reason ?? ""} className={inputClass} />
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="decision"
          value="accept"
          className="min-h-11 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Accept quotation
        </button>
        <button
          type="submit"
          name="decision"
          value="decline"
          className="min-h-11 rounded-md border border-slate-400 bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Decline
        </button>
      </div>
    </Form>
  );
}

export default function BuyerQuotationPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { quotation: q, closed } = loaderData;
  const done = actionData?.ok ? actionData : null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
        <div>
          <p className="text-sm font-semibold tracking-wider text-slate-600 uppercase">Quotation</p>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
            {q.number}
            {q.version > 1 && <span className="ml-2 text-lg font-semibold text-slate-600">revision {q.version}</span>}
          </h1>
          <p className="text-sm text-slate-700">
            Dated {dayText(q.date)} · valid until {dayText(q.validUntil)}
          </p>
        </div>
        <a
          href={`/quotation/${params.token}/pdf`}
          className="inline-flex min-h-11 items-center rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Download PDF
        </a>
      </header>
      {(done || closed) && (
        <p role="status" className="mt-4 rounded-md border border-brand-100 bg-brand-50 p-3 font-medium text-brand-900">
          {done
            ? done.accepted
              ? "Thank you: you have accepted this quotation. We will be in touch shortly to confirm the order."
              : "Thank you for letting us know: you have declined this quotation."
            : closed}
        </p>
      )}
      <div className="mt-6">
        <BuyerQuotation q={q} />
      </div>
      {!done && !closed && (
        <section aria-labelledby="answer-heading" className="mt-10 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6">
          <h2 id="answer-heading" className="text-lg font-semibold text-brand-900">
            Your answer
          </h2>
          <Decide answer={actionData} />
        </section>
      )}
    </div>
  );
}
