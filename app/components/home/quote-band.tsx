import { telHref } from "../../lib/format";
import { PhoneIcon } from "../icons";

/** Closing call to action: ask for a quote (the quote form), or call the first phone number in the settings. */
export function QuoteBand({ phone }: { phone?: { label: string; value: string } }) {
  return (
    <section aria-labelledby="quote-title" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 sm:pt-20 lg:px-8">
      <div className="flex flex-col gap-6 rounded-2xl bg-brand-700 px-6 py-10 shadow-lg sm:px-12 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl text-white">
          <h2 id="quote-title" className="text-2xl font-bold sm:text-3xl">
            Need help choosing a compressor?
          </h2>
          <p className="mt-2 text-lg text-brand-50">
            Tell us about your plant and our engineers will recommend the right system, with a clear quote.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            href="/quote"
            className="inline-flex items-center rounded-md bg-accent-500 px-5 py-3 font-semibold text-brand-900 hover:bg-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Get a Quote
          </a>
          {phone && (
            <a
              href={telHref(phone.value)}
              className="inline-flex items-center gap-2 rounded-md border-2 border-white px-5 py-2.5 font-semibold text-white hover:bg-white hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <PhoneIcon className="h-4 w-4" />
              <span className="sr-only">Call </span>
              {phone.value}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
