import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getSettings } from "../../server/content/settings";
import { contacts, emailOutbox } from "../../server/db/schema";
import { openPage, runPageAction } from "../../server/privacy/page-actions";
import { sendPrivacyLink } from "../../server/privacy/self-service";
import { recordDecision, recordView } from "../../server/sales/quotation-mail";
import { getQuotation } from "../../server/sales/quotations";
import type { PersonalData } from "../../shared/privacy/personal-data";
import { eventually } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

// Quotations e-mailed with their PDFs, through a real SMTP server: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * Issue 44, item 1 and the privacy page: a person's rights reach only what is provably theirs, what was given with
 * the e-mail address they proved. A stranger who knows a company's phone number cannot link their enquiry to that
 * company, nor erase, change or read its records through their own privacy page; a person listed among a company's
 * people sees and erases only what they gave or decided themselves.
 */

const VICTIM = { name: "Meera Kulkarni", email: "meera@shakti-forge.example", phone: "+91 94220 55501" };
const COLLEAGUE = { name: "Suresh Patil", email: "suresh@shakti-forge.example", phone: "+91 94220 55502" };
const COMPANY = "Shakti Forgings Pvt Ltd";
const ATTACKER = "mallory@evil.example";
const LINES = [{ description: "Screw compressor for the forge", hsn: "84148011", quantity: 1, unitPrice: 400000 }];
const PUNE = { line1: "Plot 12, Bhosari MIDC", city: "Pune", state: "Maharashtra", pincode: "411026", country: "India" };

let s: TestServer;
let smtp: TestSmtp;
let owner: string;

async function call(method: string, path: string, json?: unknown) {
  const res = await s.request(method, path, { token: owner, json });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

/** A public enquiry, as the site's contact form posts it. */
async function enquire(json: Record<string, unknown>): Promise<string> {
  const res = await s.request("POST", "/api/contacts", { json: { subject: "Compressor", message: "Please call.", ...json } });
  expect(res.status, res.text).toBe(201);
  return res.body.data._id as string;
}

async function quotation(dealId: string, extra: Record<string, unknown> = {}): Promise<{ _id: string; number: string }> {
  return call("POST", "/api/quotations", { dealId, lines: LINES, ...extra });
}

/** The buyer's page accepts or declines (its loader and action call these two; see erasure.test.ts). */
async function decide(id: string, accept: boolean, name: string) {
  await recordView(s.ctx.db, (await getQuotation(s.ctx.db, id))!);
  const done = await recordDecision(
    s.ctx.db,
    (await getQuotation(s.ctx.db, id))!,
    { accept, name, reason: accept ? "" : "Too dear", ip: "203.0.113.77" },
    s.url,
  );
  expect(done).toBe(true);
}

/** Every e-mail tried once, so the outbox's sending changes nothing while a test compares. */
const mailSettled = () =>
  eventually(async () => ((await s.ctx.db.select().from(emailOutbox)).every((r) => r.attempts > 0) ? true : undefined));

/** The answers of these API paths, as text: compared byte for byte before and after. */
async function answers(paths: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const path of paths) {
    const res = await s.request("GET", path, { token: owner });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    out[path] = res.text;
  }
  return out;
}

/** The customer with every version kept of it. */
async function customerPaths(id: string): Promise<string[]> {
  const versions = (await call("GET", `/api/customers/${id}/revisions`)) as { _id: string }[];
  return [
    `/api/customers/${id}`,
    `/api/customers/${id}/revisions`,
    ...versions.map((v) => `/api/customers/${id}/revisions/${v._id}`),
  ];
}

/** Asks for the privacy link of `email` and opens it, as the person does from their mailbox. */
async function openPrivacyPage(email: string) {
  const settings = await getSettings(s.ctx.db);
  const before = smtp.received.length;
  await sendPrivacyLink(s.ctx, email, "198.51.100.23", settings);
  const mail = await eventually(async () =>
    smtp.received.slice(before).find((m) => m.rcptTo.includes(email) && (m.mail.subject ?? "").includes("Your personal data")),
  );
  const token = mail.mail.text?.match(/\/privacy\/request\/(\S+)/)?.[1] ?? "";
  const page = await openPage(s.ctx, token, settings);
  if (page.state !== "open") throw new Error(`the privacy page did not open: ${JSON.stringify(page)}`);
  return { page, settings };
}

const numbersOf = (data: PersonalData) => data.quotations.map((q) => q.number).sort();

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer(
    { SMTP_URL: smtp.url, MAIL_FROM: "Pneuma <sales@pneuma.example>", RATE_LIMITS: "off" },
    { context: { outbox: { pollMs: 200 } } },
  );
  owner = await s.login();
  await call("PUT", "/api/settings", {
    gstin: "33AAKCP1998Q1ZI",
    address: "SIDCO Industrial Estate, Salem 636 005",
    emails: [{ label: "Sales", value: "sales@pneuma.example" }],
  });
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

