import { asc, ilike, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../server/db/schema";
import { queueLeadNotices } from "../../server/sales/lead-notices";
import { queueMorningEmails } from "../../server/sales/morning-email";
import { dayInWords, indiaDateOf } from "../../shared/sales/financial-year";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { addStaff, type StaffAccount } from "../support/staff";

vi.setConfig({ testTimeout: 120_000 });

/**
 * The morning e-mail (issue 32, Deals): at 9:00 India time each sales person and owner with an address gets
 * what My day lists for them, through the outbox, with links from SITE_URL; once a day, whichever server looks.
 */

const SITE = "https://www.pneuma.example";
let smtp: TestSmtp;
let s: TestServer;
let owner: string;
let asha: StaffAccount;
const today = indiaDateOf(new Date());
const dayFrom = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** A moment of India's wall clock on `day`. */
const india = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

const morningRows = () => s.ctx.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, "morning:%"));

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer(
    { SMTP_URL: smtp.url, MAIL_FROM: "Pneuma Website <website@pneuma.example>", SITE_URL: SITE, RATE_LIMITS: "off" },
    { context: { outbox: { pollMs: 200 } } },
  );
  owner = await s.login();
  asha = await addStaff(s, owner, "sales", "asha");
  await addStaff(s, owner, "sales", "bala");
  await addStaff(s, owner, "editor", "eshwar");
  await s.request("PUT", "/api/settings", { token: owner, json: { gstin: "33AAKCP1998Q1ZI" } });
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

async function deal(title: string, json: Record<string, unknown>, person = asha) {
  const res = await s.request("POST", "/api/deals", { token: person.token, json: { title, ...json } });
  expect(res.status, res.text).toBe(201);
  return res.body as { _id: string };
}

describe("the morning e-mail", () => {
  let late: { _id: string };
  let due: { _id: string };
  let quotation: { _id: string; number: string };

  beforeAll(async () => {
    late = await deal("Boiler house <b>&</b> piping", { nextStep: { text: "Send drawing", dueDate: dayFrom(-1) } });
    due = await deal("Spinning mill", { nextStep: { text: "Call back", dueDate: today } });
    const customer = await s.request("POST", "/api/customers", {
      token: asha.token,
      json: { name: "Pune Forgings", gstin: "27AAPFU0939F1ZV" },
    });
    const quoted = await deal("Quoted", { customerId: customer.body._id });
    const line = { description: "Installation", hsn: "998717", quantity: 1, unitPrice: 10000 };
    const res = await s.request("POST", "/api/quotations", {
      token: asha.token,
      json: { dealId: quoted._id, lines: [line], validUntil: dayFrom(3) },
    });
    expect(res.status, res.text).toBe(201);
    quotation = res.body;
  });

  it("is not sent before 9:00 India time", async () => {
    expect(await queueMorningEmails(s.ctx, india(today, "08:59"))).toBe(0);
    expect(await morningRows()).toEqual([]);
  });

  it("at 9:00 goes to each person with something to do, with their items and links from SITE_URL", async () => {
    expect(await queueMorningEmails(s.ctx, india(today, "09:00"))).toBe(1);
    const rows = await morningRows();
    // Bala has nothing to do, the owner has no address, the editor is not on the sales desk.
    expect(rows.map((r) => [r.recipients, r.dedupeKey])).toEqual([[["asha@example.com"], `morning:${asha.id}:${today}`]]);
    const email = rows[0]!;
    expect(email.subject).toBe(
      `Your day, ${dayInWords(today)}: 1 overdue step, 1 step due today, 1 quotation expiring – Pneuma Air Systems`,
    );
    expect(email.text).toContain("Overdue next steps:\n- Boiler house <b>&</b> piping – Send drawing, due");
    expect(email.text).toContain(`${SITE}/admin/deals/${late._id}`);
    expect(email.text).toContain(
      `Next steps due today:\n- Spinning mill – Call back, due ${dayInWords(today)}\n  ${SITE}/admin/deals/${due._id}`,
    );
    expect(email.text).toContain(`Quotations about to expire:\n- ${quotation.number} v1 to Pune Forgings`);
    expect(email.text).toContain(`${SITE}/admin/quotations/${quotation._id}`);
    expect(email.text).toContain(`My day in the admin panel: ${SITE}/admin/my-day`);
    expect(email.html).toContain("Boiler house &#60;b&#62;&#38;&#60;/b&#62; piping");
    expect(email.html).not.toContain("<b>&</b>");
    expect(email.html).toContain(`href="${SITE}/admin/my-day"`);
    // Delivered through the outbox like any other e-mail.
    const [delivered] = await smtp.waitFor(1, 60_000);
    expect(delivered!.rcptTo).toEqual(["asha@example.com"]);
    expect(delivered!.mail.subject).toBe(email.subject);
  });

  it("is sent once a day: a second look, or a lead arriving later, queues nothing more that day", async () => {
    const lead = await s.request("POST", "/api/contacts", {
      json: { name: "Anita Rao", email: "anita@example.com", subject: "Brochure", message: "Please send one." },
    });
    expect(lead.status).toBe(201);
    expect(await queueMorningEmails(s.ctx, india(today, "09:05"))).toBe(0);
    expect(await queueMorningEmails(s.ctx, india(today, "17:30"))).toBe(0);
    expect(await morningRows()).toHaveLength(1);
  });

  it("the next day, lists the new lead (with its link) to everyone on the sales desk with an address", async () => {
    const tomorrow = dayFrom(1);
    const [a, b] = await Promise.all([
      queueMorningEmails(s.ctx, india(tomorrow, "11:00")),
      queueMorningEmails(s.ctx, india(tomorrow, "11:00")),
    ]);
    expect(a + b).toBe(2);
    const rows = (await morningRows()).filter((r) => r.dedupeKey!.endsWith(tomorrow));
    expect(rows.map((r) => r.recipients[0]).sort()).toEqual(["asha@example.com", "bala@example.com"]);
    const balas = rows.find((r) => r.recipients[0] === "bala@example.com")!;
    expect(balas.subject).toBe(`Your day, ${dayInWords(tomorrow)}: 1 new lead – Pneuma Air Systems`);
    expect(balas.text).toMatch(
      /New leads nobody has taken yet:\n- M-\d{4}-\d{5} Anita Rao: Brochure\n {2}https:\/\/www\.pneuma\.example\/admin\/contacts\/[0-9a-f]{24}/,
    );
    expect(balas.text).not.toContain("/admin/deals/");
  });
});

