import { readSettings } from "../../server/content/public-reads";
import { personalDataOf } from "../../server/privacy/personal-data";
import { sessionEmail } from "../../server/privacy/self-service";
import { readForm } from "../lib/form.server";
import type { Route } from "./+types/privacy.request.download";

/** POST /privacy/request/download (the person's page's "Download my data"): their data as a JSON file. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const email = await sessionEmail(context.app.db, fields.token ?? "", fields.session ?? "");
  const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
  if (!email) {
    return Response.json(
      { message: "This page has expired: it works for an hour after you open the link. Ask for a new link at /privacy/request." },
      { status: 410, headers },
    );
  }
  const settings = await readSettings(context.app);
  const data = await personalDataOf(context.app.db, email, settings.companyName);
  const day = data.generatedAt.slice(0, 10);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${day}.json"`,
    },
  });
}

export function loader() {
  return new Response("Use the Download button on your data's page.", { status: 405, headers: { Allow: "POST" } });
}