describe("a stranger who gives a company's phone number with their own e-mail address (issue 44, item 1)", () => {
  const victim = { customer: "", enquiry: "", deals: [] as string[], quotations: [] as { _id: string; number: string }[] };
  let before: Record<string, string>;
  let attackerEnquiries: string[];
  let page: PersonalData;
  let report: { erased: string[]; kept: string[] };

  beforeAll(async () => {
    // The company, its people, an enquiry of one of them, two deals with notes, a quotation accepted and one sent.
    const customer = await call("POST", "/api/customers", {
      name: COMPANY,
      gstin: "27AAPFU0939F1ZV",
      billingAddress: PUNE,
      people: [VICTIM, COLLEAGUE],
    });
    victim.customer = customer._id;
    await call("PUT", `/api/customers/${customer._id}`, { deliveryAddress: { ...PUNE, line1: "Gate 3, the Bhosari works" } });
    victim.enquiry = await enquire({ ...VICTIM, subject: "The forge line", message: `Call the plant on ${VICTIM.phone}.` });
    expect((await call("GET", `/api/contacts/${victim.enquiry}`)).customerId).toBe(customer._id);
    await call("POST", `/api/contacts/${victim.enquiry}/notes`, { text: `the buyer wants a visit; phone ${VICTIM.phone}` });
    const fromLead = await call("POST", "/api/deals", {
      title: "Shakti: the new forge line",
      contactId: victim.enquiry,
      nextStep: { text: `Call the plant on ${VICTIM.phone}`, dueDate: "2030-02-01" },
    });
    const direct = await call("POST", "/api/deals", { title: `${COMPANY}: the air dryer`, customerId: customer._id });
    victim.deals = [fromLead._id, direct._id];
    for (const id of victim.deals) {
      await call("POST", `/api/deals/${id}/notes`, { text: `Spoke to the plant head on ${VICTIM.phone}; the order is likely.` });
    }
    const accepted = await quotation(direct._id, { terms: { notes: `Delivery to the Pune works of ${COMPANY}.` } });
    await call("POST", `/api/quotations/${accepted._id}/send`, { to: [VICTIM.email] });
    await decide(accepted._id, true, VICTIM.name);
    const sent = await quotation(fromLead._id);
    await call("POST", `/api/quotations/${sent._id}/send`, { to: [COLLEAGUE.email] });
    victim.quotations = [accepted, sent];
    await mailSettled();
    before = await answers([
      ...(await customerPaths(customer._id)),
      `/api/contacts/${victim.enquiry}`,
      ...victim.deals.map((id) => `/api/deals/${id}`),
      ...victim.quotations.map((q) => `/api/quotations/${q._id}`),
    ]);

    // The stranger: their own mailbox, the company's phone, and names that are words of the company's records.
    attackerEnquiries = [
      await enquire({ name: "the", email: ATTACKER, phone: VICTIM.phone, company: COMPANY }),
      await enquire({ name: COMPANY, email: ATTACKER, phone: "094220-55501", subject: "Brochure" }),
    ];
    await mailSettled();
    const opened = await openPrivacyPage(ATTACKER);
    page = opened.page.data;
    const erased = await runPageAction(
      s.ctx,
      { token: opened.page.token, session: opened.page.session, intent: "erase", confirm: "on" },
      opened.settings,
    );
    if (erased.state !== "erased") throw new Error(`the erasure did not run: ${JSON.stringify(erased)}`);
    report = erased.report;
  });

  it("links their enquiries to no customer of the company: a phone number alone decides no link", async () => {
    const rows = await s.ctx.db.select().from(contacts).where(inArray(contacts.id, attackerEnquiries));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.customerId).not.toBe(victim.customer);
  });

  it("leaves the company's customer, people, versions, enquiry, deals, notes and quotations exactly as they were", async () => {
    const after = await answers(Object.keys(before));
    for (const path of Object.keys(before)) expect(after[path], path).toBe(before[path]);
  });

  it("shows and reports to them none of the company's quotations", () => {
    const numbers = victim.quotations.map((q) => q.number);
    expect(page.quotations).toEqual([]);
    expect(page.enquiries).toHaveLength(2);
    expect(report.kept).toEqual([]);
    for (const n of numbers) expect(JSON.stringify({ page, report })).not.toContain(n);
  });

  it("erases their own enquiries", async () => {
    const rows = await s.ctx.db.select().from(contacts).where(inArray(contacts.id, attackerEnquiries));
    for (const row of rows) {
      expect(row).toMatchObject({ name: "Erased", email: "", phone: "", company: "", message: "" });
      expect(row.erasedAt).not.toBeNull();
    }
    expect(report.erased).toEqual(expect.arrayContaining([expect.stringMatching(/^2 enquiries \(/)]));
  });
});

