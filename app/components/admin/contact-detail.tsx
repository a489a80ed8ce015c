import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { Product } from "../../../shared/content/product";
import { whatsappNumberOf } from "../../../shared/privacy/whatsapp";
import {
  CONTACT_TYPE_LABEL,
  type Contact,
  type EmailState,
  LEAD_SOURCE_LABEL,
  type LeadSource,
  phoneCallText,
} from "../../../shared/schemas/enquiry-values";
import { api, errorMessage } from "../../lib/api-client";
import { telHref, whatsappHref } from "../../lib/format";
import { ContactPrivacy } from "./contact-privacy";
import { KindBadge, SourceBadge, StatusSelect } from "./contact-status";
import { LeadSales } from "./lead-sales";
import { buttonClass, formatDate } from "./screen-parts";
import { useToast } from "./toast";

/**
 * Everything about one enquiry, for the inbox's detail dialog: its fields and source, the products asked about
 * (with their public pages and their place in the admin panel), the sizing details, the staff notes, the e-mail
 * state with Resend, and ways to answer (e-mail, call, and WhatsApp where the person agreed to it; a phone-call
 * lead's Call first).
 */

const CONTACT_DETAIL_TEXTS = {
  noteAdded: "Note added.",
  noteFailed: "Failed to add the note",
  resendFailed: "Failed to resend the notification",
};

/** "Re: Q-2026-00007" as the subject of a reply. */
export function replyHref(contact: Pick<Contact, "email" | "reference" | "subject">): string {
  const subject = `Re: ${contact.reference || contact.subject}`;
  return `mailto:${contact.email}?subject=${encodeURIComponent(subject)}`;
}

type EmailPurpose = "staff" | "customer";

/** Why no e-mail was queued ("off"), by where the lead came from. */
function notSentText(source: LeadSource, purpose: EmailPurpose): string {
  switch (source) {
    case "indiamart":
      // IndiaMART has told both sides (server/content/enquiry.ts, addIndiamartLead).
      return `Not sent: this site sends no e-mails for leads from IndiaMART, which tells the ${purpose === "staff" ? "sales team" : "buyer"} itself.`;
    case "manual":
      return "Not sent: a lead typed in by staff gets no e-mails.";
    default:
      // E-mail is off, the enquiry came in past the hourly cap (held), or the address already had its
      // acknowledgements for the day (issue 29).
      return "Not sent: e-mail is not set up on the server, the enquiry was held, or this address had 3 acknowledgements in the last 24 hours.";
  }
}

/** What happened to one e-mail of an enquiry from `source`, in words. */
export function emailStateText(state: EmailState, source: LeadSource = "website", purpose: EmailPurpose = "staff"): string {
  const tries = state.attempts === 1 ? "1 try" : `${state.attempts} tries`;
  switch (state.status) {
    case "off":
      return notSentText(source, purpose);
    case "queued":
      return state.nextAttemptAt
        ? `Queued${state.attempts > 0 ? ` (${tries} so far)` : ""}; next try ${formatDate(state.nextAttemptAt, true)}.`
        : "Queued.";
    case "sent":
      return `Sent ${formatDate(state.sentAt, true)}.`;
    case "failed":
      return `Failed after ${tries}.`;
    case "cancelled":
      return "Not sent: the person's data was erased before it went.";
    default:
      return String(state.status);
  }
}

const STATE_STYLE: Record<string, string> = {
  off: "bg-slate-100 text-slate-800",
  queued: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-slate-100 text-slate-800",
};

const STATE_LABEL: Record<string, string> = {
  off: "Off",
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  cancelled: "Cancelled",
};

