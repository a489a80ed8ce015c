import type { PublicSiteSettings } from "../../../shared/content/settings";
import { telHref } from "../../lib/format";
import { BadgedPoint } from "../badged-point";
import { MailIcon, PhoneIcon } from "../icons";

const STEPS = [
  { title: "Tell us what you need", text: "The models and quantities, and if you know them, the air flow and pressure." },
  { title: "An engineer checks the sizing", text: "We match the compressor, dryer and receiver to your plant." },
  { title: "You get a quotation", text: "Price, delivery time and warranty, within one working day." },
] as const;

/**
 * Beside the quote form: what happens after sending, and the sales desk's phone and e-mail. Once the receipt
 * has replaced the form (quote-receipt.tsx, which says what happens next with its date) the general steps
 * step aside: the enhancement swaps only the form, so CSS (`:has`) hides them, with and without JavaScript.
 */
export function QuoteAside({ settings }: { settings: PublicSiteSettings }) {
  const phone = settings.phones[0]?.value;
  const email = settings.emails[0]?.value;
  return (
    <aside aria-labelledby="quote-next" className="space-y-6 print:hidden">
      <section className="rounded-lg bg-slate-50 p-5 sm:p-8 [main:has([data-quote-receipt])_&]:hidden" data-quote-steps>
        <h2 id="quote-next" className="text-xl font-bold text-brand-700">
          What happens next
        </h2>
        <ol className="mt-5 space-y-5">
          {STEPS.map((step, i) => (
            <BadgedPoint key={step.title} badge={i + 1} title={step.title}>
              <p className="mt-0.5 text-sm text-slate-700">{step.text}</p>
            </BadgedPoint>
          ))}
        </ol>
      </section>
      {(phone || email) && (
        <section aria-labelledby="quote-talk" className="rounded-lg border border-slate-200 p-5 sm:p-8">
          <h2 id="quote-talk" className="text-xl font-bold text-brand-700">
            Rather talk to us?
          </h2>
          <ul className="mt-4 space-y-3">
            {phone && (
              <li>
                <a
                  href={telHref(phone)}
                  className="flex min-h-11 items-center gap-3 font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  <PhoneIcon className="h-5 w-5 shrink-0" />
                  <span className="[overflow-wrap:anywhere]">{phone}</span>
                </a>
              </li>
            )}
            {email && (
              <li>
                <a
                  href={`mailto:${email}`}
                  className="flex min-h-11 items-center gap-3 font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  <MailIcon className="h-5 w-5 shrink-0" />
                  <span className="[overflow-wrap:anywhere]">{email}</span>
                </a>
              </li>
            )}
          </ul>
          <p className="mt-4 text-sm text-slate-600">
            A question that is not about prices?{" "}
            <a href="/contact" className="font-semibold text-brand-700 underline underline-offset-2">
              Send us a message
            </a>
            .
          </p>
        </section>
      )}
    </aside>
  );
}
