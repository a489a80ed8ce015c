import { type EnquiryService, serviceRequestSubject } from "../../../shared/schemas/enquiry-values";
import { dataModule } from "../../enhance/data-module";
import { FormFailure, formFields, Honeypot, SubmitButton, TextField } from "../enquiry-form/form-field";
import { CheckIcon } from "../icons";
import { PrivacyNotice } from "../privacy-notice";
import {
  CONTACT_FAILED,
  CONTACT_SUCCESS,
  type ContactField,
  type ContactResult,
  SUCCESS_VISIBLE_MS,
  yourReference,
} from "./texts";

/**
 * The public message form (SPEC §4), drawn on the server: empty, or with the answer to the last post (the
 * success text with the reference, or the server's message and each field's error, with the values
 * filled in again). It posts to the contact route's action, so it works without JavaScript. The
 * `enquiry-form` module (app/components/enquiry-form/) posts it in the background: the button reads
 * "Sending..." (disabled), then the form shows the server's answer, and a success for 5 s. With a
 * `service` (/contact?service={slug}) it is a service request: the subject starts as
 * "Service request: {title}" and the service's id is posted with it.
 */
export function ContactForm({
  actionData,
  service = null,
}: {
  actionData: ContactResult | undefined;
  service?: EnquiryService | null;
}) {
  const idPrefix = "contact";
  const shown = actionData;
  // Values to fill in again after a failed post; after a success the form starts empty.
  const initialValues = actionData && !actionData.ok ? actionData.values : undefined;
  const startSubject = service ? serviceRequestSubject(service.title) : "";
  const failure = shown && !shown.ok ? shown : undefined;
  const field = formFields<ContactField>(idPrefix, initialValues, failure?.issues);

  return (
    <form
      method="post"
      className="relative"
      aria-labelledby={`${idPrefix}-title`}
      {...dataModule("enquiry-form")}
      data-form="contact"
    >
      <h2
        id={`${idPrefix}-title`}
        tabIndex={-1}
        data-focus-after-dismiss
        className="text-2xl font-bold text-brand-700 focus:outline-none"
      >
        Send us a message
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required. We reply within one working day.
      </p>

      <div role="status" aria-live="polite">
        {shown?.ok && (
          // The thank-you takes focus from the Send button and comes into view (on a phone it is a screen above);
          // when it goes, focus goes to the heading.
          <p
            className="mt-5 flex scroll-mt-28 items-start gap-3 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900 focus:outline-none"
            data-dismiss-after={SUCCESS_VISIBLE_MS}
            tabIndex={-1}
            data-focus-after-swap="always"
            data-reveal
          >
            <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
            <span>
              <span className="block">{CONTACT_SUCCESS}</span>
              {shown.reference && (
                <span className="mt-1 block text-sm font-semibold" data-testid="contact-reference">
                  {yourReference(shown.reference)}
                </span>
              )}
            </span>
          </p>
        )}
      </div>
      <div role="alert">{failure && <FormFailure message={failure.message || CONTACT_FAILED} />}</div>
      <template data-failure>
        <FormFailure message={CONTACT_FAILED} />
      </template>

      {service && (
        <div
          className="mt-5 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-brand-900"
          data-testid="contact-service"
        >
          <p>
            Your request is about our service{" "}
            <a href={`/services/${service.slug}`} className="font-semibold underline underline-offset-2">
              {service.title}
            </a>
            .
          </p>
          <input type="hidden" name="serviceId" value={service._id} />
        </div>
      )}

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField {...field("name")} label="Name" required autoComplete="name" />
        <TextField {...field("email")} label="Email" type="email" required autoComplete="email" />
        <TextField {...field("phone")} label="Phone" type="tel" autoComplete="tel" />
        <TextField
          {...field("subject")}
          label="Subject"
          required
          autoComplete="off"
          defaultValue={initialValues?.subject ?? (startSubject || undefined)}
          // A service's title makes the subject long: give it the whole row.
          className={service ? "sm:col-span-2" : ""}
        />
        <TextField
          {...field("message")}
          label="Message"
          required
          multiline
          rows={6}
          autoComplete="off"
          className="sm:col-span-2"
        />
      </div>

      <PrivacyNotice idPrefix={idPrefix} values={initialValues} />

      <Honeypot idPrefix={idPrefix} />

      <SubmitButton
        label="Send Message"
        busyLabel="Sending..."
        className="mt-6 min-w-40 bg-brand-700 px-6 py-3 text-white hover:bg-brand-900 focus-visible:outline-brand-500"
        spinnerClassName="border-white/40 border-t-white"
      />
    </form>
  );
}
