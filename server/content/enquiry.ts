import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { isId, newId } from "../../shared/lib/ids";
import { productPath } from "../../shared/lib/product-paths";
import { type Consents, consentsOf, NO_CONSENTS, NOTICE_VERSION_FIELD } from "../../shared/privacy/consent";
import { type Address, emailKey } from "../../shared/sales/customer";
import {
  type ContactInput,
  contactInput,
  LEAD_CHANNELS,
  type ManualLeadInput,
  type QuoteInput,
  quoteInput,
} from "../../shared/schemas/contact";
import {
  type ContactType,
  type EnquiryReceipt,
  type EnquiryService,
  HONEYPOT_FIELD,
  type LeadSource,
  type PhoneCall,
  type QuoteItem,
  REFERENCE_LETTER,
  type StoredDetails,
} from "../../shared/schemas/enquiry-values";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { categories, products, services } from "../db/content-tables";
import { contacts, enquiryCounters } from "../db/schema";
import { badRequest, HttpError, parseInput } from "../http/errors";
import { clientKey, type Limit, networkKey, takeLimits } from "../http/throttle";
import { customerAcknowledgement, staffNotification } from "../mail/enquiry-emails";
import { queueHeldDigest } from "../mail/held-digest";
import { emailSiteUrl, queueEmail } from "../mail/outbox";
import { assignNewLead } from "../sales/assignment";
import { customerForEnquiry } from "../sales/customers";
import { getContact, toApi } from "./contact";
import { readSettings } from "./public-reads";
import { containsPattern, normalizeQuery, searchTerms } from "./search";
import { idOrSlugMatch, slugOf } from "./slugs";

/**
 * Enquiries from the public site: contact messages, service requests (a message naming a service) and
 * quote requests, through the API and the pages' form actions alike. One transaction stores the enquiry,
 * its reference number, the rate-limit events and its e-mails, so either all of it happens or none.
 */

/** Enquiries one client (IPv4 address or IPv6 /64) may send in the window. */
const CONTACT_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };
const CONTACT_RATE_LIMITED = "You have sent several messages in a short time. Please try again later.";
/** Enquiries one network (IPv4 /24, IPv6 /48) may send in the window: one sender cannot get round the client limit. */
const NETWORK_LIMIT = { max: 60, windowMs: 10 * 60 * 1000 };
const NETWORK_RATE_LIMITED =
  "We have received many messages from your network in a short time. Please try again later, or call us.";
const HOUR_MS = 60 * 60 * 1000;
/** Acknowledgements one address gets in a day, whoever typed it in: the rest of its enquiries are stored silently. */
const ACKNOWLEDGEMENT_LIMIT = { max: 3, windowMs: 24 * HOUR_MS };

export interface Submission {
  /** The client's address (after TRUST_PROXY). */
  clientIp: string;
}

/** The year of a reference: the calendar year in India, where the company is. */
export function referenceYear(date = new Date()): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", year: "numeric" }).format(date));
}

export function formatReference(type: ContactType, year: number, n: number): string {
  return `${REFERENCE_LETTER[type]}-${year}-${String(n).padStart(5, "0")}`;
}

/** The next number of the kind's yearly sequence: the counter row stays locked until the transaction ends. */
async function nextReference(tx: Database, type: ContactType, now: Date): Promise<string> {
  const year = referenceYear(now);
  const [row] = await tx
    .insert(enquiryCounters)
    .values({ kind: REFERENCE_LETTER[type], year, last: 1 })
    .onConflictDoUpdate({
      target: [enquiryCounters.kind, enquiryCounters.year],
      set: { last: sql`${enquiryCounters.last} + 1` },
    })
    .returning({ last: enquiryCounters.last });
  return formatReference(type, year, row!.last);
}

/** The reference the next enquiry of the kind would get, without taking it. */
async function peekReference(tx: Database, type: ContactType, now: Date): Promise<string> {
  const year = referenceYear(now);
  const [row] = await tx
    .select({ last: enquiryCounters.last })
    .from(enquiryCounters)
    .where(and(eq(enquiryCounters.kind, REFERENCE_LETTER[type]), eq(enquiryCounters.year, year)));
  return formatReference(type, year, (row?.last ?? 0) + 1);
}

