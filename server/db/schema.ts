import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Role } from "../../shared/auth/roles";
import type { Consents } from "../../shared/privacy/consent";
import type { Address } from "../../shared/sales/customer";
import type { QuotationParticulars, QuotationParty, QuotationTerms, StoredQuotationLine } from "../../shared/sales/quotation";
import type { EnquiryService, QuoteItem, StoredDetails } from "../../shared/schemas/enquiry-values";
import type { OutboxAttachment } from "../mail/attachments";
import { createdAtColumn as createdAt, idColumn as id, updatedAtColumn as updatedAt } from "./columns";

/**
 * The tables that are not content: enquiries, their e-mails, staff accounts, sessions, limits. Content
 * tables are declared with their type in shared/content/ (drizzle.config.ts reads both).
 */

/**
 * Enquiries: contact messages, quote requests and service requests (the API calls them contacts, SPEC §7).
 * Products and services are copied in as they were, so a later rename or delete keeps the enquiry readable.
 */
export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    type: text("type").notNull().default("message"),
    /** M-2026-00042: kind letter, year (India time), number within the year (enquiry_counters). */
    reference: text("reference").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    company: text("company").notNull().default(""),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    items: jsonb("items").$type<QuoteItem[]>().notNull().default([]),
    service: jsonb("service").$type<EnquiryService | null>(),
    /** A quote's sizing details; for a phone-call lead, the call too (`call`). */
    details: jsonb("details").$type<StoredDetails | null>(),
    /** Lower-cased name, e-mail, company, subject, reference and product names: what the inbox search matches. */
    searchText: text("search_text").notNull().default(""),
    status: text("status").notNull().default("new"),
    /**
     * Arrived past the site-wide hourly cap (ENQUIRY_HOURLY_CAP): stored, but no acknowledgement and no staff
     * e-mail of its own; the hourly digest lists it, and staff release it (false) once they have looked.
     */
    held: boolean("held").notNull().default(false),
    /** When the hourly digest of held enquiries listed it (null: not yet). */
    digestedAt: timestamp("digested_at", { withTimezone: true }),
    /** Where the lead came from: website (the site's forms), manual (staff typed it in), indiamart. */
    source: text("source").notNull().default("website"),
    /** The lead's id at its source (IndiaMART's UNIQUE_QUERY_ID): the same lead is never stored twice. */
    externalId: text("external_id"),
    /** The customer it was linked to (by e-mail or phone) or created for; none when held or unlinked. */
    customerId: text("customer_id").references((): AnyPgColumn => customers.id, { onDelete: "set null" }),
    /** The privacy notice's version the form showed (privacy_notices); null when not from the site's forms. */
    noticeVersion: integer("notice_version"),
    /** The optional purposes the person agreed to (unticked boxes on the form); withdrawn at /privacy/request. */
    consents: jsonb("consents").$type<Consents>().notNull().default({ news: false, whatsapp: false }),
    /** When the consents last changed after the enquiry (withdrawn); the enquiry's own time before that. */
    consentsChangedAt: timestamp("consents_changed_at", { withTimezone: true }),
    /** When its retention period's warning e-mail went (server/privacy/retention.ts); cleared by "keep". */
    erasureWarnedAt: timestamp("erasure_warned_at", { withTimezone: true }),
    /** When the person's details were erased (on request or at the end of retention): what is left is anonymous. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contacts_customer_idx").on(t.customerId),
    // The inbox's order exactly (newest first, id breaks ties): a page, and the export's next batch after a
    // (created_at, id) key, are read from the index instead of scanning and sorting.
    index("contacts_order_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("contacts_status_order_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("contacts_type_order_idx").on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Held enquiries are few (only past the cap): the Held filter and the digest read this small index.
    index("contacts_held_order_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.held}`),
    index("contacts_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("contacts_reference_idx").on(t.reference),
    uniqueIndex("contacts_external_idx").on(t.source, t.externalId).where(sql`${t.externalId} IS NOT NULL`),
  ],
);

/** The last reference number given out per kind and year; incremented in the enquiry's own transaction. */
export const enquiryCounters = pgTable(
  "enquiry_counters",
  {
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/** The sales desk's customers (companies); shared/sales/customer.ts says what each field holds. */
export const customers = pgTable(
  "customers",
  {
    id: id(),
    name: text("name").notNull(),
    /** Upper case, checked; "" for none. */
    gstin: text("gstin").notNull().default(""),
    billingAddress: jsonb("billing_address").$type<Address>().notNull(),
    deliveryAddress: jsonb("delivery_address").$type<Address>().notNull(),
    /** Lower-cased name, GSTIN, city and the people's names, e-mails and phones: what the list's search matches. */
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("customers_name_idx").on(sql`lower(${t.name})`, t.id), index("customers_gstin_idx").on(t.gstin)],
);

/**
 * A customer's people, in the order staff gave them. `emailKey` and `phoneKey` are what an enquiry is matched
 * on (lower-cased address; the phone's last ten digits), indexed so a new enquiry finds its customer at once.
 */
export const customerPeople = pgTable(
  "customer_people",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(),
    phoneKey: text("phone_key").notNull(),
  },
  (t) => [
    index("customer_people_customer_idx").on(t.customerId, t.position),
    index("customer_people_email_idx").on(t.emailKey).where(sql`${t.emailKey} <> ''`),
    index("customer_people_phone_idx").on(t.phoneKey).where(sql`${t.phoneKey} <> ''`),
  ],
);

/**
 * GST rates by HSN or SAC code (or its first digits), each from a day on (India time): a change in the law is
 * a new row, so quotations made before keep the rate of their day. The migrations add the defaults (0031: every
 * code the catalogue and the usual free lines need).
 */
export const gstRates = pgTable(
  "gst_rates",
  {
    id: id(),
    hsn: text("hsn").notNull(),
    /** Hundredths of a percent: 1800 is 18%. */
    rateBasisPoints: integer("rate_basis_points").notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    /** What the code covers, in the staff's words ("Air dryers, filters and their parts"). */
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("gst_rates_hsn_day_idx").on(t.hsn, t.effectiveFrom)],
);

/**
 * Deals (shared/sales/deal.ts): a lead on its way to won or lost. Amounts are paise; `received_at` is when
 * the lead came in (its enquiry's time), `first_response_at` the first note, call, e-mail or meeting logged.
 */
export const deals = pgTable(
  "deals",
  {
    id: id(),
    title: text("title").notNull(),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "set null" }),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    ownerId: text("owner_id").references(() => admins.id, { onDelete: "set null" }),
    stage: text("stage").notNull().default("new"),
    lostReason: text("lost_reason").notNull().default(""),
    expectedValuePaise: bigint("expected_value_paise", { mode: "number" }),
    /** Set by staff: the value no longer follows the deal's quotations (server/sales/deals.ts followQuotations). */
    valueByHand: boolean("value_by_hand").notNull().default(false),
    /** Given to its owner in turn and not yet e-mailed to them (server/sales/lead-notices.ts). */
    ownerNoticeDue: boolean("owner_notice_due").notNull().default(false),
    expectedCloseDate: date("expected_close_date", { mode: "string" }),
    nextStepText: text("next_step_text").notNull().default(""),
    nextStepDue: date("next_step_due", { mode: "string" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Lower-cased title, customer's name and the lead's reference: what the list's search matches. */
    searchText: text("search_text").notNull().default(""),
    /** Retention (server/privacy/retention.ts): when the warning e-mail went, and when personal details were erased. */
    erasureWarnedAt: timestamp("erasure_warned_at", { withTimezone: true }),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's order exactly (ORDER BY … DESC puts nulls first): the index serves a page and each export batch.
    index("deals_order_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("deals_owner_stage_idx").on(t.ownerId, t.stage),
    index("deals_stage_idx").on(t.stage),
    index("deals_customer_idx").on(t.customerId),
    index("deals_next_step_idx").on(t.nextStepDue).where(sql`${t.nextStepDue} IS NOT NULL`),
    index("deals_owner_notice_idx").on(t.id).where(sql`${t.ownerNoticeDue}`),
  ],
);

/** What staff logged on a deal, oldest first. */
export const dealNotes = pgTable(
  "deal_notes",
  {
    id: id(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("note"),
    author: text("author").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("deal_notes_deal_idx").on(t.dealId, t.createdAt)],
);

/**
 * GST quotations (shared/sales/quotation.ts): one row per version; a number's versions share `number`. The
 * parties, lines and terms are copied in (jsonb) as they were when it was made; the totals are paise.
 */
export const quotations = pgTable(
  "quotations",
  {
    id: id(),
    number: text("number").notNull(),
    version: integer("version").notNull(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "restrict" }),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "set null" }),
    status: text("status").notNull().default("draft"),
    /** India's day it was made: its GST rates are that day's. */
    day: date("day", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    seller: jsonb("seller").$type<QuotationParty>().notNull(),
    buyer: jsonb("buyer").$type<QuotationParty>().notNull(),
    interState: boolean("inter_state").notNull(),
    lines: jsonb("lines").$type<StoredQuotationLine[]>().notNull(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull(),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull(),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull(),
    roundOffPaise: integer("round_off_paise").notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    terms: jsonb("terms").$type<QuotationTerms>().notNull(),
    /** Ship-to, "Your ref." and "Kind attn." as printed (issue 45); null on quotations made before them. */
    particulars: jsonb("particulars").$type<QuotationParticulars | null>(),
    preparedBy: text("prepared_by").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decision: jsonb("decision").$type<{ name: string; ip: string; reason?: string; recordedBy?: string; how?: string } | null>(),
    /** Retention (server/privacy/retention.ts): when the warning e-mail went, and when personal details were erased. */
    erasureWarnedAt: timestamp("erasure_warned_at", { withTimezone: true }),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("quotations_number_version_idx").on(t.number, t.version),
    index("quotations_deal_idx").on(t.dealId, t.createdAt),
    index("quotations_customer_idx").on(t.customerId),
  ],
);

/** The last quotation number given out per financial year ("2026-27"); taken in the quotation's transaction. */
export const quotationCounters = pgTable("quotation_counters", {
  year: text("year").primaryKey(),
  last: integer("last").notNull(),
});

/** Staff notes on an enquiry, newest last. */
export const contactNotes = pgTable(
  "contact_notes",
  {
    id: id(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_notes_contact_idx").on(t.contactId, t.createdAt)],
);

/**
 * E-mails waiting to go out, written in the same transaction as what they tell of (server/mail/outbox.ts),
 * so none is lost when the mail server or this process fails; the sender delivers and retries them.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    /** The enquiry it tells of; null for alerts (and once the enquiry is deleted). */
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** "staff" (notification), "customer" (acknowledgement) or "alert". */
    purpose: text("purpose").notNull(),
    recipients: jsonb("recipients").$type<string[]>().notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Fixed when queued: a repeat after a crash carries the same Message-ID. */
    messageId: text("message_id").notNull(),
    /** Alerts: at most one row per key (e.g. one per hour). */
    dedupeKey: text("dedupe_key"),
    /** Files made when the message is sent (a quotation's PDF from its stored version), not kept here. */
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index("email_outbox_contact_idx").on(t.contactId, t.purpose, t.createdAt),
    index("email_outbox_failed_idx").on(t.createdAt).where(sql`${t.status} = 'failed'`),
    uniqueIndex("email_outbox_dedupe_idx").on(t.dedupeKey),
  ],
);

/**
 * One row counting committed changes to public content (bumped by a trigger, migration 0002). App servers
 * on PostgreSQL compare it on every request to know whether their content cache is still current.
 */
export const contentVersion = pgTable("content_version", {
  id: smallint("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
  /** The transaction that bumped it last, so a transaction bumps it once however many rows it changes. */
  bumpedBy: bigint("bumped_by", { mode: "number" }),
});

/** Staff accounts (the API calls them users). Roles: shared/auth/roles.ts. */
export const admins = pgTable(
  "admins",
  {
    id: id(),
    username: text("username").notNull(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    /** owner, editor or sales; the accounts from before roles existed became owners. */
    role: text("role").$type<Role>().notNull().default("owner"),
    passwordHash: text("password_hash").notNull(),
    /** A first password an owner chose: the admin panel asks for a new one at the next sign-in. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** Set while the account is disabled: it cannot sign in and has no sessions. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** Two-factor sign-in (server/auth/two-factor.ts): the TOTP secret (base32) once confirmed… */
    totpSecret: text("totp_secret"),
    /** …the one being set up, until the person confirms it with a code… */
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** …and the last time step a code was accepted for, so a code cannot be used twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** On leave up to and including this India day: round-robin passes the person by (issue 45). */
    awayUntil: date("away_until", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("admins_username_idx").on(sql`lower(${t.username})`)],
);

/** One-time recovery codes for two-factor sign-in: SHA-256 of each, shown to the person once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_admin_idx").on(t.adminId)],
);

/**
 * The step between the password and the second factor: a short-lived ticket (only its SHA-256 stored)
 * that POST /api/auth/login/2fa exchanges for a session.
 */
export const loginTickets = pgTable(
  "login_tickets",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("login_tickets_expires_idx").on(t.expiresAt)],
);

/** Sign-in sessions. The id is the SHA-256 of the token; the token itself is never stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    /** The browser's User-Agent at sign-in (cut to 300 characters), shown as "Chrome on Windows". */
    userAgent: text("user_agent").notNull().default(""),
    /** The client address at sign-in. */
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_admin_idx").on(t.adminId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * The activity log: who changed what, when and from where (server/activity/log.ts). The actor's name is
 * copied in, so an entry stays readable after the account is renamed or deleted.
 */
export const activity = pgTable(
  "activity",
  {
    id: id(),
    /** The account, or null for a failed sign-in with an unknown name and for the command line. */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    ip: text("ip").notNull().default(""),
    /** create, update, delete, sign-in, sign-in-failed, … (ACTIVITY_ACTIONS). */
    action: text("action").notNull(),
    /** A content type's name (banner, product …), or enquiry, user, settings, session, backup. */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** What the record was called at the time (a product's name, an enquiry's reference). */
    entityLabel: text("entity_label").notNull().default(""),
    /** The names of the fields the change touched. */
    fields: jsonb("fields").$type<string[]>().notNull().default([]),
    /** A few words more: the new status, the new role, why a sign-in failed. */
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_order_idx").on(t.createdAt.desc(), t.id.desc()),
    index("activity_actor_idx").on(t.actorId, t.createdAt.desc()),
    index("activity_entity_idx").on(t.entityType, t.createdAt.desc()),
    index("activity_action_idx").on(t.action, t.createdAt.desc()),
  ],
);

/**
 * Events counted by the rate limits and the login lockout (failed logins, contact messages), kept in the
 * database so that every app server sees the same counts.
 */
export const throttleEvents = pgTable(
  "throttle_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("throttle_events_key_idx").on(t.key, t.createdAt)],
);

/**
 * Versions of content records (server/content/history.ts): every create, update and restore keeps one, with
 * the record's rows as stored (to restore exactly) and its API answer (to show and compare). The newest
 * REVISIONS_KEEP (50) of a record are kept.
 */
export const revisions = pgTable(
  "revisions",
  {
    id: id(),
    /** The content type's declared name (banner, product, settings …). */
    contentType: text("content_type").notNull(),
    recordId: text("record_id").notNull(),
    /** create, update or restore. */
    action: text("action").notNull(),
    /** Table name → the record's rows in it (the main row, and child rows such as subcategories). */
    rows: jsonb("rows").$type<Record<string, Record<string, unknown>[]>>().notNull(),
    /** The record as the API answered it then. */
    view: jsonb("view").$type<Record<string, unknown>>().notNull(),
    /** The uploaded images the version uses: kept on disk while any version or record uses them. */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("revisions_record_idx").on(t.contentType, t.recordId, t.createdAt.desc(), t.id.desc())],
);

/**
 * Deleted content records (server/content/history.ts): their rows as stored, so a restore puts them back
 * with the same id, slug and images. Emptied after TRASH_DAYS (30) days; a trashed record's slug stays taken.
 */
export const trash = pgTable(
  "trash",
  {
    id: id(),
    contentType: text("content_type").notNull(),
    recordId: text("record_id").notNull(),
    /** The main table, and the record's slug there (if it has one): new records do not take it. */
    tableName: text("table_name").notNull(),
    slug: text("slug"),
    label: text("label").notNull().default(""),
    rows: jsonb("rows").$type<Record<string, Record<string, unknown>[]>>().notNull(),
    view: jsonb("view").$type<Record<string, unknown>>().notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    deletedById: text("deleted_by_id"),
    deletedByName: text("deleted_by_name").notNull().default(""),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("trash_record_idx").on(t.contentType, t.recordId),
    index("trash_deleted_idx").on(t.deletedAt.desc()),
    index("trash_slug_idx").on(t.tableName, t.slug),
  ],
);

/**
 * The slugs a product, category or service had before (server/content/redirects.ts): the old public address
 * answers 301 to the record's CURRENT address, so chains collapse and no loop can exist. A current record with
 * the slug wins; the row is dropped when a record takes the slug again.
 */
export const oldSlugs = pgTable(
  "old_slugs",
  {
    id: id(),
    /** The content type: product, category or service. */
    kind: text("kind").notNull(),
    slug: text("slug").notNull(),
    recordId: text("record_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("old_slugs_slug_idx").on(t.kind, t.slug), index("old_slugs_record_idx").on(t.kind, t.recordId)],
);

/** Redirects staff made from the Not found screen: a public path answers 301 to another page of the site. */
export const redirects = pgTable(
  "redirects",
  {
    id: id(),
    fromPath: text("from_path").notNull(),
    toPath: text("to_path").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("redirects_from_idx").on(t.fromPath), index("redirects_to_idx").on(t.toPath)],
);

/**
 * Public paths that answered 404, for the Not found screen: the path without its query string, how often, when
 * last, and the referring site's host only (no full referrer, address or browser: no personal data). At most
 * NOT_FOUND_KEEP rows; the least recently seen are dropped.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    path: text("path").primaryKey(),
    hits: integer("hits").notNull().default(1),
    referrerHost: text("referrer_host").notNull().default(""),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("not_found_paths_seen_idx").on(t.lastSeenAt.desc())],
);

/**
 * The sales desk's own state, one row ("desk"): the IndiaMART CRM key (write-only: no answer carries it), where
 * the last pull's window ended and how it went, and whom round-robin assignment gave the last lead.
 */
export const salesDesk = pgTable("sales_desk", {
  id: text("id").primaryKey(),
  indiamartCrmKey: text("indiamart_crm_key").notNull().default(""),
  /** The end of the last window pulled without error; the next window starts a little before it. */
  indiamartWindowEnd: timestamp("indiamart_window_end", { withTimezone: true }),
  /** When any server last called IndiaMART (its one-call-per-interval rule holds across servers). */
  indiamartLastCallAt: timestamp("indiamart_last_call_at", { withTimezone: true }),
  indiamartLastPullAt: timestamp("indiamart_last_pull_at", { withTimezone: true }),
  indiamartLastError: text("indiamart_last_error").notNull().default(""),
  indiamartLastCount: integer("indiamart_last_count").notNull().default(0),
  /** The key that signs the buyer's quotation links (random, made on first use; kept in backups). */
  linkKey: text("link_key"),
  /** The staff member round-robin assignment gave the last lead to. */
  lastAssignedId: text("last_assigned_id"),
  updatedAt: updatedAt(),
});

/*
 * Privacy (docs/decisions/030-privacy.md): the notice's versions, the person's links and requests, staff views
 * of personal data, and the breach register.
 */

/** Every version of the privacy notice the forms showed (Site Settings → Privacy); an enquiry names its version. */
export const privacyNotices = pgTable("privacy_notices", {
  version: integer("version").primaryKey(),
  text: text("text").notNull(),
  createdByName: text("created_by_name").notNull().default(""),
  createdAt: createdAt(),
});

/**
 * The links /privacy/request e-mails (valid 24 hours, opened once): only SHA-256 of the token is kept. Opening
 * it starts a short session (its own token, also hashed) for the actions on the page.
 */
export const privacyLinks = pgTable(
  "privacy_links",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    sessionHash: text("session_hash"),
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }),
  },
  (t) => [index("privacy_links_expires_idx").on(t.expiresAt), index("privacy_links_session_idx").on(t.sessionHash)],
);

/**
 * What people asked for (shared/privacy/request.ts): access, correction, consent withdrawal, erasure. Once a
 * person is erased, `email` keeps only a masked form ("r•••@example.com"); `emailHash` (SHA-256 of the lower-cased
 * address) still lets staff find the request when the same person asks again.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: id(),
    kind: text("kind").notNull(),
    email: text("email").notNull(),
    emailHash: text("email_hash").notNull(),
    /** What the person wrote (a correction), or what they chose. */
    details: text("details").notNull().default(""),
    /** open, done or refused. */
    status: text("status").notNull().default("open"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** What was done, in words (for erasure: what was erased and what the law makes us keep). */
    outcome: text("outcome").notNull().default(""),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneByName: text("done_by_name").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("privacy_requests_order_idx").on(t.createdAt.desc(), t.id.desc()),
    index("privacy_requests_open_idx").on(t.dueAt).where(sql`${t.status} = 'open'`),
    index("privacy_requests_email_idx").on(t.emailHash),
  ],
);

/**
 * Staff views of personal data (server/privacy/access-log.ts): an enquiry, customer, deal or quotation opened,
 * printed or downloaded, list exports, and list answers (one row each). Kept for ACCESS_LOG_KEEP_DAYS.
 */
export const accessLog = pgTable(
  "access_log",
  {
    id: id(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    ip: text("ip").notNull().default(""),
    /** view, list, export, print or download. */
    action: text("action").notNull(),
    /** enquiry, customer, deal, quotation; for lists and exports the list's name (enquiries, deals, my-day...). */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** The record's reference or number (never a person's name), or a list's filter and row count. */
    detail: text("detail").notNull().default(""),
    /**
     * A list answer's records, as "type:id" ("enquiry:…", "customer:…"): whose data the page carried, found
     * by the person's records (GIN: `&&`). Empty for the other rows, which name their one record above.
     */
    records: text("records").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index("access_log_entity_idx").on(t.entityType, t.entityId, t.createdAt.desc()),
    index("access_log_records_idx").using("gin", t.records),
    index("access_log_actor_idx").on(t.actorId, t.createdAt.desc()),
    index("access_log_order_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** The breach register (owners): what happened, when it was found, whom it affects, when the Board and the people were told. */
export const privacyBreaches = pgTable(
  "privacy_breaches",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    occurredAt: timestamp("occurred_at", { withTimezone: true }),
    discoveredAt: timestamp("discovered_at", { withTimezone: true }).notNull(),
    /** Whom it affects, in words ("about 120 buyers who sent enquiries in March"), and how many if known. */
    affected: text("affected").notNull().default(""),
    affectedCount: integer("affected_count"),
    /** What was done to contain it and to prevent it again. */
    measures: text("measures").notNull().default(""),
    boardNotifiedAt: timestamp("board_notified_at", { withTimezone: true }),
    peopleNotifiedAt: timestamp("people_notified_at", { withTimezone: true }),
    createdByName: text("created_by_name").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("privacy_breaches_order_idx").on(t.discoveredAt.desc(), t.id.desc())],
);
