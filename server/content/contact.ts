import { desc, eq } from "drizzle-orm";
import { type Contact, type ContactInput, type ContactStatus, contactInput, HONEYPOT_FIELD } from "../../app/schemas/contact";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { isId, newId } from "../db/ids";
import { contacts } from "../db/schema";
import { parseInput } from "../http/errors";
import { enforceLimits, type Limit, recordEvent } from "../http/throttle";
import { baseFields } from "./simple-resource";

type ContactRow = typeof contacts.$inferSelect;

function toApi(r: ContactRow): Contact {
  return {
    ...baseFields(r),
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    date: r.createdAt.toISOString(),
    status: r.status as ContactStatus,
  };
}

/** Newest first; optionally only one status. */
export async function listContacts(db: Database, status?: ContactStatus): Promise<Contact[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(status ? eq(contacts.status, status) : undefined)
    .orderBy(desc(contacts.createdAt), desc(contacts.id));
  return rows.map(toApi);
}

export async function getContact(db: Database, id: string): Promise<Contact | null> {
  if (!isId(id)) return null;
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
  return row ? toApi(row) : null;
}

export async function createContact(db: Database, input: ContactInput): Promise<Contact> {
  const [row] = await db.insert(contacts).values(input).returning();
  return toApi(row!);
}

export async function setContactStatus(db: Database, id: string, status: ContactStatus): Promise<Contact | null> {
  if (!isId(id)) return null;
  const [row] = await db.update(contacts).set({ status, updatedAt: new Date() }).where(eq(contacts.id, id)).returning();
  return row ? toApi(row) : null;
}

export async function deleteContact(db: Database, id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await db.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
  return rows.length > 0;
}

/** Messages one client address may send in the window. */
export const CONTACT_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };
export const CONTACT_RATE_LIMITED = "You have sent several messages in a short time. Please try again later.";

/**
 * A message from the public contact form, the one way in for both POST /api/contacts and the contact
 * page's action: rate limit per client address (when enabled), honeypot (a bot filled the hidden field:
 * answer as if accepted, store nothing), validation, store. Throws HttpError (429, 400 with issues).
 */
export async function submitContact(
  ctx: AppContext,
  fields: Record<string, unknown>,
  clientIp: string,
): Promise<{ _id: string }> {
  const limit: Limit = { key: `contact-ip:${clientIp || "unknown"}`, ...CONTACT_LIMIT };
  if (ctx.config.rateLimits) await enforceLimits(ctx.db, [limit], CONTACT_RATE_LIMITED);
  const honeypot = fields[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    if (ctx.config.rateLimits) await recordEvent(ctx.db, [limit.key]);
    return { _id: newId() };
  }
  const input = parseInput(contactInput, fields);
  const contact = await createContact(ctx.db, input);
  if (ctx.config.rateLimits) await recordEvent(ctx.db, [limit.key]);
  return { _id: contact._id };
}
