import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../server/db/client";
import { openDatabase } from "../../server/db/client";
import { activity, contacts, deals, quotations } from "../../server/db/schema";
import { keepLinkState, keepUnderLink, runRetention } from "../../server/privacy/retention";
import { copyMigratedPglite, createScratchDatabase, type ScratchDatabase, testDatabaseKind } from "../support/database";
import { run } from "../support/process";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { addStaff } from "../support/staff";

vi.setConfig({ testTimeout: 120_000 });

/**
 * Retention (issue 33): enquiries without a deal after 24 months, lost deals after 36 and accepted quotations
 * after 8 years (Site Settings' defaults) are first marked and their person e-mailed once, with a link to keep
 * them, then erased by the first pass 48 hours later. `now` is moved forward; nothing sleeps.
 */

const SITE = "https://www.pneuma.example";
const HOUR = 60 * 60 * 1000;
let smtp: TestSmtp;
let s: TestServer;
let owner: string;
let serial = 0;

/** `months` (and `days`) before the real now. */
function ago(months: number, days = 0): Date {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCDate(d.getUTCDate() - days);
  return d;
}
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

async function enquiry(db: Database, email: string, lastActivity: Date, warnedAt: Date | null = null) {
  serial++;
  const [row] = await db
    .insert(contacts)
    .values({
      reference: `M-2023-${String(9000 + serial)}`,
      name: `Person ${serial}`,
      email,
      phone: email ? "" : "+91 98765 00000",
      subject: "Compressor",
      message: "Please call.",
      createdAt: lastActivity,
      updatedAt: lastActivity,
      erasureWarnedAt: warnedAt,
    })
    .returning();
  return row!;
}

async function deal(contactId: string | null, stage: string, lastActivity: Date, customerId: string | null = null) {
  const [row] = await s.ctx.db
    .insert(deals)
    .values({ title: `Deal ${++serial}`, contactId, customerId, stage, updatedAt: lastActivity })
    .returning();
  return row!;
}

async function acceptedQuotation(contactId: string, decidedAt: Date) {
  const customer = await s.request("POST", "/api/customers", {
    token: owner,
    json: { name: `Mill ${++serial}`, gstin: "27AAPFU0939F1ZV" },
  });
  expect(customer.status, customer.text).toBe(201);
  const won = await deal(contactId, "won", decidedAt, customer.body._id);
  const line = { description: "Installation", hsn: "998717", quantity: 1, unitPrice: 10000 };
  const made = await s.request("POST", "/api/quotations", { token: owner, json: { dealId: won.id, lines: [line] } });
  expect(made.status, made.text).toBe(201);
  await s.ctx.db
    .update(quotations)
    .set({ status: "accepted", decidedAt, updatedAt: decidedAt })
    .where(eq(quotations.id, made.body._id));
  return made.body as { _id: string; number: string };
}

