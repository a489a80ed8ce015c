import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { submitContact } from "../../server/content/enquiry";
import { HttpError } from "../../server/http/errors";
import { CONTACT_THANK_YOU } from "../../shared/schemas/contact";
import { startTestServer, type TestServer } from "../support/server";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  token = await s.login();
});
afterAll(async () => {
  await s.close();
});

/** The error a submission was refused with. */
async function refused(submission: Promise<unknown>): Promise<HttpError> {
  try {
    await submission;
  } catch (err) {
    return err as HttpError;
  }
  throw new Error("expected the submission to be refused");
}

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Ravi Kumar",
  email: "ravi@example.com",
  phone: "+91 98765 43210",
  subject: "Quote for a 10 HP screw compressor",
  message: "Please send a quotation with delivery time to Coimbatore.",
  ...overrides,
});

describe("POST /api/contacts (public)", () => {
  it("stores a message without a token and answers 201 {message, data:{_id}}", async () => {
    const res = await s.request("POST", "/api/contacts", { json: message() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: CONTACT_THANK_YOU,
      data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), reference: expect.stringMatching(/^M-\d{4}-\d{5}$/) },
    });
    const stored = await s.request("GET", `/api/contacts/${res.body.data._id}`, { token });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ ...message(), status: "new" });
    expect(new Date(stored.body.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("accepts a form-encoded body, and phone is optional", async () => {
    const body = new URLSearchParams({ ...message(), phone: "" }).toString();
    const res = await s.request("POST", "/api/contacts", {
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(201);
  });

  it("rejects missing fields and a bad e-mail with 400 and stores nothing", async () => {
    const before = (await s.request("GET", "/api/contacts", { token })).body.length;
    const missing = await s.request("POST", "/api/contacts", { json: { email: "x@example.com" } });
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["message", "name", "subject"]);
    const badEmail = await s.request("POST", "/api/contacts", { json: message({ email: "not-an-email" }) });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.issues).toEqual([{ path: "email", message: "Email must be a valid e-mail address." }]);
    const tooLong = await s.request("POST", "/api/contacts", { json: message({ message: "x".repeat(5001) }) });
    expect(tooLong.status).toBe(400);
    const blank = await s.request("POST", "/api/contacts", { json: message({ name: "   " }) });
    expect(blank.status).toBe(400);
    expect((await s.request("GET", "/api/contacts", { token })).body.length).toBe(before);
  });

  it("answers a filled honeypot as if accepted but stores nothing", async () => {
    const before = (await s.request("GET", "/api/contacts", { token })).body.length;
    const res = await s.request("POST", "/api/contacts", { json: message({ website: "http://spam.example" }) });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(CONTACT_THANK_YOU);
    expect((await s.request("GET", "/api/contacts", { token })).body.length).toBe(before);
  });
});

