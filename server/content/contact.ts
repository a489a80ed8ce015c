import { desc, eq } from "drizzle-orm";
import type { Contact, ContactInput, ContactStatus } from "../../app/schemas/contact";
import type { Database } from "../db/client";
import { isId } from "../db/ids";
import { contacts } from "../db/schema";
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
