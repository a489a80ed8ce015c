import { data } from "react-router";
import { readSettings } from "../../server/content/public-reads";
import { openPage } from "../../server/privacy/page-actions";
import { PrivacyPageView } from "../components/privacy/privacy-page-view";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/privacy.request.$token";

/** Its address is the only key to it: it stays out of the WhatsApp link (root.tsx). */
export const handle: RouteHandle = { capability: true };

/**
 * /privacy/request/<link>: the link we e-mailed (valid 24 hours, opens once). Opening it shows the person's data
 * and starts the page's session; its forms post to /privacy/request/session. Private: never cached or indexed.
 */

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await openPage(context.app, params.token, await readSettings(context.app));
  return data(page, { status: page.state === "closed" ? 410 : 200 });
}

// The link opens once: never ask the loader again after an action (it would find the link used).
export function shouldRevalidate() {
  return false;
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export function meta() {
  return [{ title: "Your personal data" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function PrivacyLinkPage({ loaderData }: Route.ComponentProps) {
  return <PrivacyPageView page={loaderData} />;
}
