import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { textOf } from "../support/pdf";
import { type ServerProcess, type SignedInServer, startSignedInServerProcess } from "../support/process";
import { ADMIN, startTestServer } from "../support/server";
import { type ReceivedMail, startTestSmtp, type TestSmtp } from "../support/smtp";
import { strongPassword } from "../support/staff";

// A production server with its pages, a real SMTP server and PDFs read back: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/**
 * A quotation on its way to the buyer (issue 32): the PDF (its text read back), the e-mail through the outbox
 * with the PDF attached and Reply-To the sales person, the signed link to the buyer's page (a changed link
 * finds nothing), viewed, accepted (name, time, address; the deal's owner told at once) and declined.
 */

const SITE = "https://www.pneuma.example";
const COMPANY_GSTIN = "33AAKCP1998Q1ZI";
const BUYER_GSTIN = "27AAPFU0939F1ZV"; // Maharashtra: IGST
let smtp: TestSmtp;
let running: SignedInServer;
let server: ServerProcess;
let asha: string;

async function call(method: string, path: string, token: string | null, json?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(token ? { "x-auth-token": token } : {}), ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
}

/** A sales person with an e-mail address, signed in (their first password changed, as the panel asks). */
async function salesPerson(owner: string): Promise<string> {
  const account = { username: "asha", name: "Asha Raman", email: "asha@pneuma.example", role: "sales" };
  expect((await call("POST", "/api/users", owner, { ...account, password: strongPassword("a1") })).status).toBe(201);
  const first = await call("POST", "/api/auth/login", null, { username: "asha", password: strongPassword("a1") });
  const changed = await call("POST", "/api/auth/password", first.body.token, {
    currentPassword: strongPassword("a1"),
    newPassword: strongPassword("a2"),
  });
  expect(changed.status, changed.text).toBe(200);
  return (await call("POST", "/api/auth/login", null, { username: "asha", password: strongPassword("a2") })).body.token;
}

/** A customer in Maharashtra with one buyer, a deal of Asha's and a quotation of ₹10,00,000 + 18% IGST. */
async function quotation(name: string): Promise<{ _id: string; number: string; dealId: string }> {
  const customer = await call("POST", "/api/customers", asha, {
    name,
    gstin: BUYER_GSTIN,
    billingAddress: { line1: "Plot 7, MIDC", city: "Pune", state: "Maharashtra", pincode: "411019", country: "India" },
    people: [{ name: "Priya Nair", email: `priya@${name.toLowerCase().replace(/\W+/g, "")}.example`, phone: "+91 98220 12345" }],
  });
  expect(customer.status, customer.text).toBe(201);
  const deal = await call("POST", "/api/deals", asha, { title: `${name}: compressor`, customerId: customer.body._id });
  expect(deal.status, deal.text).toBe(201);
  const made = await call("POST", "/api/quotations", asha, {
    dealId: deal.body._id,
    lines: [{ description: "PN-RS 50 Screw Compressor", hsn: "84148011", quantity: 1, unitPrice: 1000000 }],
  });
  expect(made.status, made.text).toBe(201);
  return made.body;
}

async function send(id: string): Promise<{ mail: ReceivedMail; link: string }> {
  const before = smtp.received.length;
  const sent = await call("POST", `/api/quotations/${id}/send`, asha, { message: "Dear Priya,\n\nAs discussed, our offer." });
  expect(sent.status, sent.text).toBe(200);
  expect(sent.body).toMatchObject({ status: "sent" });
  const mail = (await smtp.waitFor(before + 1))[before]!;
  const link = mail.mail.text?.match(/https:\/\/\S+\/quotation\/\S+/)?.[0];
  expect(link).toBeDefined();
  return { mail, link: link! };
}

const page = (link: string, form?: Record<string, string>) =>
  fetch(link.replace(SITE, server.url), {
    method: form ? "POST" : "GET",
    headers: form ? { "content-type": "application/x-www-form-urlencoded" } : {},
    body: form ? new URLSearchParams(form).toString() : undefined,
  });

beforeAll(async () => {
  smtp = await startTestSmtp();
  running = await startSignedInServerProcess(ADMIN, {
    SITE_URL: SITE,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Pneuma Air Systems <sales@pneuma.example>",
    RATE_LIMITS: "off",
    SEED_DEMO: "false",
  });
  server = running.server;
  const settings = await call("PUT", "/api/settings", running.token, {
    gstin: COMPANY_GSTIN,
    companyName: "Pneuma Air Systems",
    address: "SIDCO Industrial Estate, Salem 636 005",
  });
  expect(settings.status, settings.text).toBe(200);
  asha = await salesPerson(running.token);
});
afterAll(async () => {
  await running?.stop();
  await smtp?.close();
});

describe("the quotation's PDF", () => {
  it("has the letterhead, both GSTINs, the HSN code, IGST, the total and the amount in words, as text", async () => {
    const q = await quotation("Deccan Textiles");
    const res = await fetch(`${server.url}/api/quotations/${q._id}/pdf`, { headers: { "x-auth-token": asha } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`${q.number.replace(/\//g, "-")}-v1.pdf`);
    const { text, pages } = await textOf(new Uint8Array(await res.arrayBuffer()));
    expect(pages).toBe(1);
    for (const expected of [
      "Pneuma Air Systems",
      "QUOTATION",
      q.number,
      `GSTIN: ${BUYER_GSTIN}`,
      `GSTIN ${COMPANY_GSTIN}`,
      "84148011",
      "Maharashtra (code 27)",
      "IGST",
      "₹1,80,000.00",
      "₹11,80,000.00",
      "Rupees Eleven Lakh Eighty Thousand Only",
      "Asha Raman",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("CGST");
    expect((await fetch(`${server.url}/api/quotations/${q._id}/pdf`)).status).toBe(401);
  });
});

describe("sending and the buyer's answer", () => {
  it("e-mails the buyer the PDF from the company's sender, Reply-To the sales person, with a link built from SITE_URL", async () => {
    const q = await quotation("Western Forge");
    const { mail, link } = await send(q._id);
    expect(mail.rcptTo).toEqual(["priya@westernforge.example"]);
    expect(mail.mail.from?.text).toContain("sales@pneuma.example");
    expect(mail.mail.replyTo?.text).toContain("asha@pneuma.example");
    expect(mail.mail.subject).toBe(`Quotation ${q.number} from Pneuma Air Systems`);
    expect(mail.mail.text).toContain("As discussed, our offer.");
    expect(link.startsWith(`${SITE}/quotation/${q._id}.`)).toBe(true);
    // Staff see the same link, to share it another way (WhatsApp).
    expect((await call("GET", `/api/quotations/${q._id}`, asha)).body.buyerPath).toBe(new URL(link).pathname);
    const [pdf] = mail.mail.attachments;
    expect(pdf?.contentType).toBe("application/pdf");
    expect(pdf?.filename).toBe(`${q.number.replace(/\//g, "-")}-v1.pdf`);
    expect((await textOf(new Uint8Array(pdf!.content))).text).toContain("Rupees Eleven Lakh Eighty Thousand Only");
    const deal = await call("GET", `/api/deals/${q.dealId}`, asha);
    expect(deal.body.notes.map((n: { kind: string }) => n.kind)).toContain("quotation-sent");
  });

  it("a changed link finds nothing; the buyer's page marks it viewed; accepting records name, time and address and tells the owner", async () => {
    const q = await quotation("Kaveri Foods");
    const { link } = await send(q._id);
    const signature = link.slice(link.lastIndexOf(".") + 1);
    const other = await quotation("Other Buyer");
    for (const wrong of [
      `${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`,
      `${SITE}/quotation/${other._id}.${signature}`,
      `${SITE}/quotation/${q._id}`,
    ]) {
      const res = await page(wrong);
      expect(res.status, wrong).toBe(404);
      expect(await res.text()).not.toContain(q.number);
    }
    expect((await call("GET", `/api/quotations/${q._id}`, asha)).body.status).toBe("sent");
    // Sent, the quotation is the deal's value (issue 45).
    expect((await call("GET", `/api/deals/${q.dealId}`, asha)).body).toMatchObject({
      expectedValue: 1180000,
      valueByHand: false,
    });

    // With a WhatsApp number set, the page offers the chat, but its address (the key to it) stays out of wa.me.
    expect((await call("PUT", "/api/settings", running.token, { whatsapp: "+91 98765 43210" })).status).toBe(200);
    const view = await page(link);
    expect(view.status).toBe(200);
    expect(view.headers.get("cache-control")).toBe("private, no-store");
    const html = await view.text();
    expect(html).toContain(q.number);
    const chat = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)?.[1];
    expect(chat, "the WhatsApp link").toBeDefined();
    expect(decodeURIComponent(chat!.replaceAll("&amp;", "&"))).not.toContain(
      link.slice(link.lastIndexOf("/") + 1, link.lastIndexOf(".")),
    );
    expect(decodeURIComponent(chat!)).not.toContain("/quotation/");
    expect(html).toContain("Rupees Eleven Lakh Eighty Thousand Only");
    expect((await call("GET", `/api/quotations/${q._id}`, asha)).body).toMatchObject({ status: "viewed" });

    const missing = await page(link, { decision: "accept", name: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Your name is required.");

    // The company's owner, with an address, hears of an acceptance too.
    const me = (await call("GET", "/api/auth/me", running.token)).body;
    expect((await call("PUT", `/api/users/${me._id}`, running.token, { email: "owner@pneuma.example" })).status).toBe(200);
    const before = smtp.received.length;
    const accepted = await page(link, { decision: "accept", name: "Priya Nair" });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain("you have accepted this quotation");
    const stored = (await call("GET", `/api/quotations/${q._id}`, asha)).body;
    expect(stored).toMatchObject({ status: "accepted", decision: { name: "Priya Nair" } });
    expect(stored.decision.ip).toMatch(/127\.0\.0\.1/);
    expect(Date.now() - Date.parse(stored.decidedAt)).toBeLessThan(60_000);
    // The sales person and the owners are told; the buyer gets a copy of what they accepted (issue 45).
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const told = mails.find((m) => m.mail.subject === `Quotation ${q.number} accepted by Kaveri Foods`)!;
    expect(told.rcptTo).toEqual(["asha@pneuma.example", "owner@pneuma.example"]);
    const copy = mails.find((m) => m.mail.subject?.startsWith(`Your acceptance of quotation ${q.number}`))!;
    expect(copy.rcptTo).toEqual(["priya@kaverifoods.example"]);
    expect(copy.mail.replyTo?.text).toContain("asha@pneuma.example");
    expect(copy.mail.text).toContain("You accepted our quotation");
    expect(copy.mail.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
    const deal = (await call("GET", `/api/deals/${q.dealId}`, asha)).body;
    expect(deal.stage).toBe("won");
    expect(deal.notes.map((n: { kind: string }) => n.kind)).toEqual(
      expect.arrayContaining(["quotation-sent", "quotation-viewed", "quotation-accepted"]),
    );

    // The page's data (what React Router fetches as `.data`) carries what the page shows and nothing more.
    const pageData = await page(`${link}.data`);
    expect(pageData.status).toBe(200);
    const carried = await pageData.text();
    expect(carried).toContain(q.number);
    for (const hidden of [q.dealId, stored.customerId, stored.decision.ip, "Asha Raman", "preparedBy", '"ip"', '"_id"']) {
      expect(carried, `the page's data names ${hidden}`).not.toContain(hidden);
    }

    const again = await page(link, { decision: "decline", name: "Someone Else" });
    expect(again.status).toBe(409);
    expect((await call("GET", `/api/quotations/${q._id}`, asha)).body.status).toBe("accepted");

    // Accepted is final: no revision that could be accepted again (two accepted versions of one number).
    const revised = await call("POST", `/api/quotations/${q._id}/revise`, asha, { terms: { notes: "Freight extra." } });
    expect(revised.status).toBe(409);
    expect(revised.body.message).toBe(
      `Quotation ${q.number} v1 has been accepted, so it is final. For a change, make a new quotation.`,
    );
    expect((await call("GET", `/api/quotations/${q._id}`, asha)).body.versions).toHaveLength(1);
  });

  it("declining moves the deal to Negotiating and logs the reason; only the latest version can be sent or answered", async () => {
    const q = await quotation("Nilgiri Tea");
    const { link } = await send(q._id);
    const revised = await call("POST", `/api/quotations/${q._id}/revise`, asha, { terms: { notes: "Freight included." } });
    expect(revised.status, revised.text).toBe(201);
    const old = await call("POST", `/api/quotations/${q._id}/send`, asha, {});
    expect(old.status).toBe(409);
    expect(old.body.message).toBe("Only the latest version can be sent: this is v1, and v2 exists.");
    const stale = await page(link, { decision: "decline", name: "Priya Nair" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("we have since sent version 2");

    const { link: newest } = await send(revised.body._id);
    const before = smtp.received.length;
    const declined = await page(newest, { decision: "decline", name: "Priya Nair", reason: "Budget moved to next year." });
    expect(declined.status).toBe(200);
    // The sales person is told, and a reply reaches the buyer (issue 45: Reply-To was empty, the phone missing).
    const told = (await smtp.waitFor(before + 1))[before]!;
    expect(told.rcptTo).toEqual(["asha@pneuma.example"]);
    expect(told.mail.replyTo?.text).toContain("priya@nilgiritea.example");
    expect(told.mail.text).toContain("phone +91 98220 12345");
    expect((await call("GET", `/api/quotations/${revised.body._id}`, asha)).body).toMatchObject({
      status: "declined",
      decision: { name: "Priya Nair", reason: "Budget moved to next year." },
    });
    const deal = (await call("GET", `/api/deals/${q.dealId}`, asha)).body;
    expect(deal.stage).toBe("negotiating");
    expect(deal.notes.find((n: { kind: string }) => n.kind === "quotation-declined")?.text).toContain(
      "Budget moved to next year.",
    );
  });
});

describe("the particulars a purchase manager and a CA expect (issue 45)", () => {
  const PAN = "AAKCP1998Q";
  const BANK = "State Bank of India, Salem Main. Current account 30012345678. IFSC SBIN0000123.";
  const DELIVERY = { line1: "Unit 4, GIDC Estate", city: "Vapi", state: "Gujarat", pincode: "396195", country: "India" };
  const LINES = [
    { description: "PN-RS 50 Screw Compressor", hsn: "84148011", quantity: 1, unitPrice: 1000000 },
    { description: "Freight to site", hsn: "996511", quantity: 1, unitPrice: 8500 },
  ];
  let lead: { _id: string; reference: string; createdAt: string };
  let customerId: string;

  beforeAll(async () => {
    const settings = await call("PUT", "/api/settings", running.token, { pan: PAN, bankDetails: BANK });
    expect(settings.status, settings.text).toBe(200);
    const customer = await call("POST", "/api/customers", running.token, {
      name: "Sahyadri Polymers",
      gstin: BUYER_GSTIN,
      billingAddress: { line1: "Plot 7, MIDC", city: "Pune", state: "Maharashtra", pincode: "411019", country: "India" },
      deliveryAddress: DELIVERY,
      people: [{ name: "Meera Joshi", email: "meera@sahyadri.example" }],
    });
    expect(customer.status, customer.text).toBe(201);
    customerId = customer.body._id;
    const added = await call("POST", "/api/contacts", running.token, {
      name: "Ravi Kulkarni",
      email: "ravi@sahyadri.example",
      company: "Sahyadri Polymers",
      subject: "Compressor for the moulding shop",
    });
    expect(added.status, added.text).toBe(201);
    lead = added.body.data;
  });

  async function dealOf(title: string, contactId: string | null): Promise<string> {
    const deal = await call("POST", "/api/deals", running.token, { title, customerId, contactId });
    expect(deal.status, deal.text).toBe(201);
    return deal.body._id;
  }

  it("fills Ship-to, Your ref. and Kind attn. from the customer and the deal's enquiry; staff change them; a revision keeps them", async () => {
    const made = await call("POST", "/api/quotations", running.token, {
      dealId: await dealOf("Moulding shop", lead._id),
      lines: LINES,
    });
    expect(made.status, made.text).toBe(201);
    const day = new Date(Date.parse(lead.createdAt) + 330 * 60_000).toISOString().slice(0, 10);
    expect(made.body.particulars).toEqual({
      shipTo: DELIVERY,
      yourRef: lead.reference,
      yourRefDate: day,
      kindAttn: "Ravi Kulkarni",
    });
    expect(made.body.seller).toMatchObject({ gstin: COMPANY_GSTIN, pan: PAN, bankDetails: BANK });

    // Without an enquiry: the customer's first person; no delivery address, the billing one.
    const plain = await call("POST", "/api/customers", running.token, {
      name: "Konkan Cold Storage",
      gstin: BUYER_GSTIN,
      billingAddress: { line1: "Survey 12", city: "Pune", state: "Maharashtra", pincode: "411001", country: "India" },
      people: [
        { name: "", phone: "+91 98220 55555" },
        { name: "Anil Desai", email: "anil@konkan.example" },
      ],
    });
    const deal = await call("POST", "/api/deals", running.token, { title: "Cold room", customerId: plain.body._id });
    const bare = await call("POST", "/api/quotations", running.token, { dealId: deal.body._id, lines: LINES });
    expect(bare.body.particulars).toEqual({
      shipTo: plain.body.billingAddress,
      yourRef: "",
      yourRefDate: null,
      kindAttn: "Anil Desai",
    });

    // Staff's own: their purchase order instead of the enquiry, another person; control characters go.
    const own = await call("POST", "/api/quotations", running.token, {
      dealId: await dealOf("Second line", lead._id),
      lines: LINES,
      particulars: { yourRef: "PO/SP/7781", yourRefDate: "2026-11-20", kindAttn: "Purchase\r\nManager" },
    });
    expect(own.status, own.text).toBe(201);
    expect(own.body.particulars).toEqual({
      shipTo: DELIVERY,
      yourRef: "PO/SP/7781",
      yourRefDate: "2026-11-20",
      kindAttn: "Purchase  Manager",
    });
    const wrong = await call("POST", "/api/quotations", running.token, {
      dealId: await dealOf("Third line", lead._id),
      lines: LINES,
      particulars: { shipTo: { line1: "Dock 3", state: "Atlantis" } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('Ship-to address state "Atlantis" is not an Indian state or union territory.');

    // A revision copies the previous version's (staff's changes too), and changes only what it names.
    const kept = await call("POST", `/api/quotations/${own.body._id}/revise`, running.token, {
      terms: { notes: "Freight extra." },
    });
    expect(kept.status, kept.text).toBe(201);
    expect(kept.body.particulars).toEqual(own.body.particulars);
    const shipped = { line1: "Warehouse 2", city: "Nashik", state: "maharashtra", pincode: "422010", country: "India" };
    const moved = await call("POST", `/api/quotations/${kept.body._id}/revise`, running.token, {
      particulars: { shipTo: shipped, kindAttn: "Ravi Kulkarni" },
    });
    expect(moved.body.particulars).toEqual({
      ...own.body.particulars,
      shipTo: { ...shipped, state: "Maharashtra" },
      kindAttn: "Ravi Kulkarni",
    });

    // PAN and bank details are the quotation's copy: changed in Site Settings later, it still prints what it said.
    expect((await call("PUT", "/api/settings", running.token, { pan: "ABCDE1234F" })).status).toBe(200);
    try {
      expect((await call("GET", `/api/quotations/${made.body._id}`, running.token)).body.seller.pan).toBe(PAN);
    } finally {
      expect((await call("PUT", "/api/settings", running.token, { pan: PAN })).status).toBe(200);
    }
  });

  it("the PDF and the buyer's page show place of supply, Bill-to and Ship-to, Your ref., Kind attn., the HSN/SAC summary, bank and PAN", async () => {
    const made = await call("POST", "/api/quotations", asha, {
      dealId: (await call("POST", "/api/deals", asha, { title: "Moulding shop 2", customerId, contactId: lead._id })).body._id,
      lines: LINES,
    });
    expect(made.status, made.text).toBe(201);
    const q = made.body;
    const res = await fetch(`${server.url}/api/quotations/${q._id}/pdf`, { headers: { "x-auth-token": asha } });
    const { text } = await textOf(new Uint8Array(await res.arrayBuffer()));
    const refDay = q.particulars.yourRefDate as string;
    const [y, m, d] = refDay.split("-").map(Number);
    const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m! - 1];
    const refText = `${lead.reference} dated ${d} ${month} ${y}`;
    for (const expected of [
      "BILL TO",
      "Plot 7, MIDC",
      "SHIP TO",
      "Unit 4, GIDC Estate",
      "Vapi Gujarat 396195",
      "Place of supply Maharashtra (27)",
      `Your ref. ${refText}`,
      "Kind attn. Ravi Kulkarni",
      "HSN/SAC SUMMARY",
      // Code, taxable value, IGST rate and amount, total tax; then the totals row.
      "84148011 10,00,000.00 18% 1,80,000.00 1,80,000.00",
      "996511 8,500.00 18% 1,530.00 1,530.00",
      "Total 10,08,500.00 1,81,530.00 1,81,530.00",
      `PAN ${PAN}`,
      BANK,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("CGST");

    const { link } = await send(q._id);
    const html = await (await page(link)).text();
    for (const expected of [
      "Bill to",
      "Ship to",
      "Unit 4, GIDC Estate",
      "Place of supply",
      "Maharashtra (27)",
      refText,
      "Ravi Kulkarni",
      "Tax by HSN/SAC code",
      "₹1,81,530.00",
      PAN,
      BANK,
    ]) {
      expect(html).toContain(expected);
    }
    // The page's data carries the particulars it shows, still nothing of the staff's side.
    const carried = await (await page(`${link}.data`)).text();
    for (const shown of [lead.reference, "Ravi Kulkarni", "GIDC Estate", PAN, "SBIN0000123"]) expect(carried).toContain(shown);
    for (const hidden of [q.dealId, customerId, lead._id, "Asha Raman", '"_id"']) expect(carried).not.toContain(hidden);
  });
});

it("without e-mail set up, sending answers 409 in words and changes nothing", async () => {
  const s = await startTestServer({ RATE_LIMITS: "off" });
  try {
    const owner = await s.login();
    expect((await s.request("PUT", "/api/settings", { token: owner, json: { gstin: COMPANY_GSTIN } })).status).toBe(200);
    const customer = await s.request("POST", "/api/customers", {
      token: owner,
      json: { name: "Salem Steel", gstin: BUYER_GSTIN },
    });
    const deal = await s.request("POST", "/api/deals", { token: owner, json: { title: "Dryer", customerId: customer.body._id } });
    const made = await s.request("POST", "/api/quotations", {
      token: owner,
      json: { dealId: deal.body._id, lines: [{ description: "Air dryer", hsn: "84148019", quantity: 1, unitPrice: 50000 }] },
    });
    expect(made.status, made.text).toBe(201);
    const res = await s.request("POST", `/api/quotations/${made.body._id}/send`, {
      token: owner,
      json: { to: ["buyer@example.com"] },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("E-mail is not set up on this server");
    expect((await s.request("GET", `/api/quotations/${made.body._id}`, { token: owner })).body).toMatchObject({
      status: "draft",
      sentAt: null,
    });
  } finally {
    await s.close();
  }
});
