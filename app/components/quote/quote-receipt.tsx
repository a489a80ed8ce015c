import type { ReactNode } from "react";
import { CheckIcon } from "../icons";
import { quoteThankYou, type QuoteReceipt as Receipt } from "./texts";

const NOT_GIVEN = "Not given";

/** Label and value pairs; an empty value reads "Not given", so the buyer sees what the engineers will not have. */
function Facts({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-slate-600">{label}</dt>
          <dd className={`[overflow-wrap:anywhere] ${value ? "text-slate-900" : "text-slate-500 italic"}`}>
            {value || NOT_GIVEN}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One part of the receipt under its h3 (the page's h2 is the receipt's title). */
function ReceiptSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h3 id={id} className="text-lg font-bold text-brand-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The receipt that takes the form's place once a quote request is stored (with or without JavaScript):
 * the reference, every product and quantity, the sizing and contact details as sent, what happens next
 * and by when, and Print (the `enquiry-form` module prints; without JavaScript the browser's own Print
 * is named instead). Nothing here can be sent again.
 */
export function QuoteReceipt({ receipt, titleId }: { receipt: Receipt; titleId: string }) {
  const { contact, details } = receipt;
  return (
    <div data-quote-receipt className="space-y-8">
      {/*
        Announced like the form's other answers; the heading takes the focus the Send button had. The marks sit
        inside the live region: the enhancement keeps the old region's node (and its attributes), not this one.
      */}
      <div role="status" aria-live="polite">
        <div data-reveal className="scroll-mt-28">
          <h2
            id={titleId}
            tabIndex={-1}
            data-focus-after-swap="always"
            className="flex items-center gap-3 text-2xl font-bold text-brand-700 focus:outline-none"
          >
            <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-green-700 text-white print:hidden">
              <CheckIcon className="h-5 w-5" />
            </span>
            Quote request sent
          </h2>
          <p className="mt-4 text-slate-800" data-testid="quote-success">
            {quoteThankYou(receipt.reference)}
          </p>
          <p className="mt-4 inline-flex flex-wrap items-baseline gap-x-3 rounded-md border border-brand-100 bg-brand-50 px-4 py-3">
            <span className="text-sm font-semibold text-slate-700">Your reference</span>
            <strong className="font-mono text-xl text-brand-900" data-testid="quote-reference">
              {receipt.reference}
            </strong>
            <span className="text-sm text-slate-600">Quote it when you call or write to us.</span>
          </p>
        </div>
      </div>
      <div role="alert" />

      <ReceiptSection id={`${titleId}-products`} title="Products">
        {receipt.items.length === 0 ? (
          <p className="mt-3 text-slate-700">None listed: a general quote request, described in your message.</p>
        ) : (
          <table className="mt-3 w-full text-left" data-testid="quote-receipt-items">
            <thead className="border-b border-slate-300 text-sm text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Product
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {receipt.items.map((item) => (
                <tr key={`${item.url}-${item.name}`} className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-4 font-semibold [overflow-wrap:anywhere] text-slate-900">
                    {item.url ? (
                      <a href={item.url} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                        {item.name}
                      </a>
                    ) : (
                      item.name
                    )}
                  </th>
                  <td className="py-2 text-right tabular-nums">{item.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ReceiptSection>

      <ReceiptSection id={`${titleId}-sizing`} title="Sizing details">
        <Facts
          rows={[
            ["Required air flow", details.flow],
            ["Working pressure", details.pressure],
            ["Running hours per day", details.hoursPerDay],
            ["Application", details.application],
          ]}
        />
      </ReceiptSection>

      <ReceiptSection id={`${titleId}-contact`} title="Your details">
        <Facts
          rows={[
            ["Name", contact.name],
            ["Email", contact.email],
            ["Phone", contact.phone],
            ["Company", contact.company],
            ...(receipt.message ? ([["Message", receipt.message]] as [string, string][]) : []),
          ]}
        />
      </ReceiptSection>

      <ReceiptSection id={`${titleId}-next`} title="What happens next" className="rounded-lg bg-slate-50 p-5">
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
          <li>An engineer checks the products and sizing details against your plant's needs.</li>
          <li>
            You get a quotation with the price, delivery time and warranty at{" "}
            <span className="font-semibold [overflow-wrap:anywhere]">{contact.email}</span> by{" "}
            <strong data-testid="quote-reply-by">{receipt.replyBy}</strong> (one working day).
          </li>
          <li>Something to add or change? Call or write to us with your reference, {receipt.reference}.</li>
        </ol>
      </ReceiptSection>

      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <button
          type="button"
          data-print
          className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 noscript:hidden"
        >
          Print
        </button>
        <p className="hidden text-sm text-slate-700 noscript:block">
          To keep a copy, use your browser's Print command (Ctrl+P, or Share › Print on a phone).
        </p>
        <a
          href="/quote"
          className="inline-flex min-h-11 items-center rounded-md border border-brand-700 bg-white px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Start a new quote request
        </a>
      </div>
    </div>
  );
}