const contactRow = async (id: string) => (await s.ctx.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;
const dealRow = async (id: string) => (await s.ctx.db.select().from(deals).where(eq(deals.id, id)))[0]!;
const quotationRow = async (id: string) => (await s.ctx.db.select().from(quotations).where(eq(quotations.id, id)))[0]!;
const mailsTo = (address: string) => smtp.received.filter((m) => m.rcptTo.includes(address));

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer(
    { SMTP_URL: smtp.url, MAIL_FROM: "Pneuma Website <website@pneuma.example>", SITE_URL: SITE, RATE_LIMITS: "off" },
    { context: { outbox: { pollMs: 200 } } },
  );
  owner = await s.login();
  await s.request("PUT", "/api/settings", { token: owner, json: { gstin: "33AAKCP1998Q1ZI" } });
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

describe("the retention pass", () => {
  let old: typeof contacts.$inferSelect;
  let phoneOnly: typeof contacts.$inferSelect;
  let young: typeof contacts.$inferSelect;
  let becameDeal: typeof contacts.$inferSelect;
  let lostLead: typeof contacts.$inferSelect;
  let lost: typeof deals.$inferSelect;
  let lostRecently: typeof deals.$inferSelect;
  let quotationOld: { _id: string; number: string };
  let quotationYoung: { _id: string; number: string };
  let keepLink = "";

  beforeAll(async () => {
    const db = s.ctx.db;
    old = await enquiry(db, "ravi@example.com", ago(25));
    phoneOnly = await enquiry(db, "", ago(25));
    young = await enquiry(db, "young@example.com", ago(1));
    becameDeal = await enquiry(db, "dealt@example.com", ago(30));
    await deal(becameDeal.id, "new", ago(30));
    lostLead = await enquiry(db, "meena@example.com", ago(37));
    lost = await deal(lostLead.id, "lost", ago(37));
    lostRecently = await deal((await enquiry(db, "nearly@example.com", ago(35))).id, "lost", ago(35));
    // Ravi's won deal: his quotation accepted nine years ago is due, one of seven years ago is not.
    const raviLead = await enquiry(db, "Ravi@Example.com", ago(9 * 12));
    quotationOld = await acceptedQuotation(raviLead.id, ago(9 * 12));
    quotationYoung = await acceptedQuotation((await enquiry(db, "sita@example.com", ago(7 * 12))).id, ago(7 * 12));
  });

  it("warns what fell due: one e-mail per person, with a keep link from SITE_URL; a record without an address is marked only", async () => {
    const result = await runRetention(s.ctx);
    expect(result).toEqual({ warned: 4, emailed: 2, erased: 0 });
    for (const id of [old.id, phoneOnly.id]) expect((await contactRow(id)).erasureWarnedAt).not.toBeNull();
    expect((await dealRow(lost.id)).erasureWarnedAt).not.toBeNull();
    expect((await quotationRow(quotationOld._id)).erasureWarnedAt).not.toBeNull();
    // Untouched: too young, became a deal, lost too recently, accepted less than 8 years ago.
    for (const id of [young.id, becameDeal.id]) expect((await contactRow(id)).erasureWarnedAt).toBeNull();
    expect((await dealRow(lostRecently.id)).erasureWarnedAt).toBeNull();
    expect((await quotationRow(quotationYoung._id)).erasureWarnedAt).toBeNull();

    await smtp.waitFor(2);
    const [ravi] = mailsTo("ravi@example.com");
    expect(ravi!.mail.subject).toMatch(/^Your details with .* will be erased after /);
    const body = ravi!.mail.text ?? "";
    expect(body).toContain(`Your enquiry ${old.reference}`);
    expect(body).toContain(`Quotation ${quotationOld.number} v1 you accepted`);
    expect(body).not.toContain("Person "); // no names: only our references
    keepLink = /(https?:\/\/\S+\/privacy\/keep\/\S+)/.exec(body)?.[1] ?? "";
    expect(keepLink.startsWith(`${SITE}/privacy/keep/`)).toBe(true);
    expect(ravi!.mail.html).toContain(keepLink);
    expect(mailsTo("meena@example.com")).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);
  });

  it("warns nobody twice and erases nothing before 48 hours", async () => {
    expect(await runRetention(s.ctx, later(47))).toEqual({ warned: 0, emailed: 0, erased: 0 });
    for (const id of [old.id, phoneOnly.id]) expect((await contactRow(id)).erasedAt).toBeNull();
    expect((await dealRow(lost.id)).erasedAt).toBeNull();
  });

  it("the keep link shows what will be erased; keeping restarts the clock and is logged without the person", async () => {
    const token = keepLink.slice(`${SITE}/privacy/keep/`.length);
    const shown = await keepLinkState(s.ctx.db, token);
    expect(shown).toMatchObject({ state: "waiting" });
    expect(shown.state === "waiting" && shown.records).toEqual([
      expect.stringContaining(`Your enquiry ${old.reference}`),
      expect.stringContaining(`Quotation ${quotationOld.number} v1`),
    ]);
    // A changed token finds nothing; an old one has expired.
    expect(await keepLinkState(s.ctx.db, `${token.slice(0, -2)}xx`)).toEqual({ state: "invalid" });
    expect(await keepLinkState(s.ctx.db, token, later(24 * 8))).toEqual({ state: "expired" });

    const keptAt = later(24);
    const kept = await keepUnderLink(s.ctx.db, token, keptAt);
    expect(kept.state).toBe("kept");
    expect(kept.state === "kept" && kept.records.map((r) => r.until)).toHaveLength(2);
    const row = await contactRow(old.id);
    expect(row.erasureWarnedAt).toBeNull();
    expect(row.updatedAt.getTime()).toBe(keptAt.getTime());
    expect((await quotationRow(quotationOld._id)).erasureWarnedAt).toBeNull();
    expect(await keepLinkState(s.ctx.db, token)).toEqual({ state: "nothing" });
    const logged = await s.ctx.db.select().from(activity).where(eq(activity.action, "keep"));
    expect(logged.map((a) => a.entityLabel).sort()).toEqual([old.reference, `${quotationOld.number} v1`].sort());
    expect(JSON.stringify(logged)).not.toMatch(/ravi@|Person \d/i);
  });

  it("erases after 48 hours what is still due, not what was kept, and does not warn the kept again", async () => {
    const result = await runRetention(s.ctx, later(49));
    expect(result).toEqual({ warned: 0, emailed: 0, erased: 2 });
    const erasedLead = await contactRow(lostLead.id);
    expect(erasedLead.erasedAt).not.toBeNull();
    expect(erasedLead.name).toBe("Erased");
    expect((await dealRow(lost.id)).erasedAt).not.toBeNull();
    const phone = await contactRow(phoneOnly.id);
    expect(phone.erasedAt).not.toBeNull();
    expect(phone.name).toBe("Erased");
    expect((await contactRow(old.id)).erasedAt).toBeNull();
    expect((await quotationRow(quotationOld._id)).erasedAt).toBeNull();
    expect((await contactRow(becameDeal.id)).erasedAt).toBeNull();
    expect(await runRetention(s.ctx, later(50))).toEqual({ warned: 0, emailed: 0, erased: 0 });
  });

  it("warns and erases once when two passes run at once", async () => {
    const a = await enquiry(s.ctx.db, "twice@example.com", ago(26));
    const b = await enquiry(s.ctx.db, "twice@example.com", ago(27));
    const sent = smtp.received.length;
    const [first, second] = await Promise.all([runRetention(s.ctx, later(60)), runRetention(s.ctx, later(60))]);
    expect(first.warned + second.warned).toBe(2);
    expect(first.emailed + second.emailed).toBe(1);
    await smtp.waitFor(sent + 1);
    expect(mailsTo("twice@example.com")).toHaveLength(1);
    const [x, y] = await Promise.all([runRetention(s.ctx, later(110)), runRetention(s.ctx, later(110))]);
    expect(x.erased + y.erased).toBe(2);
    const rows = await s.ctx.db
      .select()
      .from(contacts)
      .where(inArray(contacts.id, [a.id, b.id]));
    expect(rows.map((r) => r.name)).toEqual(["Erased", "Erased"]);
  });
});

