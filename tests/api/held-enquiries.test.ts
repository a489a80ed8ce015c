import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contacts, emailOutbox, throttleEvents } from "../../server/db/schema";
import { queueHeldDigest } from "../../server/mail/held-digest";
import { CONTACT_THANK_YOU, QUOTE_THANK_YOU_MESSAGE } from "../../shared/schemas/contact";
import { buyer, seedProducts } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

// Mail delivery takes seconds on a busy 2-core machine: no test here measures time.
vi.setConfig({ testTimeout: 120_000 });

/**
 * Issue 29, finding 4: bots (the honeypot) use up nothing a real buyer depends on; past the site-wide hourly
 * cap enquiries are stored as held (no acknowledgement, one staff digest an hour) instead of refused; a
 * per-network limit (IPv4 /24, IPv6 /48) besides the per-client one; the inbox's Held filter and release.
 */

const SITE_URL = "https://www.pneuma.example";
const SETTINGS = {
  companyName: "Pneuma Air Systems",
  phones: [{ label: "Sales", value: "+91 427 200 1480" }],
  emails: [{ label: "Sales", value: "sales@pneuma.example" }],
  address: "SIDCO Industrial Estate, Salem 636 005",
  notifications: { quotes: ["quotes@pneuma.example"], services: [], messages: ["desk@pneuma.example"] },
};

const message = (name = "Anita Rao") => ({ name, email: "anita@example.com", subject: "Brochure", message: "Please send one." });

/** A request from `ip` (TRUST_PROXY=loopback takes the address from X-Forwarded-For). */
const from = (ip: string, json: Record<string, unknown>) => ({ json, headers: { "x-forwarded-for": ip } });

describe("bots (the honeypot filled)", () => {
  it("count towards neither the site-wide cap nor the limit of a real buyer at the same address", async () => {
    const s = await startTestServer({ RATE_LIMITS: "on", ENQUIRY_HOURLY_CAP: "2", TRUST_PROXY: "loopback" });
    try {
      const bot = () =>
        s.request("POST", "/api/contacts", from("198.51.100.7", { ...message("Bot"), website: "http://spam.example" }));
      const botAnswers = [];
      for (let i = 0; i < 21; i++) botAnswers.push(await bot());
      // Answered as a person would be: accepted, and refused with 429 past the client limit (their own count).
      expect(botAnswers.slice(0, 20).every((r) => r.status === 201 && r.body.message === CONTACT_THANK_YOU)).toBe(true);
      expect(botAnswers[20]!.status).toBe(429);
      // 21 bot posts later, a buyer at the same address and one elsewhere are ordinary enquiries, not held.
      expect((await s.request("POST", "/api/contacts", from("198.51.100.7", message()))).status).toBe(201);
      expect((await s.request("POST", "/api/contacts", from("203.0.113.5", message()))).status).toBe(201);
      const token = await s.login();
      const list = await s.request("GET", "/api/contacts", { token });
      expect(list.body.map((c: { name: string; held: boolean }) => [c.name, c.held])).toEqual([
        ["Anita Rao", false],
        ["Anita Rao", false],
      ]);
      // The cap (2) is used up by those two: the next buyer is held, the bots stored nothing.
      expect((await s.request("POST", "/api/contacts", from("203.0.113.6", message()))).status).toBe(201);
      expect((await s.request("GET", "/api/contacts?held=true", { token })).headers.get("x-total-count")).toBe("1");
      expect((await s.request("GET", "/api/contacts", { token })).headers.get("x-total-count")).toBe("3");
    } finally {
      await s.close();
    }
  });
});

