import { ArrowRightIcon } from "../icons";

/** The message the quote form starts with, so the request reads as one for a service (the buyer may change it). */
function serviceQuoteMessage(serviceTitle?: string): string {
  return serviceTitle
    ? `Please quote for your service: ${serviceTitle}.`
    : "Please quote for a service: tell us the compressors you run and the work you need.";
}

/**
 * Request a Quote for a service: the quote form (/quote), as a product page's Request a Quote is, with the
 * service named in its message through the form's own link parameter (`?message=`, as the calculators hand
 * over); no second form. Without a title, a quote for services in general.
 */
export function ServiceQuoteLink({ serviceTitle, className }: { serviceTitle?: string; className: string }) {
  const href = `/quote?${new URLSearchParams({ message: serviceQuoteMessage(serviceTitle) })}`;
  return (
    <a href={href} data-quote-link className={className}>
      Request a Quote
      <ArrowRightIcon className="h-4 w-4" />
    </a>
  );
}
