import type { ReactNode } from "react";
import { Form } from "react-router";
import { CONSENT_LABEL, CONSENT_PURPOSES } from "../../../shared/privacy/consent";
import { consentsInForce, type PrivacyPage } from "../../../shared/privacy/personal-data";
import { inputClass } from "../enquiry-form/form-field";
import { HeldData } from "./held-data";

/**
 * The person's own page (/privacy/request/<link>: its button, then the page; /privacy/request/session after each
 * action): what we hold, download it, withdraw a consent, ask for a correction, erase it. Plain forms: it works
 * without JavaScript.
 */

const button =
  "inline-flex min-h-11 items-center justify-center rounded-md px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const primary = `${button} bg-brand-700 text-white hover:bg-brand-900`;
const secondary = `${button} border border-brand-700 bg-white text-brand-700 hover:bg-brand-50`;
const danger = `${button} bg-red-700 text-white hover:bg-red-800`;

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <h2 id={id} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

function Session({ page, intent }: { page: Extract<PrivacyPage, { state: "open" }>; intent?: string }) {
  return (
    <>
      <input type="hidden" name="token" value={page.token} />
      <input type="hidden" name="session" value={page.session} />
      {intent && <input type="hidden" name="intent" value={intent} />}
    </>
  );
}

function Actions({ page }: { page: Extract<PrivacyPage, { state: "open" }> }) {
  const inForce = consentsInForce(page.data);
  const given = CONSENT_PURPOSES.filter((p) => inForce[p]);
  return (
    <>
      <Panel id="download-title" title="Download it">
        <p>The same data as a file (JSON), to keep or to give to someone else.</p>
        {/* A plain form: the answer is a file, not a page. */}
        <form method="post" action="/privacy/request/download">
          <Session page={page} />
          <button type="submit" className={secondary}>
            Download my data
          </button>
        </form>
      </Panel>
      <Panel id="withdraw-title" title="Withdraw a consent">
        {given.length === 0 ? (
          <p>You have not given us any optional consent, or you have withdrawn it: we send you nothing but answers.</p>
        ) : (
          <Form method="post" action="/privacy/request/session" className="space-y-3">
            <Session page={page} intent="withdraw" />
            <p>It takes effect at once.</p>
            {/* One button per consent: withdrawing it is one action (the button's value says which). */}
            <ul className="space-y-3">
              {given.map((p) => (
                <li key={p} className="flex flex-wrap items-center justify-between gap-3">
                  <span>"{CONSENT_LABEL[p]}"</span>
                  <button type="submit" name="purpose" value={p} className={secondary}>
                    Withdraw<span className="sr-only"> "{CONSENT_LABEL[p]}"</span>
                  </button>
                </li>
              ))}
            </ul>
          </Form>
        )}
      </Panel>
      <Panel id="correct-title" title="Correct your data">
        <Form method="post" action="/privacy/request/session" className="space-y-3">
          <Session page={page} intent="correct" />
          <label htmlFor="correction" className="block font-semibold text-slate-900">
            What should we correct?
          </label>
          <textarea id="correction" name="details" rows={3} defaultValue={page.correction ?? ""} className={inputClass} />
          <button type="submit" className={primary}>
            Send correction
          </button>
        </Form>
      </Panel>
      <Panel id="erase-title" title="Erase your data">
        <p>
          We remove your name, e-mail address and phone number from every enquiry, customer record, note and e-mail we keep. What
          the law makes us keep (quotations you accepted, for tax law) stays, and we tell you what and why. This cannot be undone.
        </p>
        <Form method="post" action="/privacy/request/session" className="space-y-3">
          <Session page={page} intent="erase" />
          <div className="flex items-start gap-3">
            <input id="erase-confirm" type="checkbox" name="confirm" className="mt-0.5 h-5 w-5 accent-red-700" />
            <label htmlFor="erase-confirm">I understand: erase my data now.</label>
          </div>
          <button type="submit" className={danger}>
            Erase my data
          </button>
        </Form>
      </Panel>
    </>
  );
}

/** The e-mailed link before it is used: one button, so a mail scanner that opens the link uses nothing. */
function Ready() {
  return (
    <>
      <p className="mt-4 text-slate-700">
        See, download, correct or erase the personal data we hold for your e-mail address, or withdraw a consent. The link works
        once: the button opens your page, which then works for an hour.
      </p>
      <Form method="post" className="mt-6">
        <button type="submit" className={primary}>
          Show my data
        </button>
      </Form>
    </>
  );
}

function Erased({ page }: { page: Extract<PrivacyPage, { state: "erased" }> }) {
  return (
    <>
      <p role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4 font-medium text-green-900">
        Done: we have erased your personal data.
      </p>
      <Panel id="erased-title" title="What we erased">
        {page.report.erased.length ? (
          <ul className="list-disc space-y-1 pl-5">
            {page.report.erased.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p>We held nothing more to erase.</p>
        )}
      </Panel>
      {page.report.kept.length > 0 && (
        <Panel id="kept-title" title="What we must keep, and why">
          <ul className="list-disc space-y-1 pl-5">
            {page.report.kept.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Panel>
      )}
    </>
  );
}

export function PrivacyPageView({ page }: { page: PrivacyPage }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Your personal data</h1>
      {page.state === "closed" && (
        <>
          <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
            {page.message}
          </p>
          <p className="mt-4">
            <a href="/privacy/request" className={primary}>
              Ask for a new link
            </a>
          </p>
        </>
      )}
      {page.state === "ready" && <Ready />}
      {page.state === "erased" && <Erased page={page} />}
      {page.state === "open" && (
        <>
          <p className="mt-2 text-slate-700">
            For <strong className="break-all">{page.data.email}</strong>, held by {page.data.heldBy}. This page works for an hour;
            after that, ask for a new link.
          </p>
          <div role="status">
            {page.done && <p className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">{page.done}</p>}
          </div>
          <div role="alert">
            {page.error && <p className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">{page.error}</p>}
          </div>
          <HeldData data={page.data} />
          <Actions page={page} />
        </>
      )}
    </div>
  );
}