describe("past the site-wide hourly cap", () => {
  let smtp: TestSmtp;
  let s: TestServer;
  let token: string;
  let product: { _id: string; name: string };
  const held: { _id: string; reference: string }[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtp();
    s = await startTestServer(
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: "Pneuma Website <website@pneuma.example>",
        SITE_URL,
        RATE_LIMITS: "on",
        ENQUIRY_HOURLY_CAP: "2",
        TRUST_PROXY: "loopback",
      },
      { context: { outbox: { retryDelaysMs: [300, 600, 1_000], pollMs: 200 } } },
    );
    token = await s.login();
    expect((await s.request("PUT", "/api/settings", { token, json: SETTINGS })).status).toBe(200);
    product = (await seedProducts(s, ["PN-RS 15 Screw Compressor"]))[0]!;
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it("stores them as held with the usual answer, sends no acknowledgement and tells the staff in one digest", async () => {
    // Two ordinary enquiries use up the cap: each sends its staff e-mail and its acknowledgement.
    for (const ip of ["198.51.100.1", "198.51.100.2"]) {
      expect((await s.request("POST", "/api/contacts", from(ip, message()))).status).toBe(201);
    }
    // Three more, from three networks: accepted exactly as usual, and held.
    const quote = await s.request(
      "POST",
      "/api/quotes",
      from("203.0.113.10", buyer({ name: "Ravi Kumar", items: [{ productId: product._id, quantity: 2 }] })),
    );
    expect(quote.status).toBe(201);
    expect(quote.body).toEqual({
      message: QUOTE_THANK_YOU_MESSAGE,
      data: { _id: expect.any(String), reference: expect.stringMatching(/^Q-\d{4}-00001$/) },
    });
    held.push(quote.body.data);
    for (const [ip, name] of [
      ["192.0.2.20", "Meena Iyer"],
      ["2001:db8:7::1", "Suresh Pillai"],
    ] as const) {
      const res = await s.request("POST", "/api/contacts", from(ip, message(name)));
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(CONTACT_THANK_YOU);
      held.push(res.body.data);
    }

    const heldList = await s.request("GET", "/api/contacts?held=true", { token });
    expect(heldList.headers.get("x-total-count")).toBe("3");
    expect(heldList.body.map((c: { reference: string; held: boolean }) => [c.reference, c.held])).toEqual(
      [...held].reverse().map((h) => [h.reference, true]),
    );
    expect((await s.request("GET", "/api/contacts?held=false", { token })).headers.get("x-total-count")).toBe("2");
    expect((await s.request("GET", "/api/contacts", { token })).headers.get("x-total-count")).toBe("5");

    // Their e-mails: none of their own; one digest (the first held one is told at once, the rest wait an hour).
    const rows = await s.ctx.db.select().from(emailOutbox);
    expect(rows.filter((r) => r.purpose === "customer")).toHaveLength(2);
    expect(rows.filter((r) => r.purpose === "staff")).toHaveLength(2);
    expect(rows.filter((r) => held.some((h) => h._id === r.contactId))).toEqual([]);
    expect(rows.filter((r) => r.purpose === "alert")).toHaveLength(1);
    const mails = await smtp.waitFor(5);
    const digest = mails.find((m) => /^Held enquiries/.test(m.mail.subject ?? ""))!;
    expect(digest.mail.subject).toBe("Held enquiries: 1 enquiry past the hourly cap – Pneuma Air Systems");
    expect(digest.rcptTo.sort()).toEqual(["desk@pneuma.example", "quotes@pneuma.example", "sales@pneuma.example"]);
    expect(digest.mail.text).toContain(`${held[0]!.reference} · Quote request · Ravi Kumar · PN-RS 15 Screw Compressor × 2`);
    expect(digest.mail.text).toContain(`${SITE_URL}/admin/contacts?held=true`);
    expect(digest.mail.html).toContain(`href="${SITE_URL}/admin/contacts?held=true"`);
    expect(
      smtp.received.filter((m) => m.rcptTo.includes("anita@example.com") || m.rcptTo.includes("ravi@example.com")),
    ).toHaveLength(2);

    // Within the hour nothing more is sent, however often the servers look.
    expect(await queueHeldDigest(s.ctx)).toBe(false);
    // An hour later the next digest lists the two that waited, and only those.
    await s.ctx.db
      .update(throttleEvents)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(throttleEvents.key, "held-digest"));
    expect(await queueHeldDigest(s.ctx)).toBe(true);
    const next = (await smtp.waitFor(6)).filter((m) => /^Held enquiries/.test(m.mail.subject ?? ""))[1]!;
    expect(next.mail.subject).toBe("Held enquiries: 2 enquiries past the hourly cap – Pneuma Air Systems");
    expect(next.mail.text).toContain(`${held[1]!.reference} · Message · Meena Iyer`);
    expect(next.mail.text).toContain(`${held[2]!.reference} · Message · Suresh Pillai`);
    expect(next.mail.text).not.toContain(held[0]!.reference);
    const listed = await s.ctx.db.select({ id: contacts.id }).from(contacts).where(isNotNull(contacts.digestedAt));
    expect(listed).toHaveLength(3);
    // Nothing is waiting now: a later look sends nothing even when an hour has passed.
    await s.ctx.db.delete(throttleEvents).where(eq(throttleEvents.key, "held-digest"));
    expect(await queueHeldDigest(s.ctx)).toBe(false);
  });

  it("exports the held ones with the filter, marked in a Held column", async () => {
    const csv = await s.request("GET", "/api/contacts/export.csv?held=true", { token });
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]!.endsWith(",Notification,Held")).toBe(true);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([...held].reverse().map((h) => h.reference));
    expect(lines.slice(1).every((l) => l.endsWith(",held"))).toBe(true);
    const all = await s.request("GET", "/api/contacts/export.csv", { token });
    expect(all.text.trim().split("\r\n")).toHaveLength(6);
  });

  it("lets staff release one: it becomes ordinary, its acknowledgement is not sent late, the log says so", async () => {
    const id = held[0]!._id;
    expect((await s.request("POST", `/api/contacts/${id}/release`)).status).toBe(401);
    const res = await s.request("POST", `/api/contacts/${id}/release`, { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Released: it is now an ordinary enquiry.");
    expect(res.body.data).toMatchObject({ _id: id, held: false, acknowledgement: { status: "off" } });
    expect((await s.request("GET", "/api/contacts?held=true", { token })).headers.get("x-total-count")).toBe("2");
    expect((await s.request("GET", `/api/contacts/${id}`, { token })).body.held).toBe(false);
    // Again: nothing to do, said in words.
    const again = await s.request("POST", `/api/contacts/${id}/release`, { token });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("It was not held.");
    expect((await s.request("POST", "/api/contacts/0123456789abcdef01234567/release", { token })).status).toBe(404);
    const outbox = await s.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.contactId, id));
    expect(outbox).toEqual([]);
    const log = await s.request("GET", "/api/activity?action=release", { token });
    expect(log.body.map((e: { entityLabel: string }) => e.entityLabel)).toEqual([held[0]!.reference]);
  });

  it("refuses a held filter it does not know with 400", async () => {
    const res = await s.request("GET", "/api/contacts?held=maybe", { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Held must be one of: all, true, false/);
    expect((await s.request("GET", "/api/contacts/export.csv?held=maybe", { token })).status).toBe(400);
  });
});

