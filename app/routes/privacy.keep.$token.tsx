import { data, Form } from "react-router";
import { type KeepLinkState, keepLinkState, keepUnderLink } from "../../server/privacy/retention";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/privacy.keep.$token";

/** Its address is the only key to it: it stays out of the WhatsApp link (root.tsx). */
export const handle: RouteHandle = { capability: true };

/**
 * /privacy/keep/<token>: the link in a retention warning e-mail (server/privacy/retention.ts). Opening it only
 * shows what will be erased and when; keeping takes the button (a POST form), so a mail scanner that opens links
 * keeps nothing. Keeping counts as activity: the records are kept for their full period again. The signed token
 * is the only permission; a changed one finds nothing. Private: never cached or indexed; works without JavaScript.
 */

const STATUS: Record<KeepLinkState["state"], number> = { invalid: 404, expired: 410, nothing: 200, waiting: 200, kept: 200 };

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await keepLinkState(context.app.db, params.token);
  return data(state, { status: STATUS[state.state] });
}

export async function action({ params, context }: Route.ActionArgs) {
  const state = await keepUnderLink(context.app.db, params.token);
  return data(state, { status: STATUS[state.state] });
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export function meta() {
  return [{ title: "Keep your details" }, { name: "robots", content: "noindex, nofollow" }];
}

const button =
  "min-h-11 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const textLink = "font-semibold text-brand-700 underline hover:text-brand-900";

function SeeYourData() {
  return (
    <p className="mt-6 text-slate-700">
      To see what we hold about you, or to ask us to erase it now, go to{" "}
      <a href="/privacy/request" className={textLink}>
        your personal data
      </a>
      . How we handle personal data:{" "}
      <a href="/privacy" className={textLink}>
        privacy notice
      </a>
      .
    </p>
  );
}

function Waiting({ state }: { state: Extract<KeepLinkState, { state: "waiting" }> }) {
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Keep your details?</h1>
      <p className="mt-4 text-slate-800">
        These records of yours have had no activity for a long time, so we plan to erase your name, e-mail address, phone number
        and what you wrote in them after <strong>{state.erasesAt}</strong>:
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
        {state.records.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <p className="mt-4 text-slate-800">
        If you would like us to keep them, press the button: we will keep them for the full period again, counted from today. If
        you are happy for them to be erased, you do not need to do anything.
      </p>
      <Form method="post" className="mt-6">
        <button type="submit" className={button}>
          Keep my details
        </button>
      </Form>
    </>
  );
}

function Kept({ state }: { state: Extract<KeepLinkState, { state: "kept" }> }) {
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Your details are kept</h1>
      <p role="status" className="mt-4 rounded-md border border-brand-100 bg-brand-50 p-3 font-medium text-brand-900">
        Thank you. We will not erase them now.
      </p>
      <ul className="mt-4 list-disc space-y-1 pl-6 text-slate-800">
        {state.records.map((r) => (
          <li key={r.text}>
            {r.text}: kept until at least <strong>{r.until}</strong>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-slate-800">
        Any contact with us keeps them longer. Before we erase anything, we will e-mail you again.
      </p>
    </>
  );
}

const MESSAGES = {
  invalid: {
    title: "This link is not valid",
    text: "We could not find this link. Please open it exactly as it is in our e-mail; if part of it was cut off, copy the whole link into your browser.",
  },
  expired: {
    title: "This link has expired",
    text: "The time to keep these details with this link has passed.",
  },
  nothing: {
    title: "Nothing is waiting to be erased",
    text: "Nothing under this link is waiting to be erased any more: either your details have already been kept, or they were erased as our e-mail said.",
  },
};

export default function KeepPage({ loaderData, actionData }: Route.ComponentProps) {
  // After the button, the action's answer: the loader, asked again, would find nothing waiting.
  const state = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <p className="text-sm font-semibold tracking-wider text-slate-600 uppercase">Your personal data</p>
      {state.state === "waiting" ? (
        <Waiting state={state} />
      ) : state.state === "kept" ? (
        <Kept state={state} />
      ) : (
        <>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{MESSAGES[state.state].title}</h1>
          <p className="mt-4 text-slate-800">{MESSAGES[state.state].text}</p>
        </>
      )}
      <SeeYourData />
    </div>
  );
}
