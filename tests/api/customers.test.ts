import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../shared/lib/ids";
import { buyer } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff } from "../support/staff";

/**
 * The sales desk's customers: GSTIN and addresses checked, people, enquiries linked by e-mail (by phone only when
 * they give no e-mail address), merging.
 */

let s: TestServer;
let owner: string;
let sales: string;

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  owner = await s.login();
  sales = (await addStaff(s, owner, "sales")).token;
});
afterAll(() => s?.close());

const ADDRESS = { line1: "14 Mill Road", city: "Coimbatore", state: "Tamilnadu", pincode: "641 001", country: "India" };
const total = async () => Number((await s.request("GET", "/api/customers", { token: owner })).headers.get("x-total-count"));
const post = (json: unknown, token = sales) => s.request("POST", "/api/customers", { token, json });

describe("a customer's details", () => {
  it("are stored checked and normalised: GSTIN in capitals, its state code, the state's name, the PIN code's digits", async () => {
    const res = await post({
      name: "Sri Murugan Spinning Mills",
      gstin: " 33aagcp4765j1z5 ",
      billingAddress: ADDRESS,
      people: [{ name: "Senthil", phone: "+91 98431 00001", email: "Senthil@Murugan.example" }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Sri Murugan Spinning Mills",
      gstin: "33AAGCP4765J1Z5",
      stateCode: "33",
      billingAddress: { line1: "14 Mill Road", city: "Coimbatore", state: "Tamil Nadu", pincode: "641001", country: "India" },
      deliveryAddress: { line1: "", state: "", country: "India" },
      people: [{ name: "Senthil", phone: "+91 98431 00001", email: "senthil@murugan.example" }],
      enquiries: 0,
    });
    expect((await s.request("GET", `/api/customers/${res.body._id}`, { token: owner })).body).toEqual(res.body);
  });

  it("without a GSTIN take the billing address's state for the tax", async () => {
    const res = await post({ name: "Kerala Rubber Works", billingAddress: { ...ADDRESS, state: "Kerala", city: "Kochi" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ gstin: "", stateCode: "32" });
  });

  it.each([
    [{ name: "X", gstin: "33AAGCP4765J1Z6" }, "GSTIN's last character does not match: check for a typing mistake."],
    [{ name: "X", gstin: "33AAGCP4765J1Z" }, "GSTIN must be 15 characters."],
    [
      { name: "X", gstin: "27AAPFU0939F1ZV", billingAddress: ADDRESS },
      "Billing address state must be the GSTIN's state (Maharashtra).",
    ],
    [
      { name: "X", billingAddress: { ...ADDRESS, state: "Narnia" } },
      'Billing address state "Narnia" is not an Indian state or union territory.',
    ],
    [{ name: "X", deliveryAddress: { ...ADDRESS, pincode: "64100" } }, "Delivery address PIN code must be six digits."],
    [{ name: "X", people: [{ email: "not an address" }] }, "Person's email must be a valid e-mail address."],
    [{ name: "X", people: [{ name: "", phone: "", email: "" }] }, "Each person needs a name, phone or email."],
    [{ name: "" }, "Name is required."],
  ])("refuses %j with a message in words and stores nothing", async (json, message) => {
    const before = await total();
    const res = await post(json);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await total()).toBe(before);
  });

  it("outside India keep any state and PIN code", async () => {
    const res = await post({
      name: "Colombo Garments",
      billingAddress: { city: "Colombo", state: "Western", pincode: "00300", country: "Sri Lanka" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ stateCode: "", billingAddress: { state: "Western", pincode: "00300" } });
  });

  it("are changed by PUT, the fields given (people as a whole list); an unknown id is 404", async () => {
    const made = await post({ name: "Old Name", people: [{ name: "A", email: "a@old.example" }] });
    const res = await s.request("PUT", `/api/customers/${made.body._id}`, {
      token: sales,
      json: { name: "New Name", people: [{ name: "B", phone: "0422 2345678" }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "New Name", people: [{ name: "B", phone: "0422 2345678", email: "" }] });
    const gstin = await s.request("PUT", `/api/customers/${made.body._id}`, { token: sales, json: { gstin: "33AAPFU0939F1Z2" } });
    expect(gstin.body).toMatchObject({ name: "New Name", gstin: "33AAPFU0939F1Z2", people: [{ name: "B" }] });
    const missing = await s.request("PUT", `/api/customers/${newId()}`, { token: sales, json: { name: "Y" } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Customer not found.");
  });

  it("keep a version per change, newest first with the fields it changed and who made it", async () => {
    const made = await post({ name: "Versioned Mills", billingAddress: ADDRESS });
    await s.request("PUT", `/api/customers/${made.body._id}`, { token: owner, json: { name: "Versioned Mills Pvt Ltd" } });
    const list = await s.request("GET", `/api/customers/${made.body._id}/revisions`, { token: sales });
    expect(list.status).toBe(200);
    expect(list.body.map((v: { action: string; changed: string[] }) => [v.action, v.changed])).toEqual([
      ["update", ["Name"]],
      ["create", []],
    ]);
    expect(list.body[0].actorName).toBe("admin");
    const first = await s.request("GET", `/api/customers/${made.body._id}/revisions/${list.body[1]._id}`, { token: sales });
    expect(first.body.view).toMatchObject({ name: "Versioned Mills", gstin: "" });
    expect((await s.request("GET", `/api/customers/${newId()}/revisions`, { token: sales })).status).toBe(404);
  });
});

describe("the list", () => {
  it("is a plain array by name with X-Total-Count; q matches a person's phone digits, the GSTIN and the city", async () => {
    const all = await s.request("GET", "/api/customers?limit=500", { token: sales });
    expect(Array.isArray(all.body)).toBe(true);
    const names = all.body.map((c: { name: string }) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Number(all.headers.get("x-total-count"))).toBe(all.body.length);
    for (const q of ["9843100001", "33aagcp4765", "coimbatore"]) {
      const found = await s.request("GET", `/api/customers?q=${q}`, { token: sales });
      expect(
        found.body.map((c: { name: string }) => c.name),
        q,
      ).toContain("Sri Murugan Spinning Mills");
    }
    const page = await s.request("GET", "/api/customers?limit=1&page=2", { token: sales });
    expect(page.body).toHaveLength(1);
    expect(page.body[0]._id).toBe(all.body[1]._id);
    expect((await s.request("GET", "/api/customers?limit=0", { token: sales })).status).toBe(400);
  });
});

describe("enquiries and customers", () => {
  const customerOf = async (contactId: string) =>
    (await s.request("GET", `/api/contacts/${contactId}`, { token: owner })).body.customerId as string | null;

  it("a first enquiry makes a customer named after the company, with the person in it; the enquiry is a website lead", async () => {
    const sent = await s.request("POST", "/api/quotes", { json: buyer({ email: "ravi@kumartextiles.example" }) });
    expect(sent.status).toBe(201);
    const contact = (await s.request("GET", `/api/contacts/${sent.body.data._id}`, { token: owner })).body;
    expect(contact.source).toBe("website");
    const customer = (await s.request("GET", `/api/customers/${contact.customerId}`, { token: sales })).body;
    expect(customer).toMatchObject({
      name: "Kumar Textiles",
      people: [{ name: "Ravi Kumar", email: "ravi@kumartextiles.example", phone: "+91 98765 43210" }],
      enquiries: 1,
    });
  });

  it("the next one finds it by e-mail in any case; a lead without an e-mail address, by the same phone written another way", async () => {
    const first = await s.request("POST", "/api/quotes", { json: buyer({ email: "ravi@kumartextiles.example" }) });
    const customerId = await customerOf(first.body.data._id);
    const byEmail = await s.request("POST", "/api/contacts", {
      json: { name: "Ravi", email: "RAVI@KumarTextiles.example", subject: "Service", message: "Our compressor trips." },
    });
    const byPhone = await s.request("POST", "/api/contacts", {
      token: sales,
      json: { name: "Accounts", phone: "098765-43210", channel: "phone", message: "Call back about the invoice." },
    });
    expect(byPhone.status, byPhone.text).toBe(201);
    expect(await customerOf(byEmail.body.data._id)).toBe(customerId);
    expect(await customerOf(byPhone.body.data._id)).toBe(customerId);
    expect((await s.request("GET", `/api/customers/${customerId}`, { token: sales })).body.enquiries).toBe(4);
  });

  it("an enquiry with another e-mail address is never joined by its phone alone: it makes its own customer, found beside the first by the phone (issue 44)", async () => {
    const known = await s.request("POST", "/api/quotes", { json: buyer({ email: "ravi@kumartextiles.example" }) });
    const customerId = await customerOf(known.body.data._id);
    const sent = await s.request("POST", "/api/quotes", {
      json: buyer({ name: "Accounts", email: "accounts@elsewhere.example", phone: "098765-43210", company: "Elsewhere Traders" }),
    });
    expect(sent.status, sent.text).toBe(201);
    const otherId = await customerOf(sent.body.data._id);
    expect(otherId).not.toBeNull();
    expect(otherId).not.toBe(customerId);
    const other = (await s.request("GET", `/api/customers/${otherId}`, { token: sales })).body;
    expect(other).toMatchObject({ name: "Elsewhere Traders", people: [{ email: "accounts@elsewhere.example" }], enquiries: 1 });
    const found = await s.request("GET", "/api/customers?q=9876543210", { token: sales });
    const ids = found.body.map((c: { _id: string }) => c._id);
    expect(ids).toEqual(expect.arrayContaining([customerId, otherId]));
  });

  it("someone new makes a customer of their own, named after them when they give no company", async () => {
    const sent = await s.request("POST", "/api/contacts", {
      json: { name: "Lakshmi Narayanan", email: "lakshmi@example.com", subject: "Price", message: "Price of a 10 HP?" },
    });
    const customer = (await s.request("GET", `/api/customers/${await customerOf(sent.body.data._id)}`, { token: sales })).body;
    expect(customer).toMatchObject({ name: "Lakshmi Narayanan", people: [{ email: "lakshmi@example.com" }] });
  });

  it("merging moves the other's enquiries and new people in, fills a missing GSTIN, and deletes the other", async () => {
    const kept = await post({ name: "Kumar Textiles Pvt Ltd", people: [{ name: "Ravi", email: "ravi@kumartextiles.example" }] });
    const sent = await s.request("POST", "/api/contacts", {
      json: { name: "Priya", email: "priya@kumar.example", subject: "AMC", message: "AMC renewal" },
    });
    const other = await s.request("PUT", `/api/customers/${await customerOf(sent.body.data._id)}`, {
      token: sales,
      json: {
        name: "Kumar Tex",
        gstin: "33AAPFU0939F1Z2",
        people: [
          { name: "Priya", email: "priya@kumar.example" },
          { name: "Ravi again", email: "RAVI@kumartextiles.example" },
        ],
      },
    });
    const merged = await s.request("POST", `/api/customers/${kept.body._id}/merge`, {
      token: sales,
      json: { otherId: other.body._id },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({
      name: "Kumar Textiles Pvt Ltd",
      gstin: "33AAPFU0939F1Z2",
      people: [{ email: "ravi@kumartextiles.example" }, { email: "priya@kumar.example" }],
      enquiries: 1,
    });
    expect(merged.body.people).toHaveLength(2);
    expect(await customerOf(sent.body.data._id)).toBe(kept.body._id);
    expect((await s.request("GET", `/api/customers/${other.body._id}`, { token: sales })).status).toBe(404);
    const activity = (await s.request("GET", "/api/activity?type=customer", { token: owner })).body;
    const entries = Array.isArray(activity) ? activity : activity.data;
    expect(
      entries.some((e: { action: string; detail: string }) => e.action === "merge" && e.detail === "merged in Kumar Tex"),
    ).toBe(true);
  });

  it("refuses to merge a customer with itself (400) or with one that does not exist (404), changing nothing", async () => {
    const made = await post({ name: "Alone Ltd" });
    const self = await s.request("POST", `/api/customers/${made.body._id}/merge`, {
      token: sales,
      json: { otherId: made.body._id },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("A customer cannot be merged with itself.");
    const none = await s.request("POST", `/api/customers/${made.body._id}/merge`, { token: sales, json: { otherId: newId() } });
    expect(none.status).toBe(404);
    expect((await s.request("GET", `/api/customers/${made.body._id}`, { token: sales })).body.name).toBe("Alone Ltd");
  });

  it("deleting a customer keeps its enquiries, unlinked", async () => {
    const sent = await s.request("POST", "/api/contacts", {
      json: { name: "Gone", email: "gone@example.com", subject: "Hi", message: "Hello there" },
    });
    const customerId = await customerOf(sent.body.data._id);
    const res = await s.request("DELETE", `/api/customers/${customerId}`, { token: sales });
    expect(res.status).toBe(200);
    expect(await customerOf(sent.body.data._id)).toBeNull();
  });
});

describe("the customers of deals (issue 44: a sales person could change a colleague's deal through its customer)", () => {
  let vijay: string;
  const get = async (id: string) => (await s.request("GET", `/api/customers/${id}`, { token: owner })).body;
  /** A customer of the `sales` account's open deal, with a quotation made out to it. */
  async function customerOfDeal(name: string) {
    const customer = await post({ name, gstin: "33AAGCP4765J1Z5", people: [{ name: "Senthil", email: "senthil@deal.example" }] });
    const deal = await s.request("POST", "/api/deals", {
      token: sales,
      json: { title: `${name}: a compressor`, customerId: customer.body._id },
    });
    expect(deal.status, deal.text).toBe(201);
    const line = { description: "Installation", hsn: "998717", quantity: 1, unitPrice: "1000" };
    const quotation = await s.request("POST", "/api/quotations", {
      token: sales,
      json: { dealId: deal.body._id, lines: [line] },
    });
    expect(quotation.status, quotation.text).toBe(201);
    return {
      customer: customer.body as { _id: string },
      deal: deal.body as { _id: string },
      quotation: quotation.body as { _id: string },
    };
  }

  beforeAll(async () => {
    vijay = (await addStaff(s, owner, "sales", "vijay")).token;
    const saved = await s.request("PUT", "/api/settings", { token: owner, json: { gstin: "33AAKCP1998Q1ZI" } });
    expect(saved.status).toBe(200);
  });

  it("are read-only to another sales person: the people cannot be changed (403 in words), nothing changes", async () => {
    const { customer } = await customerOfDeal("Colleague Mills");
    const before = await get(customer._id);
    const res = await s.request("PUT", `/api/customers/${customer._id}`, {
      token: vijay,
      json: { people: [{ name: "Someone", email: "someone@elsewhere.example" }] },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      "This customer is on another sales person's open deal (Colleague Mills: a compressor): you can read it, but only they or an owner can change it.",
    );
    expect(await get(customer._id)).toEqual(before);
    // The deal's own sales person still keeps it up to date.
    const own = await s.request("PUT", `/api/customers/${customer._id}`, { token: sales, json: { name: "Colleague Mills Ltd" } });
    expect(own.status, own.text).toBe(200);
  });

  it("cannot be deleted or merged by a sales person (403 in words), nothing changes", async () => {
    const { customer } = await customerOfDeal("Merge Target Mills");
    const spare = await post({ name: "Spare Traders" }, vijay);
    const before = await get(customer._id);
    const message =
      "Only an owner can delete or merge a customer with deals: their deals and quotations must stay with the right customer.";
    for (const token of [vijay, sales]) {
      const deleted = await s.request("DELETE", `/api/customers/${customer._id}`, { token });
      const mergedAway = await s.request("POST", `/api/customers/${spare.body._id}/merge`, {
        token,
        json: { otherId: customer._id },
      });
      const mergedInto = await s.request("POST", `/api/customers/${customer._id}/merge`, {
        token,
        json: { otherId: spare.body._id },
      });
      for (const res of [deleted, mergedAway, mergedInto]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(message);
      }
    }
    expect(await get(customer._id)).toEqual(before);
    expect((await s.request("GET", `/api/customers/${spare.body._id}`, { token: owner })).status).toBe(200);
  });

  it("merged by an owner: the deals and quotations follow the kept customer", async () => {
    const { customer, deal, quotation } = await customerOfDeal("Duplicate Mills");
    const kept = await post({ name: "Duplicate Mills Pvt Ltd" }, vijay);
    const merged = await s.request("POST", `/api/customers/${kept.body._id}/merge`, {
      token: owner,
      json: { otherId: customer._id },
    });
    expect(merged.status, merged.text).toBe(200);
    expect((await s.request("GET", `/api/customers/${customer._id}`, { token: owner })).status).toBe(404);
    expect((await s.request("GET", `/api/deals/${deal._id}`, { token: owner })).body.customerId).toBe(kept.body._id);
    expect((await s.request("GET", `/api/quotations/${quotation._id}`, { token: owner })).body.customerId).toBe(kept.body._id);
  });

  it("are not deleted, even by an owner (409 in words: merge instead); the deal keeps its customer", async () => {
    const { customer, deal } = await customerOfDeal("Kept Mills");
    const res = await s.request("DELETE", `/api/customers/${customer._id}`, { token: owner });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "This customer has deals or quotations: deleting it would leave them without one. Merge it into the right customer instead.",
    );
    expect((await s.request("GET", `/api/deals/${deal._id}`, { token: owner })).body.customerId).toBe(customer._id);
  });
});

describe("held enquiries (past the site-wide hourly cap)", () => {
  it("are linked to a customer they match but make no new one: a flood fills no customer list", async () => {
    const capped = await startTestServer({ RATE_LIMITS: "on", ENQUIRY_HOURLY_CAP: "1", TRUST_PROXY: "loopback" });
    try {
      const send = (ip: string, email: string) =>
        capped.request("POST", "/api/contacts", {
          json: { name: "Anita Rao", email, subject: "Brochure", message: "Please send one." },
          headers: { "x-forwarded-for": ip },
        });
      const first = await send("198.51.100.1", "anita@example.com");
      const stranger = await send("198.51.100.2", "stranger@example.com");
      const known = await send("198.51.100.3", "ANITA@example.com");
      const token = await capped.login();
      const contact = async (r: typeof first) =>
        (await capped.request("GET", `/api/contacts/${r.body.data._id}`, { token })).body;
      const [a, b, c] = [await contact(first), await contact(stranger), await contact(known)];
      expect([a.held, b.held, c.held]).toEqual([false, true, true]);
      expect(a.customerId).not.toBeNull();
      expect(b.customerId).toBeNull();
      expect(c.customerId).toBe(a.customerId);
      expect((await capped.request("GET", "/api/customers", { token })).headers.get("x-total-count")).toBe("1");
    } finally {
      await capped.close();
    }
  });
});

describe("leads typed in by staff (POST /api/contacts with a token)", () => {
  it("are stored as manual leads named after the channel and linked to the customer by phone; nothing is e-mailed", async () => {
    const res = await s.request("POST", "/api/contacts", {
      token: sales,
      json: { name: "Ravi Kumar", phone: "98765 43210", channel: "phone", message: "Needs a 50 HP screw compressor by March." },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe("Lead added.");
    expect(res.body.data).toMatchObject({
      source: "manual",
      subject: "Phone call",
      email: "",
      type: "message",
      notification: { status: "off" },
      acknowledgement: { status: "off" },
    });
    const customer = (await s.request("GET", `/api/customers/${res.body.data.customerId}`, { token: sales })).body;
    expect(customer.people[0].phone).toBe("+91 98765 43210");
  });

  it("need an e-mail address or a phone number, and a role that handles enquiries", async () => {
    const none = await s.request("POST", "/api/contacts", { token: sales, json: { name: "Someone", channel: "walk-in" } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Give an e-mail address or a phone number, so the lead can be answered.");
    const editor = (await addStaff(s, owner, "editor", "eshwar")).token;
    const refused = await s.request("POST", "/api/contacts", { token: editor, json: { name: "X", phone: "9876543210" } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your role (editor) cannot add leads.");
  });
});