describe("the per-network limit", () => {
  it("allows 60 enquiries in 10 minutes from one IPv4 /24 or IPv6 /48, then answers 429 with Retry-After", async () => {
    const s = await startTestServer({ RATE_LIMITS: "on", TRUST_PROXY: "loopback" });
    try {
      const send = (ip: string) => s.request("POST", "/api/contacts", from(ip, message()));
      // One enquiry per address: the client limit (20) never applies, only the network's.
      for (let i = 1; i <= 60; i++) expect((await send(`198.51.100.${i}`)).status).toBe(201);
      const refused = await send("198.51.100.200");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body.message).toBe(
        "We have received many messages from your network in a short time. Please try again later, or call us.",
      );
      expect(refused.body.error).toBe(refused.body.message);
      expect((await send("198.51.101.1")).status).toBe(201); // the next /24

      for (let i = 0; i < 60; i++) expect((await send(`2001:db8:5:${i.toString(16)}::1`)).status).toBe(201);
      expect((await send("2001:db8:5:ffff::9")).status).toBe(429);
      expect((await send("2001:db8:6::1")).status).toBe(201); // the next /48
      const token = await s.login();
      expect((await s.request("GET", "/api/contacts", { token })).headers.get("x-total-count")).toBe("122");
    } finally {
      await s.close();
    }
  });
});

describe("without rate limits (RATE_LIMITS=off)", () => {
  it("holds nothing", async () => {
    const s = await startTestServer({ RATE_LIMITS: "off", ENQUIRY_HOURLY_CAP: "1" });
    try {
      for (let i = 0; i < 3; i++) expect((await s.request("POST", "/api/contacts", { json: message() })).status).toBe(201);
      const token = await s.login();
      expect((await s.request("GET", "/api/contacts?held=true", { token })).headers.get("x-total-count")).toBe("0");
      expect((await s.request("GET", "/api/contacts", { token })).headers.get("x-total-count")).toBe("3");
    } finally {
      await s.close();
    }
  });
});
