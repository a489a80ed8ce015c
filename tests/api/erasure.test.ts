import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getSettings } from "../../server/content/settings";
import { queryRows } from "../../server/db/client";
import { contacts, deals, emailOutbox, privacyRequests, quotations } from "../../server/db/schema";
import { type ErasureReport, erasePerson, eraseRecords } from "../../server/privacy/erasure";
import { createPrivacyRequest, emailHashOf } from "../../server/privacy/requests";
import { sendPrivacyLink } from "../../server/privacy/self-service";
import { recordDecision, recordView } from "../../server/sales/quotation-mail";
import { getQuotation } from "../../server/sales/quotations";
import { eventually, seedProducts } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

// One person put everywhere through the API, a real SMTP server: a few seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * Erasure (issue 33): one person is put into every table that can hold them, erased by their e-mail address, and
 * then the whole database is dumped and searched for their name, e-mail address and phone number: nothing is left
 * but the accepted quotation tax law makes the company keep. A second person stays exactly as they were.
 */

const PERSON = { name: "Zephyrine Quackenbush", email: "zephyrine.q@lotus-fab.example", phone: "+91 93412 77058" };
const PERSON_NEEDLES = [PERSON.name, PERSON.email, PERSON.phone, "9341277058", "93412 77058"];
const COLLEAGUE = { name: "Arjun Mehta", email: "arjun@lotus-fab.example", phone: "+91 98111 22334" };
const OTHER = { name: "Bhavesh Oberoi", email: "bhavesh@kaveri-mills.example", phone: "+91 98220 31415" };
const OTHER_NEEDLES = [OTHER.name, OTHER.email, "9822031415"];
const indiaYear = new Intl.DateTimeFormat("en-IN", { year: "numeric", timeZone: "Asia/Kolkata" });
const LINES = [{ description: "PN-RS 50 Screw Compressor", hsn: "84148011", quantity: 1, unitPrice: 500000 }];

let s: TestServer;
let smtp: TestSmtp;
let owner: string;
/** What beforeAll made, for the assertions. */
const made = {
  references: [] as string[],
  quoteEnquiry: "",
  dealA: "",
  dealB: "",
  lotus: "",
  kept: { _id: "", number: "", decidedAt: "" },
  erased: { _id: "" },
  otherMessage: "",
  otherQuote: "",
  otherCustomer: "",
  queuedForPerson: [] as string[],
};
let report: ErasureReport;
let otherRowsBefore: string[];

async function call(method: string, path: string, json?: unknown) {
  const res = await s.request(method, path, { token: owner, json });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

/** Every row of every table of the database, as JSON text, with its table. */
async function dump(): Promise<{ table: string; row: string }[]> {
  const tables = await queryRows<{ table_name: string }>(
    s.ctx.db,
    sql`SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: { table: string; row: string }[] = [];
  for (const { table_name } of tables) {
    const rows = await queryRows<{ row: string }>(
      s.ctx.db,
      sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table_name)} t ORDER BY 1`,
    );
    out.push(...rows.map((r) => ({ table: table_name, row: r.row })));
  }
  return out;
}

const naming = (rows: { table: string; row: string }[], needles: string[]) =>
  rows.filter((r) => needles.some((n) => r.row.toLowerCase().includes(n.toLowerCase())));

