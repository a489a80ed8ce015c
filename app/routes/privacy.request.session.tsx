import { data } from "react-router";
import { readSettings } from "../../server/content/public-reads";
import { HttpError } from "../../server/http/errors";
import { runPageAction } from "../../server/privacy/page-actions";
import { PrivacyPageView } from "../components/privacy/privacy-page-view";
import { readForm } from "../lib/form.server";
import type { Route } from "./+types/privacy.request.session";

/**
 * /privacy/request/session: where the person's page posts its actions (withdraw, correct, erase), with the link
 * and the page's session; the answer is the page again. Opened directly, it says to ask for a link. (No loader: after
 * an action without JavaScript the loader would run too.)
 */

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const page = await runPageAction(context.app, await readForm(request), await readSettings(context.app));
    return data(page, { status: page.state === "closed" ? 410 : page.state === "open" && page.error ? 400 : 200 });
  } catch (err) {
    if (err instanceof HttpError) return data({ state: "closed" as const, message: err.message }, { status: err.status });
    throw err;
  }
}

export function shouldRevalidate() {
  return false;
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export function meta() {
  return [{ title: "Your personal data" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function PrivacySessionPage({ actionData }: Route.ComponentProps) {
  return (
    <PrivacyPageView
      page={
        actionData ?? { state: "closed", message: "Open the link in our e-mail to see your data, or ask for a new link below." }
      }
    />
  );
}
