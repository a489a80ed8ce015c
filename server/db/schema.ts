import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CategoryFeature } from "../../shared/schemas/category";
import type { EnquiryService, QuoteDetails, QuoteItem } from "../../shared/schemas/enquiry-values";
import type { ProductFeature, ProductSpecification } from "../../shared/schemas/product";
import type { SiteSettings } from "../../shared/schemas/settings";
import { newId } from "./ids";

const id = () => text("id").primaryKey().$defaultFn(newId);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** Staff ordering of list entities: lower first, then newest first. */
const position = () => integer("position").notNull().default(0);

export const banners = pgTable(
  "banners",
  {
    id: id(),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("banners_order_idx").on(t.position, t.createdAt.desc())],
);

export const industrials = pgTable(
  "industrials",
  {
    id: id(),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("industrials_order_idx").on(t.position, t.createdAt.desc())],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    name: text("name").notNull(),
    designation: text("designation").notNull().default(""),
    feedback: text("feedback").notNull(),
    image: text("image").notNull().default(""),
    star: smallint("star"),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("testimonials_order_idx").on(t.position, t.createdAt.desc())],
);

export const stories = pgTable(
  "stories",
  {
    id: id(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    image: text("image").notNull().default(""),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("stories_order_idx").on(t.position, t.createdAt.desc())],
);

export const facilities = pgTable(
  "facilities",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("facilities_order_idx").on(t.position, t.createdAt.desc())],
);

export const teamMembers = pgTable(
  "team_members",
  {
    id: id(),
    name: text("name").notNull(),
    /** The member's role ("Managing Director"); the API calls it `position`, as SPEC §7 does. */
    jobTitle: text("job_title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("team_members_order_idx").on(t.position, t.createdAt.desc())],
);

export const coreValues = pgTable(
  "core_values",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    icon: text("icon").notNull().default(""),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("core_values_order_idx").on(t.position, t.createdAt.desc())],
);

export const services = pgTable(
  "services",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    details: text("details").notNull(),
    benefits: jsonb("benefits").$type<string[]>().notNull().default([]),
    image: text("image").notNull().default(""),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("services_slug_idx").on(t.slug), index("services_order_idx").on(t.position, t.createdAt.desc())],
);

export const categories = pgTable(
  "categories",
  {
    id: id(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    image: text("image").notNull().default(""),
    features: jsonb("features").$type<CategoryFeature[]>().notNull().default([]),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_slug_idx").on(t.slug), index("categories_order_idx").on(t.position, t.createdAt.desc())],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: id(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subcategories_category_name_idx").on(t.categoryId, sql`lower(${t.name})`),
    index("subcategories_order_idx").on(t.categoryId, t.position, t.createdAt),
  ],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    slug: text("slug").notNull(),
    // RESTRICT: a category or subcategory that products use cannot disappear under them.
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: text("subcategory_id").references(() => subcategories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    shortDescription: text("short_description").notNull(),
    fullDescription: text("full_description").notNull(),
    /** Whole rupees and paise; null means "Price on request". */
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }),
    mainImage: text("main_image").notNull().default(""),
    additionalImages: jsonb("additional_images").$type<string[]>().notNull().default([]),
    features: jsonb("features").$type<ProductFeature[]>().notNull().default([]),
    specifications: jsonb("specifications").$type<ProductSpecification[]>().notNull().default([]),
    rating: real("rating"),
    reviewCount: integer("review_count"),
    featured: boolean("featured").notNull().default(false),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_slug_idx").on(t.slug),
    index("products_category_order_idx").on(t.categoryId, t.position, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("products_subcategory_idx").on(t.subcategoryId),
    // The listing order exactly (ORDER BY … DESC means NULLS FIRST; id breaks ties), so a page of
    // products is read from the index instead of sorting them all.
    index("products_order_idx").on(t.position, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

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
    details: jsonb("details").$type<QuoteDetails | null>(),
    /** Lower-cased name, e-mail, company, subject, reference and product names: what the inbox search matches. */
    searchText: text("search_text").notNull().default(""),
    status: text("status").notNull().default("new"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The inbox's order exactly (newest first, id breaks ties): a page, and the export's next batch after a
    // (created_at, id) key, are read from the index instead of scanning and sorting.
    index("contacts_order_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("contacts_status_order_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("contacts_type_order_idx").on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("contacts_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("contacts_reference_idx").on(t.reference),
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

/** One row (id "site") holding the editable company details and home-page specification table. */
export const siteSettings = pgTable("site_settings", {
  id: text("id").primaryKey(),
  data: jsonb("data").$type<SiteSettings>().notNull(),
  updatedAt: updatedAt(),
});

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

export const admins = pgTable(
  "admins",
  {
    id: id(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("admins_username_idx").on(sql`lower(${t.username})`)],
);

/** Sign-in sessions. The id is the SHA-256 of the token; the token itself is never stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_admin_idx").on(t.adminId), index("sessions_expires_idx").on(t.expiresAt)],
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