function EmailStateView({
  title,
  state,
  source,
  purpose,
  testId,
}: {
  title: string;
  state: EmailState;
  source: LeadSource;
  purpose: EmailPurpose;
  testId: string;
}) {
  // "Off" says e-mail is switched off: true of the site's own enquiries only.
  const label = state.status === "off" && source !== "website" ? "Not sent" : (STATE_LABEL[state.status] ?? state.status);
  return (
    <div data-testid={testId} data-email-status={state.status} className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[state.status] ?? STATE_STYLE.off}`}>
          {label}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">{emailStateText(state, source, purpose)}</p>
      {state.to.length > 0 && <p className="mt-1 text-sm break-all text-slate-600">To: {state.to.join(", ")}</p>}
      {state.error && (
        <p className="mt-1 text-sm break-words text-red-800">
          <span className="font-semibold">The mail server answered:</span> {state.error}
        </p>
      )}
    </div>
  );
}

function Field({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : ""}>
      <dt className="text-xs font-semibold text-slate-600 uppercase">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The admin list of each product's category (the products screen filters by category), found once. */
function useProductCategories(contact: Contact): Record<string, string> {
  const [categories, setCategories] = useState<Record<string, string>>({});
  const ids = contact.items.filter((i) => i.product.url).map((i) => i.product._id);
  const key = [...new Set(ids)].join(",");
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    void Promise.allSettled(key.split(",").map((id) => api<Product>(`/api/product/${encodeURIComponent(id)}`))).then(
      (answers) => {
        if (cancelled) return;
        const found: Record<string, string> = {};
        for (const a of answers) {
          if (a.status === "fulfilled" && a.value?._id && a.value.categoryId?._id) found[a.value._id] = a.value.categoryId._id;
        }
        setCategories(found);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key]);
  return categories;
}

const linkClass = "text-brand-700 underline hover:text-brand-900";

/** A held enquiry (past the hourly cap): what that meant, and the way to make it an ordinary one. */
function HeldNotice({ busy, onRelease }: { busy: boolean; onRelease: () => void }) {
  return (
    <div role="note" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p>
        <span className="font-semibold">Held:</span> it arrived past the hourly cap on enquiries, so the customer got no
        acknowledgement and the staff saw it only in the hourly digest. Release it if it is genuine, and answer the customer
        yourself.
      </p>
      <button type="button" className={`${buttonClass("secondary", "sm")} mt-2`} onClick={onRelease} disabled={busy}>
        Release<span className="sr-only"> this enquiry</span>
      </button>
    </div>
  );
}

export function ContactDetail({
  contact,
  busy,
  onStatus,
  onDelete,
  onRelease,
  onUpdated,
}: {
  contact: Contact;
  busy: boolean;
  onStatus: (status: string) => void;
  /** Left out for a role that may not delete enquiries (sales). */
  onDelete?: () => void;
  /** Releases a held enquiry (the list's own Release, which updates the list and this dialog alike). */
  onRelease: () => void;
  /** The server's answer after a note or a resend. */
  onUpdated: (contact: Contact) => void;
}) {
  // One id for the dialog: its sections' headings and the note's label are named after it.
  const baseId = useId();
  const d = contact.details;
  const hasDetails = d.flow !== "" || d.pressure !== "" || d.hoursPerDay !== null || d.application !== "";

  return (
    <div className="space-y-5">
      {contact.held && <HeldNotice busy={busy} onRelease={onRelease} />}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <StatusSelect value={contact.status} label="Status" visibleLabel disabled={busy} onChange={onStatus} />
        <p className="text-sm text-slate-600">
          <KindBadge type={contact.type} /> <SourceBadge source={contact.source} /> received {formatDate(contact.date, true)}
        </p>
      </div>
      {contact.call && (
        <p data-testid="phone-call" className="rounded-md bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-900">
          {phoneCallText(contact.call)}
        </p>
      )}

      <AnswerButtons contact={contact} />
      <LeadSales contact={contact} />

      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label="Name">{contact.name}</Field>
        <Field label="E-mail">
          {contact.email ? (
            <a href={`mailto:${contact.email}`} className={`break-all ${linkClass}`}>
              {contact.email}
            </a>
          ) : (
            "—"
          )}
        </Field>
        <Field label="Phone">{contact.phone || "—"}</Field>
        <Field label="Company">{contact.company || "—"}</Field>
        <Field label="Reference">
          <span className="font-mono">{contact.reference}</span>
        </Field>
        <Field label="Kind">{CONTACT_TYPE_LABEL[contact.type]}</Field>
        <Field label="Source">{LEAD_SOURCE_LABEL[contact.source] ?? contact.source}</Field>
        {contact.service && (
          <Field label="Service" wide>
            <a href={`/services/${contact.service.slug}`} className={linkClass}>
              {contact.service.title}
            </a>
          </Field>
        )}
        <Field label="Subject" wide>
          {contact.subject || "—"}
        </Field>
        <Field label="Message" wide>
          <span className="whitespace-pre-wrap">{contact.message || "—"}</span>
        </Field>
      </dl>

      {contact.items.length > 0 && <ContactProducts contact={contact} headingId={`${baseId}-products`} />}

      {(contact.type === "quote" || hasDetails) && (
        <DetailSection headingId={`${baseId}-sizing`} title="Sizing details">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Field label="Required air flow">{d.flow || "—"}</Field>
            <Field label="Working pressure">{d.pressure || "—"}</Field>
            <Field label="Running hours per day">{d.hoursPerDay ?? "—"}</Field>
            <Field label="Application">{d.application || "—"}</Field>
          </dl>
        </DetailSection>
      )}

      <DetailSection headingId={`${baseId}-privacy`} title="Privacy and consent">
        <ContactPrivacy contact={contact} />
      </DetailSection>

      <ContactEmails contact={contact} headingId={`${baseId}-mail`} onUpdated={onUpdated} />
      <ContactNotes contact={contact} baseId={baseId} onUpdated={onUpdated} />

      {onDelete && (
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <button type="button" className={buttonClass("danger-outline")} onClick={onDelete}>
            Delete<span className="sr-only"> this enquiry</span>
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Ways to answer: e-mail first, but a phone call (IndiaMART's PNS), or a lead with no address, is answered by
 * calling back, so Call is the main button then.
 */
function AnswerButtons({ contact }: { contact: Contact }) {
  const whatsapp = whatsappNumberOf(contact.phone, contact.privacy.consents);
  const callFirst = contact.phone !== "" && (contact.call !== null || contact.email === "");
  const reply = contact.email && (
    <a href={replyHref(contact)} className={buttonClass(callFirst ? "secondary" : "primary", "sm")}>
      Reply by e-mail
    </a>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {!callFirst && reply}
      {contact.phone && (
        <a href={telHref(contact.phone)} className={buttonClass(callFirst ? "primary" : "secondary", "sm")}>
          Call<span className="sr-only"> {contact.phone}</span>
        </a>
      )}
      {/* Only where the person agreed to WhatsApp, and at a mobile (a landline has no WhatsApp). */}
      {whatsapp && (
        <a href={whatsappHref(whatsapp)} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "sm")}>
          WhatsApp<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      {callFirst && reply}
    </div>
  );
}

/** A part of the dialog under its heading. */
function DetailSection({ headingId, title, children }: { headingId: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-base font-bold text-brand-700">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The products asked about, each with its public page and its place in the admin panel. */
function ContactProducts({ contact, headingId }: { contact: Contact; headingId: string }) {
  const categories = useProductCategories(contact);
  return (
    <DetailSection headingId={headingId} title="Products">
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {contact.items.map((item) => {
          const category = categories[item.product._id];
          return (
            <li key={item.product._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3" data-item>
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{item.product.name}</p>
                <p className="text-sm text-slate-700">Quantity: {item.quantity}</p>
              </div>
              {item.product.url ? (
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <a href={item.product.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    Product page<span className="sr-only"> of {item.product.name} (opens in a new tab)</span>
                  </a>
                  <Link
                    to={category ? `/admin/products?category=${encodeURIComponent(category)}` : "/admin/products"}
                    className={linkClass}
                  >
                    In the admin panel<span className="sr-only">: {item.product.name}</span>
                  </Link>
                </div>
              ) : (
                <p className="text-sm text-slate-600">No longer in the catalogue</p>
              )}
            </li>
          );
        })}
      </ul>
    </DetailSection>
  );
}

/** The two e-mails' states and Resend, whose answer shows beside the button too (toasts sit under the modal's backdrop). */
function ContactEmails({
  contact,
  headingId,
  onUpdated,
}: {
  contact: Contact;
  headingId: string;
  onUpdated: (contact: Contact) => void;
}) {
  const toast = useToast();
  const [resending, setResending] = useState(false);
  const [resendAnswer, setResendAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const resend = async () => {
    setResending(true);
    setResendAnswer(null);
    try {
      const answer = await api<{ message: string; data: Contact }>(`/api/contacts/${contact._id}/resend`, { method: "POST" });
      onUpdated(answer.data);
      toast.success(answer.message);
      setResendAnswer({ ok: true, text: answer.message });
    } catch (err) {
      console.error(CONTACT_DETAIL_TEXTS.resendFailed, err);
      const text = errorMessage(err, CONTACT_DETAIL_TEXTS.resendFailed);
      toast.error(text);
      setResendAnswer({ ok: false, text });
    } finally {
      setResending(false);
    }
  };

  return (
    <DetailSection headingId={headingId} title="E-mail">
      <div className="grid gap-3 sm:grid-cols-2">
        <EmailStateView
          title="Staff notification"
          state={contact.notification}
          source={contact.source}
          purpose="staff"
          testId="notification-state"
        />
        <EmailStateView
          title="Acknowledgement to the customer"
          state={contact.acknowledgement}
          source={contact.source}
          purpose="customer"
          testId="acknowledgement-state"
        />
      </div>
      <button type="button" className={`${buttonClass("secondary", "sm")} mt-3`} onClick={resend} disabled={resending}>
        {resending ? "Resending..." : "Resend notification"}
      </button>
      <p aria-live="polite" className={`mt-2 text-sm ${resendAnswer?.ok ? "text-green-800" : "text-red-800"}`}>
        {resendAnswer?.text}
      </p>
    </DetailSection>
  );
}

/** The staff notes, oldest first, and the form that adds one. */
function ContactNotes({
  contact,
  baseId,
  onUpdated,
}: {
  contact: Contact;
  /** The note's textarea takes this id, its heading `${baseId}-notes`. */
  baseId: string;
  onUpdated: (contact: Contact) => void;
}) {
  const toast = useToast();
  const [note, setNote] = useState("");
  const [saving, setSaving] = useState(false);

  const addNote = async (e: React.FormEvent) => {
    e.preventDefault();
    const text = note.trim();
    if (!text || saving) return;
    setSaving(true);
    try {
      const answer = await api<{ message: string; data: Contact }>(`/api/contacts/${contact._id}/notes`, {
        method: "POST",
        json: { text },
      });
      onUpdated(answer.data);
      setNote("");
      toast.success(answer.message || CONTACT_DETAIL_TEXTS.noteAdded);
    } catch (err) {
      console.error(CONTACT_DETAIL_TEXTS.noteFailed, err);
      toast.error(errorMessage(err, CONTACT_DETAIL_TEXTS.noteFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <DetailSection headingId={`${baseId}-notes`} title="Notes">
      {contact.notes.length === 0 ? (
        <p className="text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ul className="space-y-2">
          {contact.notes.map((n) => (
            <li key={n._id} className="rounded-md bg-slate-50 p-3" data-note>
              <p className="text-sm whitespace-pre-wrap text-slate-900">{n.text}</p>
              <p className="mt-1 text-xs text-slate-600">
                {n.author} · <time dateTime={n.date}>{formatDate(n.date, true)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={addNote} className="mt-3 space-y-2">
        <label htmlFor={baseId} className="block text-sm font-semibold text-slate-800">
          Add a note
        </label>
        <textarea
          id={baseId}
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900"
        />
        <button type="submit" className={buttonClass("secondary", "sm")} disabled={saving || note.trim() === ""}>
          {saving ? "Adding..." : "Add Note"}
        </button>
      </form>
    </DetailSection>
  );
}
