import { dataModule } from "../../enhance/data-module";
import { FormFailure, formFields, Honeypot, SubmitButton, TextField } from "../enquiry-form/form-field";
import { PrivacyNotice } from "../privacy-notice";
import { QuoteItems } from "./quote-items";
import { QuoteReceipt } from "./quote-receipt";
import { INTENT_SEND, type Issue, QUOTE_FAILED, type QuoteField, type QuoteResult, type QuoteRow } from "./texts";

interface QuoteFormProps {
  /** The products of the page's link (`?product=`), the list's starting point. */
  linkedItems: QuoteRow[];
  /** How many products of the link are not in the catalogue. */
  unknownProducts: number;
  suggestions: string[];
  /** Sizing details from the page's link (`?flow=…&message=…`): the fields' first values. */
  linkedDetails?: Partial<Record<QuoteField, string>>;
  actionData: QuoteResult | undefined;
}

type Failure = Extract<QuoteResult, { ok: false }>;

/**
 * The quote request form, drawn on the server with the answer to the last post. It posts to the quote
 * route's action, so everything works without JavaScript: Send stores the request; Add, a choice and Remove
 * post an `intent` and come back with the changed list. The `enquiry-form` module
 * (app/components/enquiry-form/) sends the same posts in the background and shows the form of the answer:
 * the button reads "Sending..." (disabled) while the request runs, then the success text with the
 * reference or the server's message (SPEC §4, as the contact form). Once sent, the form's place holds
 * the receipt (quote-receipt.tsx) and nothing that could send it again; the form element stays, so the
 * enhancement swaps the receipt in as it does every answer.
 */
export function QuoteForm({ linkedItems, unknownProducts, suggestions, linkedDetails = {}, actionData }: QuoteFormProps) {
  const idPrefix = "quote";
  if (actionData?.ok) {
    return (
      <form method="post" className="relative" data-quote-form {...dataModule("enquiry-form")} data-form="quote">
        <QuoteReceipt receipt={actionData.receipt} titleId={`${idPrefix}-receipt-title`} />
      </form>
    );
  }
  const shown = actionData;
  const failure: Failure | undefined = shown && !shown.ok ? shown : undefined;
  // Before any post the fields show the details the link carried.
  const values = failure?.values ?? linkedDetails;
  const items = failure?.items ?? linkedItems;
  const addText = failure?.addModel ?? "";
  const issues: Issue[] = failure?.issues ?? [];
  const notice = failure?.kind === "edit" ? failure.notice : undefined;
  // The answer to Send is above the form; on a phone the Send button is a screen or two below it.
  const reveal = failure?.kind === "error";
  const field = formFields<QuoteField>(idPrefix, values, issues);

  return (
    <form
      method="post"
      className="relative"
      aria-labelledby={`${idPrefix}-title`}
      data-quote-form
      {...dataModule("enquiry-form")}
      data-form="quote"
    >
      {/* Enter in a text field uses the first submit button: make it Send (not a row's Remove). */}
      <button
        type="submit"
        name="intent"
        value={INTENT_SEND}
        formNoValidate
        tabIndex={-1}
        aria-hidden="true"
        className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden"
      >
        Send
      </button>

      <h2 id={`${idPrefix}-title`} className="text-2xl font-bold text-brand-700">
        Your quote request
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required. Everything else helps us quote the right machine.
      </p>

      <div className="scroll-mt-28" data-reveal={reveal || undefined}>
        <div role="status" aria-live="polite">
          {notice && <p className="mt-5 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-brand-900">{notice}</p>}
        </div>
        <div role="alert">{failure?.kind === "error" && <FormFailure message={failure.message || QUOTE_FAILED} />}</div>
        <template data-failure>
          <FormFailure message={QUOTE_FAILED} />
        </template>
      </div>
      {unknownProducts > 0 && !actionData && (
        <p className="mt-5 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-slate-800">
          {unknownProducts === 1 ? "A product in the link you followed is" : "Some products in the link you followed are"} no
          longer in our catalogue. Add a model by name below, or describe what you need in the message.
        </p>
      )}

      <div className="mt-6 space-y-8">
        <QuoteItems
          idPrefix={idPrefix}
          items={items}
          issues={issues}
          addText={addText}
          suggestions={suggestions}
          choices={failure?.kind === "edit" ? (failure.choices ?? []) : []}
        />

        <fieldset className="min-w-0">
          <legend className="text-lg font-bold text-brand-900">Your details</legend>
          <div className="mt-3 grid gap-5 sm:grid-cols-2">
            <TextField {...field("name")} label="Name" required autoComplete="name" />
            <TextField {...field("email")} label="Email" type="email" required autoComplete="email" />
            <TextField {...field("phone")} label="Phone" type="tel" autoComplete="tel" />
            <TextField {...field("company")} label="Company" autoComplete="organization" />
          </div>
        </fieldset>

        <fieldset className="min-w-0">
          <legend className="text-lg font-bold text-brand-900">Sizing details</legend>
          <p className="mt-1 text-sm text-slate-600">If you know them, they help our engineers size the system.</p>
          <div className="mt-3 grid gap-5 sm:grid-cols-2">
            <TextField {...field("flow")} label="Required air flow" autoComplete="off" placeholder="e.g. 250 CFM" />
            <TextField {...field("pressure")} label="Working pressure" autoComplete="off" placeholder="e.g. 7.5 bar" />
            <TextField
              {...field("hoursPerDay")}
              label="Running hours per day"
              type="number"
              min={1}
              max={24}
              autoComplete="off"
              placeholder="e.g. 16"
            />
            <TextField
              {...field("application")}
              label="Application"
              autoComplete="off"
              placeholder="e.g. textile mill, spray painting"
            />
          </div>
        </fieldset>

        <TextField
          {...field("message")}
          label="Message"
          multiline
          autoComplete="off"
          placeholder="Anything else: delivery location, the machine you run today, a deadline…"
        />
      </div>

      <PrivacyNotice idPrefix={idPrefix} values={values} />

      <Honeypot idPrefix={idPrefix} />

      <SubmitButton
        name="intent"
        value={INTENT_SEND}
        label="Send Quote Request"
        busyLabel="Sending..."
        className="mt-8 min-h-12 w-full bg-accent-500 px-6 py-3 text-lg text-brand-900 hover:bg-accent-600 focus-visible:outline-brand-500 sm:w-auto sm:min-w-56"
        spinnerClassName="border-brand-900/30 border-t-brand-900"
      />
    </form>
  );
}
