import type { SiteSettings } from "../../shared/content/settings";
import { CONTACT_TYPE_LABEL, type Contact, type ContactType } from "../../shared/schemas/enquiry-values";

/**
 * The e-mails an enquiry sends: the staff notification and the customer's acknowledgement, each as plain
 * text and simple HTML. Everything the visitor typed is escaped in the HTML; header values (subject,
 * Reply-To name) are made single-line here, and nodemailer encodes them.
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

function formatIndiaTime(iso: string): string {
  return `${new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(new Date(iso))} (India time)`;
}

function enquiryRows(contact: Contact, origin: string): { rows: Row[]; products: Row[]; sizing: Row[] } {
  const rows: Row[] = [
    ["Reference", contact.reference],
    ["Received", formatIndiaTime(contact.date)],
    ["Name", contact.name],
    ["Email", contact.email, `mailto:${contact.email}`],
  ];
  if (contact.phone) rows.push(["Phone", contact.phone, `tel:${contact.phone.replace(/[^\d+]/g, "")}`]);
  if (contact.company) rows.push(["Company", contact.company]);
  if (contact.service) rows.push(["Service", contact.service.title, `${origin}/services/${contact.service.slug}`]);
  if (contact.type !== "quote" || contact.subject) rows.push(["Subject", contact.subject]);
  const products: Row[] = contact.items.map((item) => [
    `${item.quantity} ×`,
    item.product.name,
    item.product.url ? `${origin}${item.product.url}` : undefined,
  ]);
  const d = contact.details;
  const sizing: Row[] = [];
  if (d.flow) sizing.push(["Required air flow", d.flow]);
  if (d.pressure) sizing.push(["Working pressure", d.pressure]);
  if (d.hoursPerDay !== null) sizing.push(["Running hours per day", String(d.hoursPerDay)]);
  if (d.application) sizing.push(["Application", d.application]);
  return { rows, products, sizing };
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
export function staffNotification(contact: Contact, settings: SiteSettings, origin: string): RenderedEmail {
  const kind = CONTACT_TYPE_LABEL[contact.type];
  const { rows, products, sizing } = enquiryRows(contact, origin);
  const adminUrl = `${origin}/admin/contacts/${contact._id}`;
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

/** The customer's acknowledgement: the reference, what they sent, and how to reach the company. */
export function customerAcknowledgement(contact: Contact, settings: SiteSettings, origin: string): RenderedEmail {
  const company = settings.companyName;
  const noun = KIND_NOUN[contact.type];
  const { rows, products, sizing } = enquiryRows(contact, origin);
  const sent = rows.filter(([label]) => label !== "Received");
  const reach: Row[] = [
    ...settings.phones.map((p): Row => [p.label || "Phone", p.value, `tel:${p.value.replace(/[^\d+]/g, "")}`]),
    ...settings.emails.map((e): Row => [e.label || "Email", e.value, `mailto:${e.value}`]),
    ...(settings.address ? [["Address", settings.address] as Row] : []),
    ["Website", origin, origin],
  ];
  const subject = headerText(`We have received your ${noun} ${contact.reference} – ${company}`, 150);
  const intro = `Thank you for your ${noun}. Your reference is ${contact.reference}; please mention it when you contact us. We reply within one working day.`;
  const text = [
    `Dear ${headerText(contact.name, 200)},`,
    "",
    intro,
    "",
    "What you sent us:",
    textTable(sent, "  "),
    products.length ? `\n  Products:\n${textTable(products, "    ")}` : "",
    sizing.length ? `\n  Sizing details:\n${textTable(sizing, "    ")}` : "",
    contact.message ? `\n  Message:\n${contact.message.replace(/^/gm, "  ")}` : "",
    "",
    "If you need us sooner:",
    textTable(reach, "  "),
    "",
    company,
  ]
    .filter((part) => part !== "")
    .join("\n");
  const html = htmlPage(
    subject,
    [
      `<p>Dear ${escapeHtml(headerText(contact.name, 200))},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<h2 style="font-size:16px;margin:16px 0 4px;">What you sent us</h2>${htmlTable(sent)}`,
      products.length ? `<h3 style="font-size:15px;margin:12px 0 4px;">Products</h3>${htmlTable(products)}` : "",
      sizing.length ? `<h3 style="font-size:15px;margin:12px 0 4px;">Sizing details</h3>${htmlTable(sizing)}` : "",
      contact.message
        ? `<h3 style="font-size:15px;margin:12px 0 4px;">Message</h3><p style="margin:0;">${htmlParagraphs(contact.message)}</p>`
        : "",
      `<h2 style="font-size:16px;margin:16px 0 4px;">If you need us sooner</h2>${htmlTable(reach)}`,
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

/** To the staff, at most once an hour, when the site-wide cap on anonymous enquiries turns visitors away. */
export function enquiryCapAlert(settings: SiteSettings, cap: number, origin: string, to: string[]): RenderedEmail {
  const subject = `Website enquiries paused: more than ${cap} in the last hour`;
  const text = [
    `The website has received more than ${cap} enquiries in the last hour (ENQUIRY_HOURLY_CAP).`,
    'Until the count falls below the cap, new enquiries are refused with "try again later".',
    "This often means a bot is filling in the forms. Check the inbox for a pattern:",
    `${origin}/admin/contacts`,
    "",
    "You will get at most one such alert an hour.",
  ].join("\n");
  return {
    to,
    replyTo: null,
    subject: `${subject} – ${headerText(settings.companyName)}`,
    text,
    html: htmlPage(subject, `<p>${htmlParagraphs(text)}</p>`),
  };
}