/**
 * The limits that refuse with 429: per client and per network. A bot's posts (the honeypot) count only
 * against bots of its address, so they use up nothing a real buyer depends on.
 */
function limitsFor(ctx: AppContext, clientIp: string, bot: boolean): Limit[] {
  if (!ctx.config.rateLimits) return [];
  if (bot) return [{ key: `contact-bot:${clientKey(clientIp)}`, ...CONTACT_LIMIT }];
  return [
    { key: `contact-ip:${clientKey(clientIp)}`, ...CONTACT_LIMIT },
    { key: `contact-net:${networkKey(clientIp)}`, ...NETWORK_LIMIT },
  ];
}

/**
 * The site-wide hourly cap, which refuses nothing: an enquiry past it is stored as held (no acknowledgement,
 * no e-mail of its own; the staff get the hourly digest). Held ones are not counted, so up to the cap of
 * ordinary enquiries go through in any hour, however many are held.
 */
function siteCap(ctx: AppContext): Limit | null {
  return ctx.config.rateLimits ? { key: "enquiry-site", max: ctx.config.enquiryHourlyCap, windowMs: HOUR_MS } : null;
}

interface NewEnquiry {
  type: ContactType;
  name: string;
  email: string;
  phone: string;
  company: string;
  subject: string;
  message: string;
  items: QuoteItem[];
  service: EnquiryService | null;
  details: StoredDetails | null;
  /** The privacy notice's version the form showed, and the optional purposes agreed to (null: not from a form). */
  noticeVersion: number | null;
  consents: Consents;
}

/**
 * The notice version the form showed and the boxes ticked. Versions only grow, so a posted one up to the current
 * is one we showed; none (an API client) or another is taken as the current one.
 */
async function privacyOf(
  ctx: AppContext,
  fields: Record<string, unknown>,
): Promise<Pick<NewEnquiry, "noticeVersion" | "consents">> {
  const current = (await readSettings(ctx)).privacyNoticeVersion ?? 1;
  const posted = Number(fields[NOTICE_VERSION_FIELD]);
  const noticeVersion = Number.isInteger(posted) && posted >= 1 && posted <= current ? posted : current;
  return { noticeVersion, consents: consentsOf(fields) };
}

function searchTextOf(e: NewEnquiry, reference: string): string {
  return [e.name, e.email, e.company, e.subject, reference, ...e.items.map((i) => i.product.name), e.service?.title ?? ""]
    .join(" ")
    .toLowerCase();
}

/** Numbers an enquiry and stores it, linked to its customer (found, or made unless it is held). */
async function insertEnquiry(
  db: Database,
  enquiry: NewEnquiry,
  now: Date,
  o: { held: boolean; source: LeadSource; externalId?: string; buyer?: { address: Address | null } },
) {
  const reference = await nextReference(db, enquiry.type, now);
  // A held enquiry (past the cap: maybe a flood) is linked to a known customer but makes no new one.
  const customerId = await customerForEnquiry(db, enquiry, { create: !o.held, buyer: o.buyer });
  const [row] = await db
    .insert(contacts)
    .values({
      ...enquiry,
      id: newId(),
      reference,
      held: o.held,
      source: o.source,
      externalId: o.externalId ?? null,
      customerId,
      searchText: searchTextOf(enquiry, reference),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await assignNewLead(db, row!);
  return row!;
}

/**
 * Stores an enquiry with its reference and e-mails, after the rate limits let it in (the check and the
 * count are one step); past the site-wide cap it is stored as held. The honeypot (`bot`) stores nothing.
 */
async function store(
  ctx: AppContext,
  submission: Submission,
  enquiry: NewEnquiry | { bot: ContactType },
  productUrls: Map<string, string> = new Map(),
): Promise<EnquiryReceipt> {
  const settings = await readSettings(ctx);
  const limits = limitsFor(ctx, submission.clientIp, "bot" in enquiry);
  const cap = siteCap(ctx);
  let refused: Awaited<ReturnType<typeof takeLimits>> = null;
  let held = false;
  const receipt = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (limits.length) refused = await takeLimits(db, limits);
    if (refused) return null;
    const now = new Date();
    // A bot gets an answer like a person's (the next number of its kind, not taken), so it cannot tell.
    if ("bot" in enquiry) return { _id: newId(), reference: await peekReference(db, enquiry.bot, now) };
    held = cap !== null && (await takeLimits(db, [cap])) !== null;
    const row = await insertEnquiry(db, enquiry, now, { held, source: "website" });
    const reference = row.reference;
    if (ctx.mail.enabled && !held) {
      const contact = toApi(row);
      contact.items = contact.items.map((i) => ({
        ...i,
        product: { ...i.product, url: productUrls.get(i.product._id) ?? null },
      }));
      const siteUrl = emailSiteUrl(ctx.config);
      const base = { contactId: row.id, origin: siteUrl };
      await queueEmail(db, { ...staffNotification(contact, settings, siteUrl), purpose: "staff", ...base });
      if (await acknowledgementAllowed(db, contact.email)) {
        await queueEmail(db, { ...customerAcknowledgement(contact, settings, siteUrl), purpose: "customer", ...base });
      }
    }
    return { _id: row.id, reference };
  });
  if (refused !== null) {
    const { limit, retryAfter } = refused as { limit: Limit; retryAfter: number };
    const message = limit.key.startsWith("contact-net:") ? NETWORK_RATE_LIMITED : CONTACT_RATE_LIMITED;
    throw new HttpError(429, message, undefined, { "Retry-After": String(retryAfter) });
  }
  if (held) await queueHeldDigest(ctx);
  else if (ctx.mail.enabled) ctx.mail.kick();
  return receipt!;
}