describe("a person listed among a company's people", () => {
  const ANIL = { name: "Anil Rao", email: "anil@kaveri-mills.example", phone: "+91 98450 10101" };
  const BINA = { name: "Bina Shah", email: "bina@kaveri-mills.example", phone: "+91 98450 20202" };
  const made = {
    customer: "",
    companyDeal: "",
    own: { _id: "", number: "" },
    binaAccepted: { _id: "", number: "" },
    anilDeclined: { _id: "", number: "" },
    sentToAnil: { _id: "", number: "" },
    sentToBoth: { _id: "", number: "" },
    draft: { _id: "", number: "" },
  };

  beforeAll(async () => {
    const customer = await call("POST", "/api/customers", {
      name: "Kaveri Mills",
      gstin: "33AAGCP4765J1Z5",
      billingAddress: { line1: "14 Mill Road", city: "Coimbatore", state: "Tamil Nadu", pincode: "641001", country: "India" },
      people: [ANIL, BINA],
    });
    made.customer = customer._id;
    // Anil's own enquiry (found by his e-mail address), its deal and its quotation.
    const enquiry = await enquire({ ...ANIL, subject: "Spare compressor" });
    const ownDeal = await call("POST", "/api/deals", { title: "Kaveri: spare compressor", contactId: enquiry });
    expect(ownDeal.customerId).toBe(customer._id);
    made.own = await quotation(ownDeal._id);
    // The company's deal: one quotation Bina accepted, one Anil declined, one sent to Anil undecided, a draft.
    const deal = await call("POST", "/api/deals", { title: "Kaveri Mills: the new spinning hall", customerId: customer._id });
    made.companyDeal = deal._id;
    made.binaAccepted = await quotation(deal._id);
    await call("POST", `/api/quotations/${made.binaAccepted._id}/send`, { to: [BINA.email] });
    await decide(made.binaAccepted._id, true, BINA.name);
    made.anilDeclined = await quotation(deal._id);
    await call("POST", `/api/quotations/${made.anilDeclined._id}/send`, { to: [ANIL.email] });
    await decide(made.anilDeclined._id, false, ANIL.name);
    made.sentToAnil = await quotation(deal._id);
    await call("POST", `/api/quotations/${made.sentToAnil._id}/send`, { to: [ANIL.email] });
    made.sentToBoth = await quotation(deal._id);
    await call("POST", `/api/quotations/${made.sentToBoth._id}/send`, { to: [ANIL.email, BINA.email] });
    made.draft = await quotation(deal._id);
    await mailSettled();
  });

  it("sees on their privacy page only the quotations they gave rise to or decided themselves", async () => {
    const anil = (await openPrivacyPage(ANIL.email)).page.data;
    // His own enquiry's quotation is still a draft: the page shows only what was sent to him (issue 45).
    expect(numbersOf(anil)).toEqual([made.anilDeclined.number]);
    expect(anil.customers).toEqual([expect.objectContaining({ company: "Kaveri Mills", you: expect.objectContaining(ANIL) })]);
    const bina = (await openPrivacyPage(BINA.email)).page.data;
    expect(numbersOf(bina)).toEqual([made.binaAccepted.number]);
  });

  it("erases only their own details: the company, its other person and what they did not decide stay as they were", async () => {
    const companyPaths = [
      `/api/quotations/${made.binaAccepted._id}`,
      `/api/quotations/${made.sentToAnil._id}`,
      `/api/quotations/${made.sentToBoth._id}`,
      `/api/quotations/${made.draft._id}`,
    ];
    const before = await answers(companyPaths);
    const customerBefore = await call("GET", `/api/customers/${made.customer}`);
    const { page, settings } = await openPrivacyPage(ANIL.email);
    const erased = await runPageAction(
      s.ctx,
      { token: page.token, session: page.session, intent: "erase", confirm: "on" },
      settings,
    );
    if (erased.state !== "erased") throw new Error(`the erasure did not run: ${JSON.stringify(erased)}`);
    expect(erased.report.kept).toEqual([]);
    expect(JSON.stringify(erased.report)).not.toContain(made.binaAccepted.number);

    expect(await answers(companyPaths)).toEqual(before);
    const customer = await call("GET", `/api/customers/${made.customer}`);
    expect(customer).toEqual({ ...customerBefore, people: [BINA], updatedAt: customer.updatedAt });
    // The company's quotation from his enquiry keeps its buyer; the one he declined loses who declined it.
    expect((await call("GET", `/api/quotations/${made.own._id}`)).buyer.name).toBe("Kaveri Mills");
    expect((await call("GET", `/api/quotations/${made.anilDeclined._id}`)).decision).toMatchObject({ name: "(erased)", ip: "" });
    const deal = await call("GET", `/api/deals/${made.companyDeal}`);
    expect(deal.title).toBe("Kaveri Mills: the new spinning hall");
    const notes = JSON.stringify(deal.notes);
    expect(notes).not.toContain(ANIL.name);
    expect(notes).not.toContain(ANIL.email);
    expect(notes).toContain(`${BINA.name} accepted ${made.binaAccepted.number}`);
    // The e-mail to both of them is Bina's too: only his address leaves it.
    const toBoth = (await s.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.purpose, "quotation"))).find((r) =>
      r.attachments.some((a) => a.quotationId === made.sentToBoth._id),
    );
    expect(toBoth).toMatchObject({ recipients: [BINA.email], subject: expect.stringContaining(made.sentToBoth.number) });
  });
});
