import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { type EnquiryService, serviceRequestSubject } from "../../../shared/schemas/enquiry-values";
import { Honeypot, TextField } from "../form-field";
import { CheckIcon } from "../icons";
import {
  CONTACT_FAILED,
  CONTACT_FIELDS,
  CONTACT_SUCCESS,
  type ContactField,
  type ContactResult,
  SUCCESS_VISIBLE_MS,
  yourReference,
} from "./texts";

/**
 * The public message form (SPEC §4): idle → sending (button disabled, "Sending...") → success (message for
 * 5 s, form cleared) or error (the server's message, or the fallback). It posts to the contact route's
 * action, so it also works without JavaScript. With a `service` (/contact?service={slug}) it is a service
 * request: the subject starts as "Service request: {title}" and the service's id is posted with it.
 */
export function ContactForm({
  actionData,
  service = null,
}: {
  actionData: ContactResult | undefined;
  service?: EnquiryService | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  // What is shown now: the last answer, until the next submission (or, for success, for 5 s).
  const [shown, setShown] = useState<ContactResult | undefined>(actionData);
  // Values to fill in again come only with a page rendered by the server (no JavaScript).
  const [initialValues] = useState(() => (actionData && !actionData.ok ? actionData.values : undefined));
  const startSubject = service ? serviceRequestSubject(service.title) : "";

  useEffect(() => {
    setShown(actionData);
    if (!actionData?.ok) return;
    const form = formRef.current;
    if (form) {
      form.reset();
      for (const name of CONTACT_FIELDS) {
        const el = form.elements.namedItem(name);
        // A service request's form starts again as it began: with the service's subject.
        if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)
          el.value = name === "subject" ? startSubject : "";
      }
    }
    const timer = window.setTimeout(() => setShown(undefined), SUCCESS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [actionData, startSubject]);

  useEffect(() => {
    if (sending) setShown(undefined);
  }, [sending]);

  const failure = shown && !shown.ok ? shown : undefined;
  const fieldError = (name: ContactField) => failure?.issues?.find((i) => i.path === name)?.message;

  return (
    <Form method="post" ref={formRef} preventScrollReset className="relative" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`} className="text-2xl font-bold text-brand-700">
        Send us a message
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required. We reply within one working day.
      </p>

      <div role="status" aria-live="polite">
        {shown?.ok && (
          <p className="mt-5 flex items-start gap-3 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">
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
      <div role="alert">
        {failure && (
          <p className="mt-5 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {failure.message || CONTACT_FAILED}
          </p>
        )}
      </div>

      {service && (
        <div
          className="mt-5 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-brand-900"
          data-testid="contact-service"
        >
          <p>
            Your request is about our service{" "}
            <Link to={`/services/${service.slug}`} className="font-semibold underline underline-offset-2">
              {service.title}
            </Link>
            .
          </p>
          <input type="hidden" name="serviceId" value={service._id} />
        </div>
      )}

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField
          name="name"
          label="Name"
          required
          autoComplete="name"
          idPrefix={idPrefix}
          error={fieldError("name")}
          defaultValue={initialValues?.name}
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          idPrefix={idPrefix}
          error={fieldError("email")}
          defaultValue={initialValues?.email}
        />
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          idPrefix={idPrefix}
          error={fieldError("phone")}
          defaultValue={initialValues?.phone}
        />
        <TextField
          name="subject"
          label="Subject"
          required
          autoComplete="off"
          idPrefix={idPrefix}
          error={fieldError("subject")}
          defaultValue={initialValues?.subject ?? (startSubject || undefined)}
          // A service's title makes the subject long: give it the whole row.
          className={service ? "sm:col-span-2" : ""}
        />
        <TextField
          name="message"
          label="Message"
          required
          multiline
          rows={6}
          autoComplete="off"
          idPrefix={idPrefix}
          error={fieldError("message")}
          defaultValue={initialValues?.message}
          className="sm:col-span-2"
        />
      </div>

      <Honeypot idPrefix={idPrefix} />

      <button
        type="submit"
        disabled={sending}
        className="mt-6 inline-flex min-w-40 items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-70"
      >
        {sending && (
          <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
        )}
        {sending ? "Sending..." : "Send Message"}
      </button>
    </Form>
  );
}
