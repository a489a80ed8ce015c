import { asc, count, eq, inArray, like, or, sql } from "drizzle-orm";
import { withBaseFields } from "../../shared/content/define";
import { newId } from "../../shared/lib/ids";
import {
  type Address,
  type Customer,
  type CustomerInput,
  type CustomerPerson,
  customerInput,
  customerStateCode,
  EMPTY_ADDRESS,
  emailKey,
  phoneKey,
} from "../../shared/sales/customer";
import { likePattern } from "../content/contact";
import type { Database } from "../db/client";
import { contacts, customerPeople, customers, deals, quotations } from "../db/schema";

/**
 * The sales desk's customers (docs/decisions/029-sales-desk.md). Every function takes the database or a
 * transaction's handle: an enquiry is linked to its customer in the enquiry's own transaction.
 */

type CustomerRow = typeof customers.$inferSelect;
type PersonRow = typeof customerPeople.$inferSelect;

function searchTextOf(input: CustomerInput): string {
  const people = input.people.flatMap((p) => [p.name, p.email, p.phone, phoneKey(p.phone)]);
  return [input.name, input.gstin, input.billingAddress.city, input.deliveryAddress.city, ...people]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
}

function toApi(row: CustomerRow, people: PersonRow[], enquiries: number): Customer {
  return withBaseFields(row, {
    name: row.name,
    gstin: row.gstin,
    stateCode: customerStateCode(row),
    billingAddress: { ...EMPTY_ADDRESS, ...row.billingAddress },
    deliveryAddress: { ...EMPTY_ADDRESS, ...row.deliveryAddress },
    people: people.map((p) => ({ name: p.name, phone: p.phone, email: p.email })),
    enquiries,
  });
}

/** The customers of `rows` with their people and number of enquiries, in the rows' order. */
async function withPeople(db: Database, rows: CustomerRow[]): Promise<Customer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [people, counts] = await Promise.all([
    db.select().from(customerPeople).where(inArray(customerPeople.customerId, ids)).orderBy(asc(customerPeople.position)),
    db
      .select({ customerId: contacts.customerId, n: count() })
      .from(contacts)
      .where(inArray(contacts.customerId, ids))
      .groupBy(contacts.customerId),
  ]);
  const enquiries = new Map(counts.map((c) => [c.customerId, Number(c.n)]));
  return rows.map((r) =>
    toApi(
      r,
      people.filter((p) => p.customerId === r.id),
      enquiries.get(r.id) ?? 0,
    ),
  );
}

export async function getCustomer(db: Database, id: string): Promise<Customer | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ? ((await withPeople(db, [row]))[0] ?? null) : null;
}

