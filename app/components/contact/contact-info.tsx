import type { ReactNode } from "react";
import type { PublicSiteSettings } from "../../../shared/content/settings";
import { telHref, whatsappHref } from "../../lib/format";
import { BadgedPoint } from "../badged-point";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "../icons";

function InfoBlock({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <BadgedPoint as="div" badge={icon} title={title}>
      <div className="mt-1 text-slate-700">{children}</div>
    </BadgedPoint>
  );
}

const linkClass = "[overflow-wrap:anywhere] font-medium text-brand-700 underline-offset-2 hover:underline";

/** Phone numbers or e-mail addresses, each a link, under its label ("Sales") when it has one. */
function LabelledLinks({
  entries,
  href,
  testId,
}: {
  entries: PublicSiteSettings["phones"];
  href: (value: string) => string;
  testId: string;
}) {
  return (
    <ul className="space-y-2" data-testid={testId}>
      {entries.map((entry) => (
        <li key={entry.value}>
          {entry.label && <span className="block text-sm text-slate-600">{entry.label}</span>}
          <a href={href(entry.value)} className={linkClass}>
            {entry.value}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The company's phones, e-mails, head office, working hours and WhatsApp, all from site settings. */
export function ContactInfo({ settings }: { settings: PublicSiteSettings }) {
  const { phones, emails, address, mapUrl, workingHours, whatsapp } = settings;
  return (
    <section aria-labelledby="contact-details" className="rounded-lg bg-slate-50 p-5 sm:p-8">
      <h2 id="contact-details" className="text-2xl font-bold text-brand-700">
        Get in touch
      </h2>
      <p className="mt-2 text-sm text-slate-600">Call, write or visit our works in Salem.</p>
      <div className="mt-6 space-y-6">
        {phones.length > 0 && (
          <InfoBlock icon={<PhoneIcon />} title="Phone">
            <LabelledLinks entries={phones} href={telHref} testId="contact-phones" />
          </InfoBlock>
        )}
        {emails.length > 0 && (
          <InfoBlock icon={<MailIcon />} title="Email">
            <LabelledLinks entries={emails} href={(email) => `mailto:${email}`} testId="contact-emails" />
          </InfoBlock>
        )}
        {address && (
          <InfoBlock icon={<MapPinIcon />} title="Head office">
            <address className="not-italic">{address}</address>
            {mapUrl && (
              <a href={mapUrl} target="_blank" rel="noopener noreferrer" className={`${linkClass} mt-1 inline-block text-sm`}>
                View on map
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </InfoBlock>
        )}
        {workingHours.length > 0 && (
          <InfoBlock icon={<ClockIcon />} title="Working hours">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:text-base" data-testid="contact-hours">
              {workingHours.map((row) => (
                <div key={row.days} className="contents">
                  <dt className="text-slate-600">{row.days}</dt>
                  <dd className="font-medium whitespace-nowrap text-slate-800">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </InfoBlock>
        )}
      </div>
      {whatsapp && (
        <a
          href={whatsappHref(whatsapp, `Hello ${settings.companyName}, I would like to know more about your compressors.`)}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-8 flex items-center justify-center gap-2 rounded-md bg-green-700 px-5 py-3 font-semibold text-white hover:bg-green-800"
        >
          <PhoneIcon className="h-5 w-5" />
          {/* Not "Chat on WhatsApp": that is the site-wide button's name, which this page shows too. */}
          WhatsApp {whatsapp}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </section>
  );
}