describe("managing contacts (token required)", () => {
  it("lists newest first, and filters by status", async () => {
    // The server's clock (it runs in this process) is the test's: b arrives 5 ms after a, whatever the machine.
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    let a: string;
    let b: string;
    try {
      vi.setSystemTime(t0);
      a = (await s.request("POST", "/api/contacts", { json: message({ subject: "first" }) })).body.data._id;
      vi.setSystemTime(t0 + 5);
      b = (await s.request("POST", "/api/contacts", { json: message({ subject: "second" }) })).body.data._id;
    } finally {
      vi.useRealTimers();
    }
    const list = await s.request("GET", "/api/contacts", { token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    const ids = list.body.map((c: { _id: string }) => c._id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));

    const updated = await s.request("PUT", `/api/contacts/${a}/status`, { token, json: { status: "in-progress" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ _id: a, status: "in-progress", subject: "first" });
    const inProgress = await s.request("GET", "/api/contacts?status=in-progress", { token });
    expect(inProgress.body.map((c: { _id: string }) => c._id)).toEqual([a]);
    const all = await s.request("GET", "/api/contacts?status=all", { token });
    expect(all.body.length).toBe(list.body.length);
    expect((await s.request("GET", "/api/contacts?status=closed", { token })).status).toBe(400);
  });

  it("accepts only new, in-progress and resolved as status, from any status to any other", async () => {
    const id = (await s.request("POST", "/api/contacts", { json: message() })).body.data._id;
    for (const status of ["resolved", "new", "in-progress", "new"]) {
      const res = await s.request("PUT", `/api/contacts/${id}/status`, { token, json: { status } });
      expect(res.body.status).toBe(status);
    }
    const bad = await s.request("PUT", `/api/contacts/${id}/status`, { token, json: { status: "done" } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("status");
    expect((await s.request("GET", `/api/contacts/${id}`, { token })).body.status).toBe("new");
  });

  it("names the lead's customer and, once made, its deal (the inbox links to both)", async () => {
    const sent = await s.request("POST", "/api/contacts", {
      json: message({ email: "linked@example.com", company: "Linked Mills" }),
    });
    const path = `/api/contacts/${sent.body.data._id}`;
    const lead = (await s.request("GET", path, { token })).body;
    expect(lead.dealId).toBeNull();
    expect(lead.customerName).toEqual(expect.any(String));
    expect(lead.customerId).toEqual(expect.any(String));
    const deal = await s.request("POST", "/api/deals", {
      token,
      json: { title: "Linked Mills compressor", contactId: lead._id, customerId: lead.customerId },
    });
    expect(deal.status).toBe(201);
    expect((await s.request("GET", path, { token })).body.dealId).toBe(deal.body._id);
    const listed = (await s.request("GET", "/api/contacts?q=linked%40example.com", { token })).body;
    expect(listed[0]).toMatchObject({ dealId: deal.body._id, customerName: lead.customerName });
  });

  it("deletes a contact", async () => {
    const id = (await s.request("POST", "/api/contacts", { json: message() })).body.data._id;
    const res = await s.request("DELETE", `/api/contacts/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect((await s.request("GET", `/api/contacts/${id}`, { token })).status).toBe(404);
    expect((await s.request("DELETE", `/api/contacts/${id}`, { token })).status).toBe(404);
  });

  it("refuses every read, update and delete without a token", async () => {
    const id = (await s.request("POST", "/api/contacts", { json: message() })).body.data._id;
    expect((await s.request("GET", "/api/contacts")).status).toBe(401);
    expect((await s.request("GET", `/api/contacts/${id}`)).status).toBe(401);
    expect((await s.request("PUT", `/api/contacts/${id}/status`, { json: { status: "resolved" } })).status).toBe(401);
    expect((await s.request("DELETE", `/api/contacts/${id}`)).status).toBe(401);
    expect((await s.request("GET", `/api/contacts/${id}`, { token })).body.status).toBe("new");
  });

  it("answers 404 for unknown and malformed ids", async () => {
    for (const id of ["0123456789abcdef01234567", "abc", "..%2F..%2Fetc"]) {
      expect((await s.request("GET", `/api/contacts/${id}`, { token })).status).toBe(404);
      expect((await s.request("PUT", `/api/contacts/${id}/status`, { token, json: { status: "new" } })).status).toBe(404);
      expect((await s.request("DELETE", `/api/contacts/${id}`, { token })).status).toBe(404);
    }
  });
});

describe("rate limit", () => {
  it("limits messages per client address with 429 and Retry-After", async () => {
    const limited = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await limited.request("POST", "/api/contacts", { json: message() })).status);
      expect(statuses.slice(0, 20).every((st) => st === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
      const res = await limited.request("POST", "/api/contacts", { json: message() });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.body.message).toBe(res.body.error);
      const t = await limited.login();
      expect((await limited.request("GET", "/api/contacts", { token: t })).body.length).toBe(20);
    } finally {
      await limited.close();
    }
  });
});

describe("submitContact (shared by POST /api/contacts and the contact page's action)", () => {
  it("stores a valid message, refuses an invalid one with the API's errors, and stores nothing for a bot", async () => {
    const { _id } = await submitContact(s.ctx, message({ subject: "from the page" }), { clientIp: "198.51.100.7" });
    const stored = await s.request("GET", `/api/contacts/${_id}`, { token });
    expect(stored.body).toMatchObject({ ...message({ subject: "from the page" }), status: "new" });

    const before = (await s.request("GET", "/api/contacts", { token })).body.length;
    const api = await s.request("POST", "/api/contacts", { json: message({ email: "nope", name: " " }) });
    const thrown = await refused(submitContact(s.ctx, message({ email: "nope", name: " " }), { clientIp: "198.51.100.7" }));
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown.status).toBe(api.status);
    expect(thrown.message).toBe(api.body.message);
    expect(thrown.issues).toEqual(api.body.issues);

    const bot = await submitContact(s.ctx, message({ website: "http://spam.example" }), { clientIp: "198.51.100.7" });
    expect(bot._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await s.request("GET", "/api/contacts", { token })).body.length).toBe(before);
  });

  it("counts the rate limit per client address, whichever way the message came", async () => {
    const limited = await startTestServer();
    try {
      for (let i = 0; i < 19; i++) await submitContact(limited.ctx, message(), { clientIp: "203.0.113.9" });
      // The API's own address is another client: not limited.
      expect((await limited.request("POST", "/api/contacts", { json: message() })).status).toBe(201);
      // A bot's message at the same address does not use up the buyer's limit: the 20th still goes in.
      await submitContact(limited.ctx, message({ website: "x" }), { clientIp: "203.0.113.9" });
      await submitContact(limited.ctx, message(), { clientIp: "203.0.113.9" });
      const thrown = await refused(submitContact(limited.ctx, message(), { clientIp: "203.0.113.9" }));
      expect(thrown).toBeInstanceOf(HttpError);
      expect(thrown.status).toBe(429);
      expect(Number(thrown.headers?.["Retry-After"])).toBeGreaterThan(0);
      expect(thrown.message).toBe("You have sent several messages in a short time. Please try again later.");
      const t = await limited.login();
      expect((await limited.request("GET", "/api/contacts", { token: t })).body.length).toBe(21);
    } finally {
      await limited.close();
    }
  });
});
