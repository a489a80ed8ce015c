import { useLocation, useMatches } from "react-router";
import { whatsappHref } from "../lib/format";
import { whatsappMessage } from "../lib/whatsapp";
import type { RouteHandle } from "../root";

/** A chat bubble (decorative). */
function ChatIcon({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
      <path d="M15.6 14.2c-.3.8-1.5 1.3-2.4 1a9 9 0 0 1-4.4-4.3c-.3-.9.2-2.1 1-2.4l.9 1.8-.6.8a6 6 0 0 0 2.5 2.5l.8-.6Z" />
    </svg>
  );
}

const WHATSAPP_LABEL = "Chat on WhatsApp";

/**
 * "Chat on WhatsApp" on every public page when the site settings have a WhatsApp number; nothing without
 * one. The chat opens with a text naming the product or page (made on the server from the route's data,
 * so the link works without JavaScript).
 *
 * Large screens: a round button floating bottom-right (in the margin beside the content on wide ones).
 * Phones and tablets: a button at the end of the page, above the footer, in the flow of the page — a
 * floating button there would sit on top of text and form buttons.
 */
export function WhatsAppButton({ number, siteUrl, companyName }: { number: string; siteUrl: string; companyName: string }) {
  const matches = useMatches();
  const location = useLocation();
  if (number.replace(/\D/g, "") === "") return null;
  // A private link (a buyer's quotation, a person's privacy page) is a key: it never goes to WhatsApp's servers.
  const capability = matches.some((m) => (m.handle as RouteHandle | undefined)?.capability === true);
  const pageUrl = capability ? null : `${siteUrl}${location.pathname}${location.search}`;
  const href = whatsappHref(number, whatsappMessage(matches, pageUrl, companyName));
  return (
    <aside aria-label="WhatsApp" className="mx-auto w-full max-w-7xl px-4 pt-12 sm:px-6 lg:p-0 print:hidden">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="whatsapp-button"
        className="group flex min-h-12 items-center justify-center gap-2 rounded-md bg-green-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 sm:mx-auto sm:w-fit lg:fixed lg:right-6 lg:bottom-6 lg:mx-0 lg:z-30 lg:h-14 lg:w-14 lg:rounded-full lg:p-0 lg:shadow-lg"
      >
        <ChatIcon className="h-6 w-6 shrink-0 lg:h-7 lg:w-7" />
        <span className="lg:sr-only">{WHATSAPP_LABEL}</span>
        <span className="sr-only"> (opens in a new tab)</span>
        {/* Large screens show the words beside the round button on hover and keyboard focus. */}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-full mr-3 hidden -translate-y-1/2 rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-white shadow lg:group-hover:block lg:group-focus-visible:block"
        >
          {WHATSAPP_LABEL}
        </span>
      </a>
    </aside>
  );
}
