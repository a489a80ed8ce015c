import { data } from "react-router";
import { readSettings } from "../../server/content/public-reads";
import { linkPage, openPage } from "../../server/privacy/page-actions";
import type { PrivacyPage } from "../../shared/privacy/personal-data";
import { PrivacyPageView } from "../components/privacy/privacy-page-view";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/privacy.request.$token";

/** Its address is the only key to it: it stays out of the WhatsApp link (root.tsx). */
export const handle: RouteHandle = { capability: true };

/**
 * /privacy/request/<link>: the link we e-mailed (valid 24 hours, used once). Opening it uses nothing: mail scanners
 * and link previews open links before the person does. It shows one button, a POST form to this address, which
 * uses the link, shows the person's data and starts the page's session; the page's forms post to
 * /privacy/request/session. Private: never cached or indexed.
 */

const statusOf = (page: PrivacyPage) => (page.state === "closed" ? 410 : 200);

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await linkPage(context.app, params.token);
  return data(page, { status: statusOf(page) });
}

// The status is always given: an action's status wins over the loader's, which (run again after the POST on a
// page without JavaScript) finds the link used.
export async function action({ params, context }: Route.ActionArgs) {
  const page = await openPage(context.app, params.token, await readSettings(context.app));
  return data(page, { status: statusOf(page) });
}

// The link is used by the button: never ask the loader again after it (it would find the link used).
export function shouldRevalidate() {
  return false;
}

// Referrer-Policy stays the site's (see quotation.$token.tsx): "no-referrer" would send the button's form with
// `Origin: null`, which the cross-site check refuses.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export function meta() {
  return [{ title: "Your personal data" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function PrivacyLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PrivacyPageView page={actionData ?? loaderData} />;
}