/** The person: a quote request and a lead, two customers, two deals with notes, a quotation sent and one accepted. */
async function putThePersonEverywhere(productId: string) {
  const quote = await s.request("POST", "/api/quotes", {
    json: {
      ...PERSON,
      company: "",
      message: `Please call me on ${PERSON.phone} after 4 pm.`,
      items: [{ productId, quantity: 1 }],
      application: "Fabrication shop",
    },
  });
  expect(quote.status, quote.text).toBe(201);
  made.quoteEnquiry = quote.body.data._id;
  const lead = await call("POST", "/api/contacts", {
    ...PERSON,
    company: "Lotus Fabrications",
    channel: "trade-fair",
    subject: "Met at the Coimbatore fair",
    message: `${PERSON.name} wants a dryer too.`,
  });
  made.references = [quote.body.data.reference, lead.data.reference].sort();
  await call("POST", `/api/contacts/${made.quoteEnquiry}/notes`, { text: `Called ${PERSON.name} on ${PERSON.phone}.` });
  await call("GET", `/api/contacts/${made.quoteEnquiry}`); // the access log
  // The customer the quote request made is the person (no company): its address, for the quotation's tax.
  const individual = (await call("GET", `/api/contacts/${made.quoteEnquiry}`)).customerId as string;
  await call("PUT", `/api/customers/${individual}`, {
    billingAddress: { line1: "4 Ring Road", city: "Coimbatore", state: "Tamil Nadu", pincode: "641001", country: "India" },
  });
  const lotus = await call("POST", "/api/customers", {
    name: "Lotus Fabrications Pvt Ltd",
    gstin: "27AAPFU0939F1ZV",
    billingAddress: { line1: "Plot 7, MIDC", city: "Pune", state: "Maharashtra", pincode: "411019", country: "India" },
    people: [PERSON, COLLEAGUE],
  });
  made.lotus = lotus._id;
  await call("PUT", `/api/customers/${lotus._id}`, {
    deliveryAddress: { line1: "Gate 2, MIDC", city: "Pune", state: "Maharashtra" },
  });

  const dealA = await call("POST", "/api/deals", {
    title: `Screw compressor for ${PERSON.name}`,
    contactId: made.quoteEnquiry,
    nextStep: { text: `Call ${PERSON.phone} about the site visit`, dueDate: "2030-01-15" },
  });
  made.dealA = dealA._id;
  await call("POST", `/api/deals/${dealA._id}/notes`, {
    text: `${PERSON.name} wants delivery in March; phone ${PERSON.phone}, mail ${PERSON.email}.`,
  });
  await call("PUT", `/api/deals/${dealA._id}`, { stage: "qualified" });
  const sent = await call("POST", "/api/quotations", { dealId: dealA._id, lines: LINES });
  made.erased._id = sent._id;
  await call("POST", `/api/quotations/${sent._id}/send`, { message: `Dear ${PERSON.name},\n\nOur offer, as discussed.` });

  const dealB = await call("POST", "/api/deals", { title: "Lotus Fabrications: air dryer", customerId: lotus._id });
  made.dealB = dealB._id;
  const accepted = await call("POST", "/api/quotations", { dealId: dealB._id, lines: LINES });
  await call("POST", `/api/quotations/${accepted._id}/send`, { to: [PERSON.email] });
  // The buyer's page (app/routes/quotation.$token.tsx) is in the production build, on a server of its own that
  // could not share this test's embedded database: its loader and action call these two, as here.
  await recordView(s.ctx.db, (await getQuotation(s.ctx.db, accepted._id))!);
  const decided = await recordDecision(
    s.ctx.db,
    (await getQuotation(s.ctx.db, accepted._id))!,
    { accept: true, name: PERSON.name, reason: "", ip: "203.0.113.45" },
    s.url,
  );
  expect(decided).toBe(true);
  const keptRow = (await getQuotation(s.ctx.db, accepted._id))!;
  made.kept = { _id: keptRow._id, number: keptRow.number, decidedAt: keptRow.decidedAt! };

  // The person's own page: a link asked for, and a correction they sent.
  await sendPrivacyLink(s.ctx, PERSON.email, "203.0.113.9", await getSettings(s.ctx.db));
  await createPrivacyRequest(s.ctx.db, {
    kind: "correction",
    email: PERSON.email,
    details: `My phone is now ${PERSON.phone}. ${PERSON.name}`,
    dueDays: 30,
  });
}

/** Another buyer with an enquiry, a message, a customer and a deal with a note: none of it may change. */
async function anotherPerson(productId: string) {
  const quote = await s.request("POST", "/api/quotes", {
    json: { ...OTHER, company: "Kaveri Mills", message: "Two machines, please.", items: [{ productId, quantity: 2 }] },
  });
  expect(quote.status, quote.text).toBe(201);
  made.otherQuote = quote.body.data._id;
  const message = await s.request("POST", "/api/contacts", {
    json: { ...OTHER, subject: "Service visit", message: `Call ${OTHER.phone} to fix a time.` },
  });
  expect(message.status, message.text).toBe(201);
  made.otherMessage = message.body.data._id;
  await call("POST", `/api/contacts/${made.otherQuote}/notes`, { text: `${OTHER.name} asked for a demo.` });
  made.otherCustomer = (await call("GET", `/api/contacts/${made.otherQuote}`)).customerId;
  const deal = await call("POST", "/api/deals", { title: `Kaveri Mills: two compressors`, contactId: made.otherQuote });
  await call("POST", `/api/deals/${deal._id}/notes`, { text: `${OTHER.name} on ${OTHER.phone}: ready to order.` });
}