/**
 * Whether the customer's acknowledgement may go, counting it against its address (case-insensitive) inside
 * the enquiry's transaction. It applies whatever RATE_LIMITS says: the address is whatever a visitor typed.
 */
async function acknowledgementAllowed(tx: Database, email: string): Promise<boolean> {
  const key = `acknowledgement-to:${emailKey(email)}`;
  return (await takeLimits(tx, [{ key, ...ACKNOWLEDGEMENT_LIMIT }])) === null;
}

function isBot(fields: Record<string, unknown>): boolean {
  const honeypot = fields[HONEYPOT_FIELD];
  return typeof honeypot === "string" && honeypot.trim() !== "";
}

async function findService(db: Database, idOrSlug: string): Promise<EnquiryService | null> {
  const match = idOrSlugMatch(services, idOrSlug);
  if (!match) return null;
  const [row] = await db
    .select({ _id: services.id, title: services.title, slug: services.slug })
    .from(services)
    .where(match.where)
    .orderBy(match.order)
    .limit(1);
  return row ?? null;
}

/**
 * A message from the contact form (POST /api/contacts and the contact page's action); with `serviceId`,
 * a service request. Throws HttpError (429, 400 with issues).
 */
export async function submitContact(
  ctx: AppContext,
  fields: Record<string, unknown>,
  submission: Submission,
): Promise<EnquiryReceipt> {
  if (isBot(fields)) return store(ctx, submission, { bot: fields.serviceId ? "service" : "message" });
  const input: ContactInput = parseInput(contactInput, fields);
  let service: EnquiryService | null = null;
  if (input.serviceId) {
    service = await findService(ctx.db, input.serviceId);
    if (!service) {
      throw badRequest("The service you asked about no longer exists. Please choose another or send a message.", [
        { path: "serviceId", message: "Unknown service." },
      ]);
    }
  }
  return store(ctx, submission, {
    type: service ? "service" : "message",
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: "",
    subject: input.subject,
    message: input.message,
    items: [],
    service,
    details: null,
    ...(await privacyOf(ctx, fields)),
  });
}

/**
 * A lead staff typed in (a call, a visit, a fair, a reference): numbered and linked to its customer like any
 * enquiry, with source "manual", and no e-mails (nobody wrote in to be acknowledged; the staff member knows).
 */
export async function addManualLead(ctx: AppContext, input: ManualLeadInput): Promise<EnquiryReceipt> {
  const enquiry: NewEnquiry = {
    type: "message",
    name: input.name,
    email: input.email,
    phone: input.phone,
    company: input.company,
    subject: input.subject || LEAD_CHANNELS[input.channel],
    message: input.message,
    items: [],
    service: null,
    details: null,
    noticeVersion: null,
    consents: NO_CONSENTS,
  };
  return ctx.db.transaction(async (tx) => {
    const row = await insertEnquiry(tx as unknown as Database, enquiry, new Date(), { held: false, source: "manual" });
    return { _id: row.id, reference: row.reference };
  });
}

