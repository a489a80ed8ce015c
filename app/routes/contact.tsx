import { data } from "react-router";
import { submitContact } from "../../server/content/enquiry";
import { readList, readOne } from "../../server/content/public-reads";
import { badRequest, HttpError } from "../../server/http/errors";
import { containsNul } from "../../server/http/nul-characters";
import { errorFields, log } from "../../server/log";
import { faqContent } from "../../shared/content/faq";
import { serviceContent } from "../../shared/content/service";
import type { EnquiryService } from "../../shared/schemas/enquiry-values";
import { ContactForm } from "../components/contact/contact-form";
import { ContactInfo } from "../components/contact/contact-info";
import { Faq } from "../components/contact/faq";
import { CONTACT_FIELDS, type ContactField, type ContactResult } from "../components/contact/texts";
import { ArrowRightIcon } from "../components/icons";
import { PageHero } from "../components/page-hero";
import { readForm } from "../lib/form.server";
import { orFallback } from "../lib/read-with-fallback.server";
import { faqPageJsonLd, pageMeta, siteInfoFrom } from "../lib/seo";
import { useSiteSettings } from "../lib/site-settings";
import type { Route } from "./+types/contact";

/**
 * The questions staff keep under FAQ (shown in #faq, left out when there are none) and, for
 * /contact?service={slug} (the service page's "Request Service"), that service: the message becomes a
 * service request for it. An unknown slug gives the plain form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get("service")?.trim();
  const [faq, found] = await Promise.all([
    orFallback("the FAQ", () => readList(context.app, faqContent), []),
    slug && slug.length <= 120
      ? orFallback("the requested service", () => readOne(context.app, serviceContent, slug), null)
      : { value: null },
  ]);
  const service: EnquiryService | null = found.value
    ? { _id: found.value._id, title: found.value.title, slug: found.value.slug }
    : null;
  return { service, faq: faq.value.map(({ _id, question, answer }) => ({ _id, question, answer })) };
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
    const receipt = await submitContact(context.app, fields, { clientIp: context.clientIp });
    return data<ContactResult>({ ok: true, reference: receipt.reference });
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

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteInfoFrom(matches);
  const faq = loaderData?.faq ?? [];
  return pageMeta(site, {
    title: "Contact Us",
    description:
      "Call, e-mail or write to Pneuma Air Systems in Salem for quotes, service visits, AMCs and spares. Working hours, head office address and answers to common questions.",
    path: "/contact",
    jsonLd: site && faq.length > 0 ? [faqPageJsonLd(faq)] : [],
  });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <>
      <PageHero
        eyebrow="Contact us"
        title="Talk to our air experts"
        intro="Questions about a compressor, a quote for a new plant, or a service visit: send us a message or call us, and the right engineer will get back to you."
      >
        <a
          href="/quote"
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-accent-500 px-5 py-3 font-semibold text-brand-900 hover:bg-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Need a price? Request a quote
          <ArrowRightIcon className="h-4 w-4" />
        </a>
      </PageHero>
      <div className="mx-auto grid max-w-7xl items-start gap-8 px-4 py-12 sm:py-16 lg:grid-cols-5 lg:gap-12">
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-3">
          <ContactForm actionData={actionData} service={loaderData.service} />
        </div>
        <div className="lg:col-span-2">
          <ContactInfo settings={settings} />
        </div>
      </div>
      {loaderData.faq.length > 0 && <Faq items={loaderData.faq} />}
    </>
  );
}