describe("a lead given in turn (issue 45: nobody was told, and My day did not list it)", () => {
  it("is e-mailed to its person at once, several together in one e-mail, and stays on their My day until they act", async () => {
    await s.request("PUT", "/api/settings", { token: owner, json: { leadAssignment: "round-robin" } });
    const lead = (n: number) =>
      s.request("POST", "/api/contacts", {
        json: { name: `Buyer ${n}`, email: `buyer${n}@example.com`, subject: `Dryer ${n}`, message: "Price please." },
      });
    const outbox = () =>
      s.ctx.db
        .select()
        .from(emailOutbox)
        .where(ilike(emailOutbox.subject, "%new lead%for you%"))
        .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
    expect((await lead(1)).status).toBe(201);
    expect(await queueLeadNotices(s.ctx)).toBe(1);
    const [single] = await outbox();
    expect(single!.subject).toBe("New lead for you: Dryer 1 – Buyer 1");
    expect(["asha@example.com", "bala@example.com"]).toContain(single!.recipients[0]);
    const dealLink = single!.text.match(/https:\/\/www\.pneuma\.example\/admin\/deals\/([0-9a-f]{24})/);
    expect(dealLink, single!.text).not.toBeNull();
    expect(single!.text).toContain("(India time)");
    expect(await queueLeadNotices(s.ctx)).toBe(0);

    // Four at once: each person gets one e-mail naming theirs; a second server's look finds them claimed.
    for (const n of [2, 3, 4, 5]) expect((await lead(n)).status).toBe(201);
    const [a, b] = await Promise.all([queueLeadNotices(s.ctx), queueLeadNotices(s.ctx)]);
    const batch = (await outbox()).slice(1);
    expect(a + b).toBe(batch.length);
    expect(batch.length).toBeGreaterThan(1);
    const named = batch.flatMap((e) => [...e.text.matchAll(/- (Dryer \d)/g)].map((m) => m[1]));
    expect(named.sort()).toEqual(["Dryer 2", "Dryer 3", "Dryer 4", "Dryer 5"]);
    expect(batch.some((e) => /^\d new leads for you – Pneuma Air Systems$/.test(e.subject))).toBe(true);

    // On My day with the deal, until a note is logged on it.
    const ashaDay = async () => (await s.request("GET", "/api/my-day", { token: asha.token })).body;
    const ashas = (await ashaDay()).newDeals as { _id: string; title: string }[];
    expect(ashas.length).toBeGreaterThan(0);
    expect(ashas.every((d) => /^Dryer \d – Buyer \d$/.test(d.title))).toBe(true);
    const noted = await s.request("POST", `/api/deals/${ashas[0]!._id}/notes`, {
      token: asha.token,
      json: { kind: "call", text: "Called: wants a 30 HP dryer." },
    });
    expect(noted.status, noted.text).toBe(201);
    expect((await ashaDay()).newDeals.map((d: { _id: string }) => d._id)).not.toContain(ashas[0]!._id);
  });
});

describe("with e-mail off", () => {
  it("queues nothing", async () => {
    const off = await startTestServer({ RATE_LIMITS: "off" });
    try {
      expect(await queueMorningEmails(off.ctx, india(today, "09:30"))).toBe(0);
    } finally {
      await off.close();
    }
  });
});
