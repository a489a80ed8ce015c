import type { ReactNode } from "react";
import { CONSENT_LABEL } from "../../shared/privacy/consent";
import { PageHero } from "../components/page-hero";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import { useSiteSettings } from "../lib/site-settings";
import type { Route } from "./+types/privacy";

/**
 * /privacy (issue 33): the privacy notice in full, from Site Settings → Privacy (docs/decisions/030-privacy.md):
 * what we collect, why, how long, who sees it, where it is kept, backups, cookies (none), the person's rights
 * and how to use them, the grievance contact and the Data Protection Board.
 */

export function loader({ context }: Route.LoaderArgs) {
  return { backupKeepDays: context.app.config.backupKeepDays };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Privacy notice",
    description:
      "What personal data we collect from enquiries and quotations, why, how long we keep it, who sees it, and how to see, correct or erase your data under India's DPDP Act.",
    path: "/privacy",
  });
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-6">
      <h2 id={id} className="text-xl font-bold text-brand-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

const list = "list-disc space-y-1.5 pl-5";
const link = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const s = useSiteSettings();
  const contact = s.grievanceEmail || s.emails[0]?.value || "";
  return (
    <>
      <PageHero
        eyebrow="Privacy"
        title="How we handle your personal data"
        intro={`What ${s.companyName} collects when you write to us or buy from us, why, for how long, and your rights under India's Digital Personal Data Protection Act, 2023.`}
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:py-14">
        <Section id="short" title="In short">
          <p className="rounded-md border border-slate-200 bg-slate-50 p-4 whitespace-pre-line">{s.privacyNotice}</p>
          <p className="text-sm text-slate-600">This is the notice our forms show (version {s.privacyNoticeVersion ?? 1}).</p>
        </Section>
        <Section id="collect" title="What we collect">
          <ul className={list}>
            <li>
              From our enquiry, quote and service forms: your name, e-mail address, phone number, your company if you give it, the
              products and sizing details you ask about, and what you write.
            </li>
            <li>
              From IndiaMART, when you contact us there: the details IndiaMART passes on to us (name, phone, e-mail, company, city
              and your message).
            </li>
            <li>
              When you become our customer: your company's name, GSTIN and addresses, the names, phones and e-mails of the people
              we deal with, our quotations to you and, when you accept or decline one, the name you give, the time and your
              internet address.
            </li>
            <li>Your answers to the optional boxes on our forms, which notice you were shown, and when.</li>
          </ul>
          <p>Nothing else: no tracking, no advertising profiles.</p>
        </Section>
        <Section id="why" title="Why we use it">
          <ul className={list}>
            <li>To answer your enquiry, prepare and send you a quotation, and follow it up.</li>
            <li>To supply, install and service what you buy, and to keep the records tax law requires.</li>
            <li>
              Only if you tick the box on the form: "{CONSENT_LABEL.news}" and "{CONSENT_LABEL.whatsapp}". You can withdraw either
              at any time, at once, on{" "}
              <a href="/privacy/request" className={link}>
                your data
              </a>
              .
            </li>
            <li id="whatsapp">
              If you ticked "{CONSENT_LABEL.whatsapp}", our staff may message you on WhatsApp about that enquiry, at the mobile
              number you gave; WhatsApp then carries those messages. If you did not tick it, we do not message you on WhatsApp.
            </li>
          </ul>
        </Section>
        <Section id="how-long" title="How long we keep it">
          <ul className={list}>
            <li>Enquiries that did not lead to a sale: {s.retentionEnquiryMonths ?? 24} months after our last contact.</li>
            <li>Offers that did not go ahead (lost deals): {s.retentionLostDealMonths ?? 36} months after our last contact.</li>
            <li>
              Quotations you accepted: {s.retentionQuotationYears ?? 8} years, because tax law makes us keep our business records
              that long.
            </li>
          </ul>
          <p>
            Two days before we erase your details, we e-mail you a link to keep them if you still want us to. After that your
            name, e-mail address and phone number are removed everywhere on our site; what is left cannot identify you.
          </p>
          <p>
            <strong>Backups:</strong> we keep copies of our database so it can be restored after a failure. Each copy is kept for{" "}
            {loaderData.backupKeepDays} days and then deleted, so data we have erased can remain in older copies for up to{" "}
            {loaderData.backupKeepDays} days. We never restore a copy except to recover from a failure.
          </p>
        </Section>
        <Section id="who" title="Who sees it">
          <p>
            Only our own staff, each as far as their work needs: the sales team and the owners see enquiries, customers and
            quotations; the people who edit the website's content do not. Every time a staff member opens your enquiry, customer
            record, deal or quotation, or exports a list, we log who, when and from where, and keep that log for two years.
          </p>
          <p>
            Our e-mail provider carries the e-mails we send you. We do not sell your data or share it with anyone else, except
            when the law requires it.
          </p>
        </Section>
        <Section id="where" title="Where it is kept">
          <p>
            On our own server and its database, protected by staff sign-in (with two-factor sign-in where the owners require it)
            and encrypted connections.
          </p>
          <p id="cookies">
            <strong>Cookies:</strong> this website sets no cookies and uses no analytics or tracking. Only our staff's sign-in to
            the admin panel is remembered, in their own browser.
          </p>
        </Section>
        <Section id="rights" title="Your rights and how to use them">
          <p>Under the Digital Personal Data Protection Act, 2023 you may:</p>
          <ul className={list}>
            <li>see what we hold about you and download it;</li>
            <li>ask us to correct or complete it;</li>
            <li>withdraw a consent you gave, as easily as you gave it;</li>
            <li>ask us to erase it (we keep only what the law makes us keep, and tell you what and why);</li>
            <li>
              name someone to use these rights for you if you die or cannot: write to our{" "}
              <a href="#complaints" className={link}>
                grievance officer
              </a>
              ;
            </li>
            <li>have your complaints answered.</li>
          </ul>
          <p>
            <a href="/privacy/request" className={link}>
              Use your rights here
            </a>
            : enter your e-mail address and we send you a link, valid for 24 hours, to a page where you can see, download,
            correct, withdraw or erase your data yourself. We answer every request within {s.privacyRequestDays ?? 30} days.
          </p>
        </Section>
        <Section id="complaints" title="Questions and complaints">
          <p>
            Our grievance officer
            {s.grievanceName ? (
              <>
                , <strong>{s.grievanceName}</strong>,
              </>
            ) : null}{" "}
            answers questions and complaints about your personal data
            {contact ? (
              <>
                {" "}
                at{" "}
                <a href={`mailto:${contact}`} className={`${link} break-all`}>
                  {contact}
                </a>
              </>
            ) : null}
            .
          </p>
          <p>
            If you are not satisfied with our answer, you may complain to the Data Protection Board of India, set up under the
            Act.
          </p>
        </Section>
      </div>
    </>
  );
}