beforeAll(async () => {
  // The person's mail server refuses them: their e-mails stay queued (tried again in an hour), to be cancelled.
  smtp = await startTestSmtp({ rejectRecipients: [PERSON.email] });
  s = await startTestServer(
    { SMTP_URL: smtp.url, MAIL_FROM: "Pneuma <sales@pneuma.example>", RATE_LIMITS: "off" },
    { context: { outbox: { retryDelaysMs: [60 * 60 * 1000], pollMs: 200 } } },
  );
  owner = await s.login();
  await call("PUT", "/api/settings", {
    gstin: "33AAKCP1998Q1ZI",
    address: "SIDCO Industrial Estate, Salem 636 005",
    emails: [{ label: "Sales", value: "sales@pneuma.example" }],
  });
  const [product] = await seedProducts(s, ["PN-RS 50 Screw Compressor"]);
  await putThePersonEverywhere(product!._id);
  await anotherPerson(product!._id);
  // Every e-mail tried once: the others' sent, the person's waiting for their retry.
  await eventually(async () => {
    const rows = await s.ctx.db.select().from(emailOutbox);
    return rows.every((r) => r.attempts > 0) ? true : undefined;
  });
  const outbox = await s.ctx.db.select().from(emailOutbox);
  made.queuedForPerson = outbox.filter((r) => r.status === "queued").map((r) => r.id);
  const before = await dump();
  expect(naming(before, PERSON_NEEDLES).map((r) => r.table)).toEqual(
    expect.arrayContaining([
      "contacts",
      "contact_notes",
      "customers",
      "customer_people",
      "deals",
      "deal_notes",
      "quotations",
      "email_outbox",
      "activity",
      "revisions",
      "throttle_events",
      "privacy_links",
      "privacy_requests",
    ]),
  );
  otherRowsBefore = naming(before, OTHER_NEEDLES).map((r) => r.row);
  report = await erasePerson(s.ctx.db, PERSON.email);
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

describe("erasing a person by their e-mail address", () => {
  it("leaves their name, e-mail address and phone number nowhere in the database but in the accepted quotation kept", async () => {
    const left = naming(await dump(), PERSON_NEEDLES);
    // Tax law keeps an accepted quotation whole for 8 years: its row still says who accepted it, from where.
    expect(left.map((r) => r.table)).toEqual(["quotations"]);
    expect(JSON.parse(left[0]!.row)).toMatchObject({ id: made.kept._id, status: "accepted", erased_at: null });
    expect(JSON.parse(left[0]!.row).decision).toMatchObject({ name: PERSON.name, ip: "203.0.113.45" });
  });

  it("tells them in words what was erased, and what is kept and why", () => {
    const day = new Date(made.kept.decidedAt).toLocaleDateString("en-IN", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Asia/Kolkata",
    });
    const until = Number(indiaYear.format(new Date(made.kept.decidedAt))) + 8;
    expect(report.kept).toEqual([
      `Quotation ${made.kept.number} that you accepted on ${day}: tax law makes us keep it for 8 years (until ${until}).`,
    ]);
    // Deal B is the company's (issue 44): only its notes lose them (their acceptance, their address), counted as notes.
    expect(report.erased).toEqual(
      expect.arrayContaining([
        `2 enquiries (${made.references.join(", ")})`,
        "your details in 2 customer records",
        "your details in 1 deal (our follow-up of your enquiries and orders)",
        "your details in 1 quotation",
        expect.stringMatching(/^\d+ notes our staff wrote$/),
        expect.stringMatching(/^\d+ e-mails$/),
        expect.stringMatching(/^your details in \d+ entries of our activity log, access log and past versions$/),
      ]),
    );
  });

  it("keeps the records, anonymous: enquiries, the customer that was the person, deals, the quotation not accepted", async () => {
    for (const reference of made.references) {
      const [row] = await s.ctx.db.select().from(contacts).where(eq(contacts.reference, reference));
      expect(row).toMatchObject({ name: "Erased", email: "", phone: "", company: "", subject: "(erased)", message: "" });
      expect(row!.searchText).toBe(reference.toLowerCase());
      expect(row!.consents).toEqual({ news: false, whatsapp: false });
      expect(row!.erasedAt).not.toBeNull();
    }
    const enquiry = await call("GET", `/api/contacts/${made.quoteEnquiry}`);
    expect(enquiry.notes.map((n: { text: string }) => n.text)).toEqual(["Called (erased) on (erased)."]);
    const individual = await call("GET", `/api/customers/${enquiry.customerId}`);
    expect(individual).toMatchObject({ name: "Erased customer", gstin: "", people: [], billingAddress: { line1: "", city: "" } });
    const lotus = await call("GET", `/api/customers/${made.lotus}`);
    expect(lotus.name).toBe("Lotus Fabrications Pvt Ltd");
    expect(lotus.people).toEqual([{ ...COLLEAGUE, email: COLLEAGUE.email }]);
    const dealA = await call("GET", `/api/deals/${made.dealA}`);
    expect(dealA).toMatchObject({ title: "Screw compressor for (erased)", customerName: "Erased customer" });
    expect(dealA.nextStep.text).toBe("Call (erased) about the site visit");
    const [dealRow] = await s.ctx.db.select().from(deals).where(eq(deals.id, made.dealA));
    expect(dealRow!.erasedAt).not.toBeNull();
    // The won deal of the kept quotation keeps its commercial fields; the acceptance note loses the name.
    const dealB = await call("GET", `/api/deals/${made.dealB}`);
    expect(dealB.stage).toBe("won");
    expect(dealB.notes.find((n: { kind: string }) => n.kind === "quotation-accepted")).toMatchObject({ author: "(erased)" });
    const [quotation] = await s.ctx.db.select().from(quotations).where(eq(quotations.id, made.erased._id));
    expect(quotation!.buyer).toMatchObject({ name: "Erased customer", gstin: "", address: { line1: "", city: "" } });
    expect(quotation!.erasedAt).not.toBeNull();
    expect(quotation!.totalPaise).toBeGreaterThan(0);
  });

  it("cancels their e-mails still waiting, and keeps of every e-mail to or about them only that it existed", async () => {
    expect(made.queuedForPerson.length).toBeGreaterThanOrEqual(3);
    const rows = await s.ctx.db.select().from(emailOutbox);
    for (const id of made.queuedForPerson) {
      expect(rows.find((r) => r.id === id)).toMatchObject({ status: "cancelled", recipients: [], subject: "(erased)" });
    }
    expect(rows.filter((r) => r.status === "queued")).toEqual([]);
  });

  it("masks the address in their privacy requests (found again by its hash) and logs the erasure without them", async () => {
    const requests = await s.ctx.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.emailHash, emailHashOf(PERSON.email)));
    expect(requests.map((r) => r.email)).toEqual(["z•••@lotus-fab.example"]);
    expect(requests[0]!.details).toBe("My phone is now (erased). (erased)");
    const log = await call("GET", "/api/activity?action=erase");
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entityType: "privacy-request",
          detail: expect.stringMatching(/^2 enquiries, .*; 1 quotation kept/),
        }),
      ]),
    );
  });

  it("leaves the other person exactly as they were", async () => {
    expect(naming(await dump(), OTHER_NEEDLES).map((r) => r.row)).toEqual(otherRowsBefore);
  });

  it("exports enquiries and deals without them afterwards", async () => {
    for (const path of ["/api/contacts/export.csv", "/api/deals/export.csv"]) {
      const csv = await s.request("GET", path, { token: owner });
      expect(csv.status).toBe(200);
      for (const needle of PERSON_NEEDLES) expect(csv.text.toLowerCase()).not.toContain(needle.toLowerCase());
      expect(csv.text).toContain(path.includes("contacts") ? OTHER.name : "Kaveri Mills");
    }
    const enquiries = await s.request("GET", "/api/contacts/export.csv", { token: owner });
    for (const reference of made.references) expect(enquiries.text).toContain(reference);
  });

  it("is harmless twice, and changes nothing for an address the site does not know", async () => {
    const before = await dump();
    expect(await erasePerson(s.ctx.db, PERSON.email)).toEqual({ erased: [], kept: [] });
    expect(await erasePerson(s.ctx.db, "nobody@nowhere.example")).toEqual({ erased: [], kept: [] });
    expect(await dump()).toEqual(before);
  });
});

describe("erasing records (the retention pass)", () => {
  it("erases one enquiry and what hangs off it, and nothing else of its person", async () => {
    const before = await dump();
    await eraseRecords(s.ctx.db, { contactIds: [made.otherMessage], dealIds: [], quotationIds: [] });
    const [message] = await s.ctx.db.select().from(contacts).where(eq(contacts.id, made.otherMessage));
    expect(message).toMatchObject({ name: "Erased", email: "", phone: "", message: "" });
    const after = new Set((await dump()).map((r) => r.row));
    const changed = naming(before, OTHER_NEEDLES).filter((r) => !after.has(r.row));
    // The enquiry and its two e-mails (to staff, and the acknowledgement); their quote request, customer and deal stay.
    expect(changed.map((r) => r.table).sort()).toEqual(["contacts", "email_outbox", "email_outbox"]);
    const quote = await call("GET", `/api/contacts/${made.otherQuote}`);
    expect(quote).toMatchObject({ name: OTHER.name, email: OTHER.email });
    expect((await call("GET", `/api/customers/${made.otherCustomer}`)).people).toEqual([
      { name: OTHER.name, email: OTHER.email, phone: OTHER.phone },
    ]);
  });
});