/** A lead pulled from IndiaMART Lead Manager (server/sales/indiamart.ts), as an enquiry. */
export interface PulledLead {
  /** IndiaMART's UNIQUE_QUERY_ID. */
  externalId: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  subject: string;
  message: string;
  /** The catalogue's product its product name matched, if any. */
  product: { _id: string; name: string; slug: string } | null;
  /** Asks about something we make (a product, or a category its name came close to): a quote request. */
  quote: boolean;
  /** A phone call (QUERY_TYPE "P"); null for any other lead. */
  call: PhoneCall | null;
  /** The buyer's address as IndiaMART gave it, for their customer; null when it gave none. */
  address: Address | null;
  receivedAt: Date;
}

/**
 * Stores a lead pulled from IndiaMART once (by its UNIQUE_QUERY_ID, under a lock on it, so overlapping pulls
 * from several servers cannot store it twice), numbered and linked to its customer like any enquiry (which gets the
 * buyer's address if it has none); a quote request when it asks about something we make. No e-mails: IndiaMART has told the seller and the buyer already.
 * Returns false when it was stored before.
 */
export function addIndiamartLead(db: Database, lead: PulledLead): Promise<boolean> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`indiamart:${lead.externalId}`}))`);
    const [known] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.source, "indiamart"), eq(contacts.externalId, lead.externalId)));
    if (known) return false;
    const enquiry: NewEnquiry = {
      type: lead.product || lead.quote ? "quote" : "message",
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      subject: lead.subject,
      message: lead.message,
      items: lead.product ? [{ product: lead.product, quantity: 1 }] : [],
      service: null,
      details: lead.call ? { call: lead.call } : null,
      noticeVersion: null,
      consents: NO_CONSENTS,
    };
    await insertEnquiry(tx, enquiry, lead.receivedAt, {
      held: false,
      source: "indiamart",
      externalId: lead.externalId,
      buyer: { address: lead.address },
    });
    return true;
  });
}

export interface QuotableProduct {
  _id: string;
  name: string;
  slug: string;
  mainImage: string;
  url: string;
}

/** Products with their category's slug, for quoting: one select for both lookups below. */
function selectQuotable(db: Database) {
  return db
    .select({
      _id: products.id,
      name: products.name,
      slug: products.slug,
      mainImage: products.mainImage,
      categorySlug: categories.slug,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId));
}

function toQuotable(r: { _id: string; name: string; slug: string; mainImage: string; categorySlug: string }): QuotableProduct {
  return { _id: r._id, name: r.name, slug: r.slug, mainImage: r.mainImage, url: productPath(r.categorySlug, r.slug) };
}

/** Products by id or slug, with their page; unknown ones are left out. */
export async function findQuotableProducts(db: Database, idsOrSlugs: string[]): Promise<QuotableProduct[]> {
  const ids = idsOrSlugs.filter(isId);
  const slugs = idsOrSlugs.flatMap((v) => (isId(v) ? [] : (slugOf(v) ?? [])));
  if (ids.length === 0 && slugs.length === 0) return [];
  const rows = await selectQuotable(db).where(
    or(ids.length ? inArray(products.id, ids) : undefined, slugs.length ? inArray(products.slug, slugs) : undefined),
  );
  return rows.map(toQuotable);
}

/**
 * Products for the quote page's "Add a model": those whose name or slug contains every word of `text`,
 * an exact name first, then in the staff order; with no words, the first `limit` in the staff order.
 * Only names are searched (an ILIKE per word), so it stays quick with a large catalogue.
 */
export async function suggestQuotableProducts(db: Database, text: string, limit = 20): Promise<QuotableProduct[]> {
  const terms = searchTerms(text);
  const exact = normalizeQuery(text).toLowerCase();
  const rows = await selectQuotable(db)
    .where(
      terms.length
        ? and(...terms.map((t) => or(ilike(products.name, containsPattern(t)), ilike(products.slug, containsPattern(t)))))
        : undefined,
    )
    .orderBy(
      desc(sql`case when lower(${products.name}) = ${exact} then 1 else 0 end`),
      asc(products.position),
      desc(products.createdAt),
      asc(products.id),
    )
    .limit(Math.max(1, Math.min(limit, 50)));
  return rows.map(toQuotable);
}

/**
 * The items of a form-encoded quote: `items` as JSON text, or repeated `productId`/`quantity` fields
 * (an HTML form), made into the `items` list the schema checks.
 */
export function quoteFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out = { ...fields };
  if (typeof out.items === "string") {
    const text = out.items.trim();
    try {
      out.items = text === "" ? [] : JSON.parse(text);
    } catch {
      throw badRequest('The field "items" must be JSON text (a list of products), but it could not be read.', [
        { path: "items", message: '"items" is not valid JSON.' },
      ]);
    }
  } else if (out.items === undefined && out.productId !== undefined) {
    const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
    const ids = list(out.productId);
    const quantities = list(out.quantity);
    out.items = ids.map((productId, i) => ({ productId, quantity: quantities[i] ?? "1" })).filter((i) => i.productId !== "");
  }
  delete out.productId;
  delete out.quantity;
  return out;
}

/** A quote request (POST /api/quotes and the /quote page's action). Throws HttpError (429, 400 with issues). */
export async function submitQuote(
  ctx: AppContext,
  fields: Record<string, unknown>,
  submission: Submission,
): Promise<EnquiryReceipt> {
  if (isBot(fields)) return store(ctx, submission, { bot: "quote" });
  const input: QuoteInput = parseInput(quoteInput, quoteFields(fields));
  const found = await findQuotableProducts(
    ctx.db,
    input.items.map((i) => i.productId),
  );
  const issues = input.items.flatMap((item, i) =>
    found.some((p) => p._id === item.productId || p.slug === item.productId.toLowerCase())
      ? []
      : [{ path: `items.${i}.productId`, message: `Item ${i + 1}: there is no product "${item.productId.slice(0, 100)}".` }],
  );
  if (issues.length) throw badRequest(issues.map((i) => i.message).join(" "), issues);
  // The same product twice is one line with the quantities added up.
  const items: QuoteItem[] = [];
  for (const item of input.items) {
    const product = found.find((p) => p._id === item.productId || p.slug === item.productId.toLowerCase())!;
    const existing = items.find((i) => i.product._id === product._id);
    if (existing) existing.quantity = Math.min(9999, existing.quantity + item.quantity);
    else items.push({ product: { _id: product._id, name: product.name, slug: product.slug }, quantity: item.quantity });
  }
  const names = items.map((i) => i.product.name);
  const subject =
    names.length === 0
      ? "Quote request"
      : `Quote request: ${names.slice(0, 3).join(", ")}${names.length > 3 ? ` and ${names.length - 3} more` : ""}`;
  return store(
    ctx,
    submission,
    {
      type: "quote",
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      subject: subject.slice(0, 200),
      message: input.message,
      items,
      service: null,
      details: { flow: input.flow, pressure: input.pressure, hoursPerDay: input.hoursPerDay, application: input.application },
      ...(await privacyOf(ctx, fields)),
    },
    new Map(found.map((p) => [p._id, p.url])),
  );
}

/**
 * Queues the staff notification of an enquiry again (POST /api/contacts/{id}/resend). The caller kicks the
 * sender once it has read the enquiry back, so its answer shows the e-mail queued.
 */
export async function resendNotification(ctx: AppContext, id: string): Promise<boolean> {
  if (!ctx.mail.enabled) {
    throw new HttpError(
      409,
      "E-mail notifications are off: set SMTP_URL and MAIL_FROM on the server (see README, Configuration) to send them.",
    );
  }
  const site = emailSiteUrl(ctx.config);
  const contact = await getContact(ctx.db, id);
  if (!contact) return false;
  const settings = await readSettings(ctx);
  const email = staffNotification(contact, settings, site);
  if (email.to.length === 0) {
    throw new HttpError(409, "There is no address to notify: add an e-mail address in Site Settings.");
  }
  await queueEmail(ctx.db, { ...email, purpose: "staff", contactId: contact._id, origin: site });
  return true;
}
