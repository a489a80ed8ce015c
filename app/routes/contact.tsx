import { data, useRouteLoaderData } from "react-router";
import { submitContact } from "../../server/content/enquiry";
import { badRequest, HttpError } from "../../server/http/errors";
import { containsNul } from "../../server/http/nul";
import { errorFields, log } from "../../server/log";
import { ContactForm } from "../components/contact/contact-form";
import { ContactInfo } from "../components/contact/contact-info";
import { Faq } from "../components/contact/faq";
import { CONTACT_FIELDS, type ContactField, type ContactResult } from "../components/contact/texts";
import { PageHero } from "../components/page-hero";
import { pageMeta, SITE_LAYOUT_ID, type SiteInfo, siteInfoFrom } from "../lib/seo";
import { DEFAULT_SITE_SETTINGS } from "../schemas/defaults";
import type { Route } from "./+types/contact";

/** The same bound as the API's form parser: a contact message is a few kilobytes at most. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The posted form, read with a size bound (pages have no body parser in front of them). */
async function readForm(request: Request): Promise<Record<string, string>> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) throw new HttpError(413, "The request body is too large.");
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw new HttpError(413, "The request body is too large.");
      }
      chunks.push(value);
    }
  }
  let form: FormData;
  try {
    form = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "application/x-www-form-urlencoded" },
      body: Buffer.concat(chunks),
    }).formData();
  } catch {
    throw badRequest("The form could not be read.");
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return fields;
}

/** Posting the form: the same submission as POST /api/contacts (rate limit, honeypot, validation). */
export async function action({ request, context }: Route.ActionArgs) {
  let fields: Record<string, string> = {};
  const values = () =>
    Object.fromEntries(CONTACT_FIELDS.filter((f) => typeof fields[f] === "string").map((f) => [f, fields[f]])) as Partial<
      Record<ContactField, string>
    >;
  try {
    fields = await readForm(request);
    if (containsNul(fields)) throw badRequest("Text must not contain NUL characters.");
    await submitContact(context.app, fields, { clientIp: context.clientIp, origin: new URL(request.url).origin });
    return data<ContactResult>({ ok: true });
  } catch (err) {
    if (err instanceof HttpError) {
      return data<ContactResult>(
        { ok: false, message: err.message, issues: err.issues, values: values() },
        { status: err.status, headers: err.headers },
      );
    }
    log.error("could not store a contact message", errorFields(err));
    return data<ContactResult>({ ok: false, values: values() }, { status: 500 });
  }
}

/**
 * With JavaScript: a request that fails without an answer (network, a proxy's error page) shows the
 * fallback message instead of an error page. The error status keeps the other loaders from reloading.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return data<ContactResult>({ ok: false }, { status: 500 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Contact Us",
    description:
      "Call, e-mail or write to Pneuma Air Systems in Salem for quotes, service visits, AMCs and spares. Working hours, head office address and answers to common questions.",
    path: "/contact",
  });
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ID) as { site: SiteInfo } | undefined;
  const settings = layout?.site.settings ?? DEFAULT_SITE_SETTINGS;
  return (
    <>
      <PageHero
        eyebrow="Contact us"
        title="Talk to our air experts"
        intro="Questions about a compressor, a quote for a new plant, or a service visit: send us a message or call us, and the right engineer will get back to you."
      />
      <div className="mx-auto grid max-w-7xl items-start gap-8 px-4 py-12 sm:py-16 lg:grid-cols-5 lg:gap-12">
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-3">
          <ContactForm actionData={actionData} />
        </div>
        <div className="lg:col-span-2">
          <ContactInfo settings={settings} />
        </div>
      </div>
      <Faq />
    </>
  );
}
