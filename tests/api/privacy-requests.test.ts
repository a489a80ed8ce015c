import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, emailOutbox, privacyRequests } from "../../server/db/schema";
import { createPrivacyRequest, emailHashOf } from "../../server/privacy/requests";
import { maskEmail } from "../../shared/privacy/request";
import { eventually } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { addStaff } from "../support/staff";

/**
 * Staff's side of people's privacy requests: the list (owners and sales), answering one (owners only), and a
 * correction's answer e-mailed to its person (a real SMTP server).
 */

let s: TestServer;
let smtp: TestSmtp;
let owner: string;
let sales: string;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer({ RATE_LIMITS: "off", SMTP_URL: smtp.url, MAIL_FROM: "Pneuma <sales@pneuma.example>" });
  owner = await s.login();
  sales = (await addStaff(s, owner, "sales")).token;
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

/** The e-mails queued to `address` (sent or waiting), oldest first. */
const queuedTo = (address: string) =>
  s.ctx.db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.recipients} @> ${JSON.stringify([address])}::jsonb`)
    .orderBy(emailOutbox.createdAt);

const list = (query = "", token = owner) => s.request("GET", `/api/privacy/requests${query}`, { token });
const patch = (id: string, json: unknown, token = owner) => s.request("PATCH", `/api/privacy/requests/${id}`, { token, json });

describe("the list of privacy requests", () => {
  it("is newest first, filters by status and kind, marks overdue ones, and finds an erased person by their address", async () => {
    const long = new Date(Date.now() - 40 * DAY);
    const late = await createPrivacyRequest(s.ctx.db, { kind: "correction", email: "Late@Mill.example", dueDays: 30 }, long);
    const erased = await createPrivacyRequest(s.ctx.db, {
      kind: "erasure",
      email: "ravi@kumar.example",
      dueDays: 30,
      status: "done",
      outcome: "Erased.",
    });
    // What erasure leaves of the address: the mask, and the hash to find it by.
    await s.ctx.db
      .update(privacyRequests)
      .set({ email: maskEmail("ravi@kumar.example") })
      .where(eq(privacyRequests.id, erased._id));

    const all = await list("?status=all");
    expect(all.status).toBe(200);
    expect(all.headers.get("x-total-count")).toBe("2");
    expect(all.body.map((r: { _id: string }) => r._id)).toEqual([erased._id, late._id]);
    expect(all.body[1]).toMatchObject({ kind: "correction", email: "late@mill.example", status: "open", overdue: true });
    expect(all.body[0]).toMatchObject({ email: "r•••@kumar.example", overdue: false });

    expect((await list("?status=open")).body.map((r: { _id: string }) => r._id)).toEqual([late._id]);
    expect((await list("?kind=erasure")).body.map((r: { _id: string }) => r._id)).toEqual([erased._id]);
    expect((await list("?q=Ravi@Kumar.example")).body.map((r: { _id: string }) => r._id)).toEqual([erased._id]);
    expect((await list("?q=late@mill.example")).body.map((r: { _id: string }) => r._id)).toEqual([late._id]);
    expect((await list("?q=nobody@example.com")).body).toEqual([]);
    expect(emailHashOf(" RAVI@kumar.example")).toBe(emailHashOf("ravi@kumar.example"));

    const paged = await list("?status=all&limit=1&page=2");
    expect(paged.headers.get("x-total-count")).toBe("2");
    expect(paged.body.map((r: { _id: string }) => r._id)).toEqual([late._id]);

    const sees = await list("", sales);
    expect(sees.status).toBe(200);
    expect((await s.request("GET", `/api/privacy/requests/${late._id}`, { token: sales })).body).toMatchObject({ overdue: true });
  });

  it("refuses bad filters in words, unknown requests with 404, and anyone not signed in", async () => {
    const bad = await list("?status=maybe");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Status must be one of: all, open, done, refused.");
    expect((await list("?kind=nothing")).status).toBe(400);
    expect((await list("?limit=0")).body.message).toBe("Limit must be a whole number from 1 to 500.");
    const missing = await s.request("GET", "/api/privacy/requests/nope", { token: owner });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Privacy request not found.");
    expect((await s.request("GET", "/api/privacy/requests")).status).toBe(401);
  });
});

describe("answering a request", () => {
  it("is for owners: done with what was done, who and when, and an activity entry without the address", async () => {
    const open = await createPrivacyRequest(s.ctx.db, {
      kind: "correction",
      email: "meena@textiles.example",
      details: "My phone is +91 98400 11111",
      dueDays: 30,
    });
    const refused = await patch(open._id, { status: "done" }, sales);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your role (sales) cannot answer privacy requests.");

    const noOutcome = await patch(open._id, { status: "done", outcome: "  " });
    expect(noOutcome.status).toBe(400);
    expect(noOutcome.body.message).toBe("Please say what was done (or why the request was refused).");
    const badStatus = await patch(open._id, { status: "finished", outcome: "x" });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toBe("Status must be one of: open, done, refused.");
    expect((await patch("nope", { status: "done", outcome: "x" })).status).toBe(404);
    expect((await s.request("GET", `/api/privacy/requests/${open._id}`, { token: owner })).body.status).toBe("open");

    const done = await patch(open._id, { status: "done", outcome: "Phone corrected on the enquiry." });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: "done",
      outcome: "Phone corrected on the enquiry.",
      doneByName: "admin",
      overdue: false,
    });
    expect(Date.now() - Date.parse(done.body.doneAt)).toBeLessThan(60_000);

    const entries = await s.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.entityType, "privacy-request"), eq(activity.entityId, open._id)));
    expect(entries).toMatchObject([{ action: "status", detail: "done", actorName: "admin", entityLabel: "Correct their data" }]);

    const reopened = await patch(open._id, { status: "open" });
    expect(reopened.body).toMatchObject({ status: "open", doneAt: null, doneByName: "" });
  });
});

describe("a correction's answer", () => {
  it("marked done, e-mails the person what was asked and what was changed, once; refused, why", async () => {
    const address = "kavya@weaves.example";
    const asked = await createPrivacyRequest(s.ctx.db, {
      kind: "correction",
      email: "Kavya@Weaves.example",
      details: "My surname is Subramaniam, not Subramanian.",
      dueDays: 30,
    });
    const done = await patch(asked._id, { status: "done", outcome: "Surname corrected to Subramaniam on your enquiry." });
    expect(done.status, done.text).toBe(200);
    const mail = await eventually(async () => smtp.received.find((m) => m.rcptTo.includes(address)));
    expect(mail.mail.subject).toContain("corrected");
    expect(mail.mail.text).toContain("My surname is Subramaniam, not Subramanian.");
    expect(mail.mail.text).toContain("We have made the correction. What we changed:");
    expect(mail.mail.text).toContain("Surname corrected to Subramaniam on your enquiry.");

    // Its outcome edited while done, or answered again after reopening: only the answer to an open request is e-mailed.
    await patch(asked._id, { status: "done", outcome: "Surname corrected to Subramaniam on both enquiries." });
    expect(await queuedTo(address)).toHaveLength(1);

    const refusedOne = await createPrivacyRequest(s.ctx.db, {
      kind: "correction",
      email: address,
      details: "Change my GSTIN to 33ABCDE1234F1Z5.",
      dueDays: 30,
    });
    await patch(refusedOne._id, {
      status: "refused",
      outcome: "The GSTIN is your company's, not personal data: write to sales.",
    });
    const [, refusal] = await eventually(async () => {
      const rows = await queuedTo(address);
      return rows.length === 2 ? rows : undefined;
    });
    expect(refusal!.text).toContain("We have not made this correction, because:");
    expect(refusal!.text).toContain("The GSTIN is your company's, not personal data: write to sales.");
  });

  it("e-mails nobody for other kinds of request, nor for an erased person (their address is masked)", async () => {
    const access = await createPrivacyRequest(s.ctx.db, { kind: "access", email: "arun@forge.example", dueDays: 30 });
    await patch(access._id, { status: "done", outcome: "Shown." });
    const erased = await createPrivacyRequest(s.ctx.db, {
      kind: "correction",
      email: "selvi@raj.example",
      details: "New phone",
      dueDays: 30,
    });
    await s.ctx.db
      .update(privacyRequests)
      .set({ email: maskEmail("selvi@raj.example") })
      .where(eq(privacyRequests.id, erased._id));
    expect((await patch(erased._id, { status: "done", outcome: "Erased before we could." })).status).toBe(200);
    const queued = await s.ctx.db.select().from(emailOutbox);
    expect(queued.flatMap((row) => row.recipients).filter((to) => /arun@|selvi@|s•••@/.test(to))).toEqual([]);
  });
});