describe("GET /api/privacy/retention and POST …/run", () => {
  it("lists what is due in the next 30 days, per kind, with warned yes or no", async () => {
    const soon = await enquiry(s.ctx.db, "soon@example.com", ago(24, -10)); // due in 10 days
    const notYet = await enquiry(s.ctx.db, "notyet@example.com", ago(24, -40)); // due in 40 days
    const res = await s.request("GET", "/api/privacy/retention", { token: owner });
    expect(res.status, res.text).toBe(200);
    const item = res.body.items.find((i: { id: string }) => i.id === soon.id);
    expect(item).toMatchObject({ kind: "enquiry", reference: soon.reference, warned: false });
    expect(item.erasesOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(item.lastActivityAt).getTime()).toBe(soon.updatedAt.getTime());
    expect(res.body.items.some((i: { id: string }) => i.id === notYet.id)).toBe(false);
    expect(res.body.days).toBe(30);
    expect(res.body.counts.enquiry).toBeGreaterThanOrEqual(1);
    expect(res.body.total).toBe(res.body.counts.enquiry + res.body.counts.deal + res.body.counts.quotation);
  });

  it("is for owners only, and the run answers its counts", async () => {
    const sales = await addStaff(s, owner, "sales", "sam");
    const editor = await addStaff(s, owner, "editor", "eve");
    for (const token of [sales.token, editor.token]) {
      expect((await s.request("GET", "/api/privacy/retention", { token })).status).toBe(403);
      const refused = await s.request("POST", "/api/privacy/retention/run", { token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/cannot run the retention pass/);
    }
    expect((await s.request("GET", "/api/privacy/retention")).status).toBe(401);
    const due = await enquiry(s.ctx.db, "run@example.com", ago(25));
    const ran = await s.request("POST", "/api/privacy/retention/run", { token: owner });
    expect(ran.status, ran.text).toBe(200);
    expect(ran.body).toEqual({ warned: expect.any(Number), emailed: expect.any(Number), erased: expect.any(Number) });
    expect(ran.body.warned).toBeGreaterThanOrEqual(1);
    expect((await contactRow(due.id)).erasureWarnedAt).not.toBeNull();
  });
});

describe("npm run retention", () => {
  let dataDir: string;
  let scratch: ScratchDatabase | null = null;
  afterAll(async () => {
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("runs the pass at once: erases what was warned 48 hours ago, warns what fell due, and says so", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "pneuma-retention-cli-"));
    if (testDatabaseKind() === "postgres") scratch = await createScratchDatabase({ migrated: true });
    else await copyMigratedPglite(dataDir);
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "false", ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
    const open = () => openDatabase({ dataDir, databaseUrl: scratch?.url ?? null, lockHolder: "test" });
    let database = await open();
    const warned = await enquiry(database.db, "cli@example.com", ago(25), later(-49));
    const fresh = await enquiry(database.db, "cli-new@example.com", ago(25));
    await database.close();

    const cli = await run(["npm", "run", "--silent", "retention"], env);
    expect(cli.output).toContain("Erased: 1 record (warned at least 48 hours ago");
    expect(cli.output).toContain("Warned: 1 record will be erased in 48 hours; e-mail is off (SMTP_URL), so nobody was told.");
    expect(cli.code, cli.output).toBe(0);

    database = await open();
    try {
      const rows = await database.db
        .select()
        .from(contacts)
        .where(inArray(contacts.id, [warned.id, fresh.id]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(warned.id)?.erasedAt).not.toBeNull();
      expect(byId.get(warned.id)?.name).toBe("Erased");
      expect(byId.get(fresh.id)?.erasureWarnedAt).not.toBeNull();
      expect(byId.get(fresh.id)?.erasedAt).toBeNull();
    } finally {
      await database.close();
    }
  });
});