/** One page by name (A to Z); `q` matches the name, GSTIN, cities and the people's names, e-mails and phones. */
export async function listCustomers(
  db: Database,
  query: { q?: string; page: number; limit: number },
): Promise<{ items: Customer[]; total: number }> {
  const where = query.q ? like(customers.searchText, likePattern(query.q)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(sql`lower(${customers.name})`, customers.id)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { items: await withPeople(db, rows), total: Number(total?.n ?? 0) };
}

async function writePeople(db: Database, customerId: string, people: CustomerPerson[]): Promise<void> {
  await db.delete(customerPeople).where(eq(customerPeople.customerId, customerId));
  if (people.length === 0) return;
  await db.insert(customerPeople).values(
    people.map((p, position) => ({
      id: newId(),
      customerId,
      position,
      name: p.name,
      phone: p.phone,
      email: p.email,
      emailKey: emailKey(p.email),
      phoneKey: phoneKey(p.phone),
    })),
  );
}

export async function createCustomer(db: Database, input: CustomerInput): Promise<string> {
  const id = newId();
  await db.insert(customers).values({ id, ...input, searchText: searchTextOf(input) });
  await writePeople(db, id, input.people);
  return id;
}

/** Replaces the customer's fields and people; false when there is no such customer. */
export async function updateCustomer(db: Database, id: string, input: CustomerInput): Promise<boolean> {
  const updated = await db
    .update(customers)
    .set({ ...input, searchText: searchTextOf(input), updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning({ id: customers.id });
  if (updated.length === 0) return false;
  await writePeople(db, id, input.people);
  return true;
}

/**
 * The deals a customer is on: those made out to it, and those with a quotation made out to it (a quotation
 * may name another customer than its deal's, and Send e-mails that customer's people).
 */
export async function dealsOfCustomer(
  db: Database,
  id: string,
): Promise<{ id: string; title: string; ownerId: string | null; stage: string }[]> {
  return db
    .select({ id: deals.id, title: deals.title, ownerId: deals.ownerId, stage: deals.stage })
    .from(deals)
    .where(
      or(
        eq(deals.customerId, id),
        inArray(deals.id, db.select({ id: quotations.dealId }).from(quotations).where(eq(quotations.customerId, id))),
      ),
    )
    .orderBy(asc(deals.createdAt), asc(deals.id));
}

/** Deletes the customer and its people; its enquiries stay, unlinked. */
export async function deleteCustomer(db: Database, id: string): Promise<boolean> {
  return (await db.delete(customers).where(eq(customers.id, id)).returning({ id: customers.id })).length > 0;
}

/**
 * The customer whose people include this e-mail address; for a lead without one (an IndiaMART buy-lead, a phone
 * call typed in), the one with this phone number. An enquiry that gives an e-mail address is never joined to a
 * customer by its phone alone (issue 44): anyone can type a company's number, and whoever proves the address may
 * see and erase what is linked to it. Staff find a likely duplicate by searching the phone, and merge.
 */
async function findCustomerOf(db: Database, person: { email: string; phone: string }): Promise<string | null> {
  const email = emailKey(person.email);
  const phone = phoneKey(person.phone);
  if (!email && phone.length < 6) return null;
  // The oldest such customer: a later one with the same phone may be anyone's (above).
  const [row] = await db
    .select({ customerId: customerPeople.customerId })
    .from(customerPeople)
    .innerJoin(customers, eq(customers.id, customerPeople.customerId))
    .where(email ? eq(customerPeople.emailKey, email) : eq(customerPeople.phoneKey, phone))
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(1);
  return row?.customerId ?? null;
}

type EnquiryPerson = { name: string; email: string; phone: string; company: string };

/** `input` if the customer form would take its address (a known state, a six-digit PIN …), else with `fallback`. */
function validAddress(input: CustomerInput, fallback: Address): CustomerInput {
  const { name, gstin, billingAddress } = input;
  return customerInput.safeParse({ name, gstin, billingAddress }).success ? input : { ...input, billingAddress: fallback };
}

/**
 * A known customer completed from a marketplace's lead: the company's name while it is still named after this
 * person (made from an enquiry without one), and the buyer's address while it has none. Staff's own entries stay.
 */
async function completeCustomer(db: Database, id: string, enquiry: EnquiryPerson, address: Address | null): Promise<void> {
  const customer = await getCustomer(db, id);
  if (!customer) return;
  const company = enquiry.company.trim();
  const rename = company !== "" && customer.name.trim().toLowerCase() === enquiry.name.trim().toLowerCase();
  const b = customer.billingAddress;
  const readdress = address !== null && !b.line1 && !b.city && !b.state && !b.pincode;
  if (!rename && !readdress) return;
  const { name, gstin, billingAddress, deliveryAddress, people } = customer;
  const input = { name, gstin, billingAddress, deliveryAddress, people };
  await updateCustomer(
    db,
    id,
    validAddress({ ...input, name: rename ? company : name, billingAddress: readdress ? address : b }, b),
  );
}

/**
 * The customer an enquiry belongs to: the one with its e-mail address (or, with none, its phone), else a new one
 * named after the company (or the person) with the person in it. `create: false` (a held enquiry, possibly a
 * flood) only links. `buyer`: what a marketplace (IndiaMART) knows of the buyer, which a new customer takes and
 * a known one gets where it lacks it (completeCustomer).
 */
export async function customerForEnquiry(
  db: Database,
  enquiry: EnquiryPerson,
  options: { create: boolean; buyer?: { address: Address | null } },
): Promise<string | null> {
  // Two enquiries from one new person at once would each make a customer: each takes its keys' locks first
  // (in one order, so never a deadlock), and the second finds the first's customer.
  const keys = [emailKey(enquiry.email), phoneKey(enquiry.phone)].filter((k) => k.length >= 6).sort();
  for (const key of keys) await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`customer:${key}`}))`);
  const found = await findCustomerOf(db, enquiry);
  if (found && options.buyer) await completeCustomer(db, found, enquiry, options.buyer.address);
  if (found || !options.create) return found;
  const person = { name: enquiry.name, email: emailKey(enquiry.email), phone: enquiry.phone };
  const input: CustomerInput = {
    name: enquiry.company.trim() || enquiry.name,
    gstin: "",
    billingAddress: options.buyer?.address ?? EMPTY_ADDRESS,
    deliveryAddress: EMPTY_ADDRESS,
    people: [person],
  };
  return createCustomer(db, validAddress(input, EMPTY_ADDRESS));
}

/**
 * Merges `otherId` into `id`: the other's people join (those with an e-mail or phone already there are
 * dropped), its enquiries, deals and quotations move, its GSTIN and addresses fill what `id` lacks, and it is
 * deleted.
 * Null when either is missing.
 */
export async function mergeCustomers(db: Database, id: string, otherId: string): Promise<Customer | null> {
  const [kept, other] = await withPeople(
    db,
    await db
      .select()
      .from(customers)
      .where(inArray(customers.id, [id, otherId]))
      .orderBy(sql`${customers.id} = ${otherId}`)
      // Locked: a deal or quotation made out to the other meanwhile waits, then fails, rather than losing its customer.
      .for("update"),
  );
  if (!kept || !other || kept._id !== id || other._id !== otherId) return null;
  const known = new Set(kept.people.flatMap((p) => [p.email, phoneKey(p.phone)]).filter(Boolean));
  const joining = other.people.filter(
    (p) => !(p.email && known.has(p.email)) && !(phoneKey(p.phone) && known.has(phoneKey(p.phone))),
  );
  const filled = (a: Customer["billingAddress"], b: Customer["billingAddress"]) => (a.line1 || a.city || a.state ? a : b);
  const input: CustomerInput = {
    name: kept.name,
    gstin: kept.gstin || other.gstin,
    billingAddress: filled(kept.billingAddress, other.billingAddress),
    deliveryAddress: filled(kept.deliveryAddress, other.deliveryAddress),
    people: [...kept.people, ...joining],
  };
  await db.update(contacts).set({ customerId: id }).where(eq(contacts.customerId, otherId));
  // Before the delete, whose ON DELETE SET NULL would leave them without a customer.
  await db.update(deals).set({ customerId: id }).where(eq(deals.customerId, otherId));
  await db.update(quotations).set({ customerId: id }).where(eq(quotations.customerId, otherId));
  await db.delete(customers).where(eq(customers.id, otherId));
  await updateCustomer(db, id, input);
  return getCustomer(db, id);
}
