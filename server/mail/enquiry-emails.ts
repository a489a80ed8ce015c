import type { SiteSettings } from "../../shared/content/settings";
import { CONTACT_TYPE_LABEL, type Contact, type ContactType } from "../../shared/schemas/enquiry-values";

/**
 * The e-mails an enquiry sends: the staff notification and the customer's acknowledgement, each as plain
 * text and simple HTML. Every link is made from SITE_URL, never from the request (whose Host a client
 * chooses). Everything the visitor typed is escaped in the HTML; header values (subject, Reply-To name) are
 * made single-line here, and nodemailer encodes them.
 */

export interface RenderedEmail {
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

type Row = [label: string, value: string, href?: string];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line, no control characters (a name with a line break must not become a header of its own). */
export function headerText(text: string, max = 120): string {
  // Control characters (line breaks among them) and Unicode line separators become spaces.
  const line = [...text]
    .map((c) => {
      const code = c.charCodeAt(0);
      return code < 32 || code === 127 || code === 0x2028 || code === 0x2029 ? " " : c;
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "Ravi Kumar" <ravi@example.com> as one safe value: the name single-line and quoted. */
export function namedAddress(name: string, address: string): string {
  const clean = headerText(name, 80).replace(/["\\]/g, "");
  return clean ? `"${clean}" <${address}>` : address;
}

const KIND_NOUN: Record<ContactType, string> = { message: "message", quote: "quote request", service: "service request" };

/** Who the staff notification goes to: the kind's notification addresses, else the first site e-mail. */
export function staffRecipients(settings: SiteSettings, type: ContactType): string[] {
  const configured = settings.notifications?.[type === "quote" ? "quotes" : type === "service" ? "services" : "messages"] ?? [];
  if (configured.length > 0) return [...new Set(configured)];
  const first = settings.emails[0]?.value;
  return first ? [first] : [];
}

export function formatIndiaTime(iso: string): string {
  return `${new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    // Not hour12: false, which en-IN reads as hours 1–24 ("24:23" just after midnight).
    hourCycle: "h23",
  }).format(new Date(iso))} (India time)`;
}

function enquiryRows(contact: Contact, siteUrl: string): { rows: Row[]; products: Row[]; sizing: Row[] } {
  const rows: Row[] = [
    ["Reference", contact.reference],
    ["Received", formatIndiaTime(contact.date)],
    ["Name", contact.name],
    ["Email", contact.email, `mailto:${contact.email}`],
  ];
  if (contact.phone) rows.push(["Phone", contact.phone, `tel:${contact.phone.replace(/[^\d+]/g, "")}`]);
  if (contact.company) rows.push(["Company", contact.company]);
  if (contact.service) rows.push(serviceRow(contact.service, siteUrl));
  if (contact.type !== "quote" || contact.subject) rows.push(["Subject", contact.subject]);
  const d = contact.details;
  const sizing: Row[] = [];
  if (d.flow) sizing.push(["Required air flow", d.flow]);
  if (d.pressure) sizing.push(["Working pressure", d.pressure]);
  if (d.hoursPerDay !== null) sizing.push(["Running hours per day", String(d.hoursPerDay)]);
  if (d.application) sizing.push(["Application", d.application]);
  return { rows, products: productRows(contact, siteUrl), sizing };
}

function serviceRow(service: NonNullable<Contact["service"]>, siteUrl: string): Row {
  return ["Service", service.title, `${siteUrl}/services/${service.slug}`];
}

/** The quoted products: names and pages as our catalogue had them when the quote was stored. */
function productRows(contact: Contact, siteUrl: string): Row[] {
  return contact.items.map((item) => [
    `${item.quantity} ×`,
    item.product.name,
    item.product.url ? `${siteUrl}${item.product.url}` : undefined,
  ]);
}

function textTable(rows: Row[], indent = ""): string {
  return rows
    .map(
      ([label, value, href]) =>
        `${indent}${label}: ${value}${href && !href.startsWith("mailto:") && !href.startsWith("tel:") ? `\n${indent}  ${href}` : ""}`,
    )
    .join("\n");
}

function htmlTable(rows: Row[]): string {
  const cell = "padding:4px 12px 4px 0;vertical-align:top;";
  return `<table role="presentation" style="border-collapse:collapse;font-size:15px;">${rows
    .map(
      ([label, value, href]) =>
        `<tr><th align="left" style="${cell}color:#475569;font-weight:600;">${escapeHtml(label)}</th><td style="${cell}">${
          href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value)
        }</td></tr>`,
    )
    .join("")}</table>`;
}

export function htmlParagraphs(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => escapeHtml(line))
    .join("<br>");
}

export function htmlPage(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5;max-width:640px;">${body}</body></html>`;
}

/** The e-mail to the staff who answer this kind of enquiry. */
export function staffNotification(contact: Contact, settings: SiteSettings, siteUrl: string): RenderedEmail {
  const kind = CONTACT_TYPE_LABEL[contact.type];
  const { rows, products, sizing } = enquiryRows(contact, siteUrl);
  const adminUrl = `${siteUrl}/admin/contacts/${contact._id}`;
  const subject = headerText(`${kind} ${contact.reference} from ${contact.name}`, 150);
  const text = [
    `${kind} ${contact.reference}`,
    "",
    textTable(rows),
    products.length ? `\nProducts:\n${textTable(products, "  ")}` : "",
    sizing.length ? `\nSizing details:\n${textTable(sizing, "  ")}` : "",
    contact.message ? `\nMessage:\n${contact.message}` : "",
    "",
    `Open it in the admin panel: ${adminUrl}`,
    "Reply to this e-mail to answer the customer.",
  ]
    .filter((part) => part !== "")
    .join("\n");
  const html = htmlPage(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 12px;">${escapeHtml(kind)} ${escapeHtml(contact.reference)}</h1>`,
      htmlTable(rows),
      products.length ? `<h2 style="font-size:16px;margin:16px 0 4px;">Products</h2>${htmlTable(products)}` : "",
      sizing.length ? `<h2 style="font-size:16px;margin:16px 0 4px;">Sizing details</h2>${htmlTable(sizing)}` : "",
      contact.message
        ? `<h2 style="font-size:16px;margin:16px 0 4px;">Message</h2><p style="margin:0;">${htmlParagraphs(contact.message)}</p>`
        : "",
      `<p style="margin-top:20px;"><a href="${escapeHtml(adminUrl)}" style="background:#0b4f8a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;">Open in the admin panel</a></p>`,
      `<p style="color:#475569;font-size:13px;">Reply to this e-mail to answer the customer.</p>`,
    ].join(""),
  );
  return {
    to: staffRecipients(settings, contact.type),
    replyTo: namedAddress(contact.name, contact.email),
    subject,
    text,
    html,
  };
}

/** The longest name the acknowledgement greets by; a longer one is text a visitor wants delivered, not a name. */
const GREETING_NAME_MAX = 60;
/** A link or something a mail client makes into one: a scheme, "www.", an address, a domain or an IP address. */
const LINK_LIKE = /http|www\.|:\/\/|@|[.。．｡][\p{L}\p{N}-]{2,}|\d[.。．｡]\d/iu;

/**
 * The name to greet the customer by, or null when the name does not look like one (a link, or longer than
 * 60 characters): the acknowledgement goes to whatever address was typed in, so it carries none of the
 * visitor's text but a plain name.
 */
function greetingName(name: string): string | null {
  const line = headerText(name, 1_000);
  if (line === "" || [...line].length > GREETING_NAME_MAX || LINK_LIKE.test(line)) return null;
  return line;
}

const NEXT_STEP: Record<ContactType, string> = {
  quote: "Our sales team will look at your requirements and send you a quotation, usually within one working day.",
  service: "Our service team will contact you within one working day to arrange the service.",
  message: "We reply within one working day.",
};

/**
 * The customer's acknowledgement: the reference, the products or service (from our catalogue), what happens
 * next and how to reach the company. It goes to any address typed into a form, so it never quotes what the
 * visitor wrote (message, subject, company, …): nobody can send their own text from the company's sender.
 */
export function customerAcknowledgement(contact: Contact, settings: SiteSettings, siteUrl: string): RenderedEmail {
  const company = settings.companyName;
  const noun = KIND_NOUN[contact.type];
  const products = productRows(contact, siteUrl);
  const service = contact.service ? [serviceRow(contact.service, siteUrl)] : [];
  const reach: Row[] = [
    ...settings.phones.map((p): Row => [p.label || "Phone", p.value, `tel:${p.value.replace(/[^\d+]/g, "")}`]),
    ...settings.emails.map((e): Row => [e.label || "Email", e.value, `mailto:${e.value}`]),
    ...(settings.address ? [["Address", settings.address] as Row] : []),
    ["Website", siteUrl, siteUrl],
  ];
  const subject = headerText(`We have received your ${noun} ${contact.reference} – ${company}`, 150);
  const greeting = `Dear ${greetingName(contact.name) ?? "customer"},`;
  const intro = `Thank you for your ${noun}. Your reference is ${contact.reference}; please mention it when you contact us.`;
  const nextStep = NEXT_STEP[contact.type];
  const notYou = "If you did not send this, you can ignore this e-mail.";
  const text = [
    greeting,
    "",
    intro,
    nextStep,
    ...(service.length ? ["", textTable(service)] : []),
    ...(products.length ? ["", "Products:", textTable(products, "  ")] : []),
    "",
    "If you need us sooner:",
    textTable(reach, "  "),
    "",
    notYou,
    "",
    company,
  ].join("\n");
  const html = htmlPage(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)} ${escapeHtml(nextStep)}</p>`,
      service.length ? htmlTable(service) : "",
      products.length ? `<h2 style="font-size:16px;margin:16px 0 4px;">Products</h2>${htmlTable(products)}` : "",
      `<h2 style="font-size:16px;margin:16px 0 4px;">If you need us sooner</h2>${htmlTable(reach)}`,
      `<p style="color:#475569;font-size:13px;">${escapeHtml(notYou)}</p>`,
      `<p>${escapeHtml(company)}</p>`,
    ].join(""),
  );
  const companyEmail = settings.emails[0]?.value;
  return {
    to: [contact.email],
    replyTo: companyEmail ? namedAddress(company, companyEmail) : null,
    subject,
    text,
    html,
  };
}
