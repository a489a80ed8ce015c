import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../server/db/schema";
import { buyer, eventually, seedProducts } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { freePort, startTestSmtp, type TestSmtp } from "../support/smtp";

// Mail delivery and retries take seconds, longer on a busy 2-core machine: no test here measures time.
vi.setConfig({ testTimeout: 120_000 });

/** Enquiry e-mails through a real SMTP server started here: content, retries, failures, resends, alerts. */

/** SITE_URL in these tests: not the test server's own address, so a link from the request would show. */
const SITE = "https://www.pneuma.example";
const FAST = { retryDelaysMs: [300, 600, 1_000], pollMs: 200 };
const SETTINGS = {
  companyName: "Pneuma Air Systems",
  phones: [{ label: "Sales", value: "+91 427 200 1480" }],
  emails: [{ label: "Sales", value: "sales@pneuma.example" }],
  address: "SIDCO Industrial Estate, Salem 636 005",
  notifications: { quotes: ["quotes@pneuma.example", "owner@pneuma.example"], services: [], messages: [] },
};

async function serverWithMail(
  smtpUrl: string,
  env: Record<string, string> = {},
  outbox = FAST,
): Promise<{ s: TestServer; token: string }> {
  const s = await startTestServer(
    { SMTP_URL: smtpUrl, MAIL_FROM: "Pneuma Website <website@pneuma.example>", RATE_LIMITS: "off", ...env },
    { context: { outbox } },
  );
  const token = await s.login();
  const res = await s.request("PUT", "/api/settings", { token, json: SETTINGS });
  expect(res.status, res.text).toBe(200);
  return { s, token };
}

/** Waits until every row of the outbox says "sent", then checks there are `count` of them. */
async function allSent(s: TestServer, count: number): Promise<void> {
  const rows = await eventually(async () => {
    const all = await s.ctx.db.select({ status: emailOutbox.status }).from(emailOutbox);
    return all.every((r) => r.status === "sent") ? all : undefined;
  });
  expect(rows).toHaveLength(count);
}

describe("with a working mail server", () => {
  let smtp: TestSmtp;
  let s: TestServer;
  let token: string;
  let items: Awaited<ReturnType<typeof seedProducts>>;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ s, token } = await serverWithMail(smtp.url));
    items = await seedProducts(s, ["PN-RS 15 Screw Compressor", "PN-AD 50 Air Dryer"]);
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it("sends the staff notification and the customer's acknowledgement of a quote, with every field", async () => {
    smtp.received.length = 0;
    const res = await s.request("POST", "/api/quotes", {
      json: buyer({
        items: [
          { productId: items[0]!._id, quantity: 2 },
          { productId: items[1]!._id, quantity: 1 },
        ],
      }),
    });
    expect(res.status, res.text).toBe(201);
    const { _id, reference } = res.body.data;
    expect(reference).toMatch(/^Q-\d{4}-\d{5}$/);
    const mails = await smtp.waitFor(2);
    const staff = mails.find((m) => m.rcptTo.includes("quotes@pneuma.example"))!;
    const customer = mails.find((m) => m.rcptTo.includes("ravi@example.com"))!;
    expect(staff.rcptTo.sort()).toEqual(["owner@pneuma.example", "quotes@pneuma.example"]);
    expect(staff.mail.subject).toBe(`Quote request ${reference} from Ravi Kumar`);
    expect(staff.mail.from?.text).toBe('"Pneuma Website" <website@pneuma.example>');
    expect(staff.mail.replyTo?.value[0]).toMatchObject({ address: "ravi@example.com", name: "Ravi Kumar" });
    for (const text of [
      reference,
      "Ravi Kumar",
      "ravi@example.com",
      "+91 98765 43210",
      "Kumar Textiles",
      "2 ×: PN-RS 15 Screw Compressor",
      `${s.url}${items[0]!.url}`,
      "1 ×: PN-AD 50 Air Dryer",
      "Required air flow: 250 cfm",
      "Working pressure: 7.5 bar",
      "Running hours per day: 16",
      "Application: Spinning mill",
      "Please quote with delivery to Coimbatore.",
      `${s.url}/admin/contacts/${_id}`,
    ]) {
      expect(staff.mail.text, text).toContain(text);
    }
    expect(staff.mail.html).toContain(`href="${s.url}${items[0]!.url}"`);
    expect(staff.raw).toMatch(/^Auto-Submitted: auto-generated/m);

    expect(customer.rcptTo).toEqual(["ravi@example.com"]);
    expect(customer.mail.subject).toBe(`We have received your quote request ${reference} – Pneuma Air Systems`);
    expect(customer.mail.replyTo?.value[0]?.address).toBe("sales@pneuma.example");
    for (const text of [
      reference,
      "PN-RS 15 Screw Compressor",
      "+91 427 200 1480",
      "sales@pneuma.example",
      "SIDCO Industrial Estate",
    ]) {
      expect(customer.mail.text, text).toContain(text);
    }

    // The outbox keeps the Message-ID it chose, so a repeat after a crash would carry the same one.
    const rows = await s.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.contactId, _id));
    expect(rows.map((r) => r.messageId).sort()).toEqual(mails.map((m) => m.mail.messageId).sort());

    const stored = await eventually(async () => {
      const c = (await s.request("GET", `/api/contacts/${_id}`, { token })).body;
      return c.notification.status === "sent" && c.acknowledgement.status === "sent" ? c : undefined;
    });
    expect(stored.notification).toMatchObject({ status: "sent", attempts: 1, error: null, nextAttemptAt: null });
    expect(stored.notification.to.sort()).toEqual(["owner@pneuma.example", "quotes@pneuma.example"]);
    expect(Date.parse(stored.notification.sentAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("tells the first site e-mail of a message when no notification address is set for messages", async () => {
    smtp.received.length = 0;
    const res = await s.request("POST", "/api/contacts", {
      json: { name: "Anita", email: "anita@example.com", subject: "Spares", message: "Do you stock filters?" },
    });
    expect(res.status).toBe(201);
    const mails = await smtp.waitFor(2);
    const staff = mails.find((m) => m.rcptTo.includes("sales@pneuma.example"))!;
    expect(staff.mail.subject).toBe(`Message ${res.body.data.reference} from Anita`);
    expect(staff.mail.text).toContain("Subject: Spares");
  });

  it("escapes what the visitor typed and never lets a name add a header", async () => {
    smtp.received.length = 0;
    const evil = "Eve\r\nBcc: victim@example.net\r\nX-Injected: yes";
    const res = await s.request("POST", "/api/contacts", {
      json: {
        name: evil,
        email: "eve@example.com",
        subject: "Hi\r\nCc: other@example.net",
        message: `<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"`,
      },
    });
    expect(res.status, res.text).toBe(201);
    const mails = await smtp.waitFor(2);
    for (const m of mails) {
      expect(m.rcptTo.join(",")).not.toMatch(/victim|other@/);
      expect(m.mail.headers.has("bcc")).toBe(false);
      expect(m.mail.headers.has("x-injected")).toBe(false);
      expect(m.mail.headers.has("cc")).toBe(false);
      expect(m.mail.html || "").not.toContain("<script>");
      expect(m.mail.html || "").not.toContain("<img src=x");
    }
    const staff = mails.find((m) => m.rcptTo.includes("sales@pneuma.example"))!;
    expect(staff.mail.html).toContain("&#60;script&#62;");
    expect(staff.mail.subject).toBe(`Message ${res.body.data.reference} from Eve Bcc: victim@example.net X-Injected: yes`);
    expect(staff.mail.replyTo?.value).toHaveLength(1);
    expect(staff.mail.replyTo?.value[0]?.address).toBe("eve@example.com");
  });

  it("records a service request's service and tells the staff", async () => {
    smtp.received.length = 0;
    const [service] = await s.ctx.db
      .insert((await import("../../server/db/content-tables")).services)
      .values({ slug: "annual-maintenance", title: "Annual Maintenance", description: "AMC", details: "Visits." })
      .returning();
    const res = await s.request("POST", "/api/contacts", {
      json: {
        name: "Mani",
        email: "mani@example.com",
        subject: "Service request: Annual Maintenance",
        message: "Two machines.",
        serviceId: "annual-maintenance",
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.reference).toMatch(/^S-\d{4}-\d{5}$/);
    const contact = (await s.request("GET", `/api/contacts/${res.body.data._id}`, { token })).body;
    expect(contact).toMatchObject({
      type: "service",
      service: { _id: service!.id, title: "Annual Maintenance", slug: "annual-maintenance" },
    });
    const mails = await smtp.waitFor(2);
    const staff = mails.find((m) => m.rcptTo.includes("sales@pneuma.example"))!;
    expect(staff.mail.subject).toBe(`Service request ${res.body.data.reference} from Mani`);
    expect(staff.mail.text).toContain(`${s.url}/services/annual-maintenance`);
  });
});

describe("the customer's acknowledgement", () => {
  let smtp: TestSmtp;
  let s: TestServer;
  let token: string;
  let items: Awaited<ReturnType<typeof seedProducts>>;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ s, token } = await serverWithMail(smtp.url, { SITE_URL: SITE }));
    items = await seedProducts(s, ["PN-RS 15 Screw Compressor"]);
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  /** Sends the enquiries one after the other and returns the acknowledgement of each (same order). */
  async function acknowledgements(enquiries: { path: string; json: Record<string, unknown> }[]) {
    smtp.received.length = 0;
    for (const e of enquiries) expect((await s.request("POST", e.path, { json: e.json })).status).toBe(201);
    const mails = await smtp.waitFor(enquiries.length * 2);
    return enquiries.map((e) => mails.find((m) => m.rcptTo.includes(String(e.json.email)))!);
  }

  it("carries the reference, our products and contacts, and never the visitor's own text", async () => {
    const spam = "Claim your prize at https://prize.example.net now";
    const [quote, message] = await acknowledgements([
      {
        path: "/api/quotes",
        json: buyer({
          email: "quote-buyer@example.com",
          company: "Cheap Pills Ltd",
          message: spam,
          flow: "Visit prize.example.net",
          application: "Call +1 555 0100 for prizes",
          items: [{ productId: items[0]!.slug, quantity: 2 }],
        }),
      },
      {
        path: "/api/contacts",
        json: { name: "Anita", email: "message-sender@example.com", subject: "You won a prize", message: spam },
      },
    ]);
    for (const ack of [quote!, message!]) {
      const all = `${ack.mail.subject}\n${ack.mail.text}\n${ack.mail.html}`;
      for (const visitorText of ["Claim your prize", "prize.example.net", "You won a prize", "Cheap Pills", "555 0100"]) {
        expect(all, visitorText).not.toContain(visitorText);
      }
      expect(ack.mail.text).toMatch(/Your reference is [MQ]-\d{4}-\d{5}/);
      for (const ours of ["+91 427 200 1480", "sales@pneuma.example", "SIDCO Industrial Estate", `Website: ${SITE}`]) {
        expect(ack.mail.text, ours).toContain(ours);
      }
    }
    // The products by our catalogue's name and page, looked up from the id or slug the form sent.
    expect(quote!.mail.text).toContain(`2 ×: PN-RS 15 Screw Compressor\n    ${SITE}${items[0]!.url}`);
    expect(quote!.mail.html).toContain(`href="${SITE}${items[0]!.url}"`);
    expect(quote!.mail.text).toContain("send you a quotation");
    expect(quote!.mail.text).toMatch(/^Dear Ravi Kumar,\n/);
    expect(message!.mail.text).toMatch(/^Dear Anita,\n/);
  });

  it('greets by name only when it looks like one (no link, at most 60 characters), else "Dear customer"', async () => {
    const names = {
      sixty: "Venkataraman Subramaniam Krishnamurthy Ramachandran Iyer Jr.",
      sixtyOne: "Venkataraman Subramaniam Krishnamurthy Ramachandran Iyer Jnr.",
      scheme: "Ravi http://evil.example",
      www: "Offer at www.cheap-loans",
      slashes: "Ravi hxxps://evil",
      domain: "Ravi evil-shop.example",
      address: "ravi@evil.example",
    };
    expect([...names.sixty]).toHaveLength(60);
    expect([...names.sixtyOne]).toHaveLength(61);
    const entries = Object.entries(names);
    const acks = await acknowledgements(
      entries.map(([key, name]) => ({
        path: "/api/contacts",
        json: { name, email: `greet-${key.toLowerCase()}@example.com`, subject: "Hello", message: "Hello" },
      })),
    );
    const greetings = Object.fromEntries(entries.map(([key], i) => [key, acks[i]!.mail.text?.split("\n")[0]]));
    expect(greetings).toEqual({
      sixty: `Dear ${names.sixty},`,
      sixtyOne: "Dear customer,",
      scheme: "Dear customer,",
      www: "Dear customer,",
      slashes: "Dear customer,",
      domain: "Dear customer,",
      address: "Dear customer,",
    });
    for (const ack of acks) expect(ack!.mail.html).toContain("<p>Dear ");
  });

  it("sends at most 3 acknowledgements to one address in a day; later enquiries are stored and the staff told", async () => {
    smtp.received.length = 0;
    const addresses = ["Repeat@Example.com", "repeat@example.com", "REPEAT@EXAMPLE.COM", "repeat@Example.COM"];
    const ids: string[] = [];
    for (const email of addresses) {
      const res = await s.request("POST", "/api/contacts", {
        json: { name: "Repeat", email, subject: "Again", message: "Again" },
      });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.data._id);
    }
    // Every e-mail is an outbox row queued before its request was answered: once all are sent, none is to come.
    const rows = await eventually(async () => {
      const all = await s.ctx.db.select().from(emailOutbox);
      return all.every((r) => r.status === "sent") ? all.filter((r) => ids.includes(r.contactId ?? "")) : undefined;
    });
    const purposes = (id: string) =>
      rows
        .filter((r) => r.contactId === id)
        .map((r) => r.purpose)
        .sort();
    expect(ids.map(purposes)).toEqual([["customer", "staff"], ["customer", "staff"], ["customer", "staff"], ["staff"]]);
    const toVisitor = smtp.received.filter((m) => m.rcptTo.some((a) => a.toLowerCase() === "repeat@example.com"));
    expect(toVisitor).toHaveLength(3);
    const staff = smtp.received.filter((m) => m.rcptTo.includes("sales@pneuma.example"));
    expect(staff).toHaveLength(4);
    const fourth = (await s.request("GET", `/api/contacts/${ids[3]}`, { token })).body;
    expect(fourth).toMatchObject({ email: "repeat@Example.COM", notification: { status: "sent" } });
    expect(staff.some((m) => m.mail.subject === `Message ${fourth.reference} from Repeat`)).toBe(true);
  });
});

/** A request that names its own Host, as any client can (fetch does not let a caller set Host). */
function requestWithHost(
  url: string,
  host: string,
  method: string,
  json: unknown,
  token?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(json);
    const headers: Record<string, string> = {
      host,
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
    };
    if (token) headers["x-auth-token"] = token;
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("links and Message-IDs", () => {
  it("come from SITE_URL, whatever Host or forwarded headers the request names", async () => {
    const smtp = await startTestSmtp();
    const { s, token } = await serverWithMail(smtp.url, { SITE_URL: SITE, TRUST_PROXY: "loopback" });
    try {
      const [product] = await seedProducts(s, ["PN-RS 15 Screw Compressor"]);
      const evil = "attacker.example";
      const posted = await requestWithHost(`${s.url}/api/quotes`, evil, "POST", buyer({ items: [{ productId: product!._id }] }));
      expect(posted.status, posted.body).toBe(201);
      const { _id } = JSON.parse(posted.body).data;
      const forwarded = await s.request("POST", "/api/contacts", {
        json: { name: "Fwd", email: "fwd@example.com", subject: "S", message: "M" },
        headers: { "x-forwarded-host": evil, "x-forwarded-proto": "http" },
      });
      expect(forwarded.status).toBe(201);
      await smtp.waitFor(4);
      const resent = await requestWithHost(`${s.url}/api/contacts/${_id}/resend`, evil, "POST", {}, token);
      expect(resent.status, resent.body).toBe(202);
      const mails = await smtp.waitFor(5);
      expect(mails).toHaveLength(5); // 2 notifications, 2 acknowledgements, 1 resend
      for (const m of mails) {
        const all = `${m.mail.text}\n${m.mail.html}`;
        expect(all).not.toContain(evil);
        expect(m.mail.messageId).toMatch(/@www\.pneuma\.example>$/);
        expect(all).toContain(SITE);
      }
      const links = mails.flatMap((m) => m.mail.text?.match(/https?:\/\/[^\s]+/g) ?? []);
      expect(links.length).toBeGreaterThan(5);
      expect(links.every((l) => l.startsWith(`${SITE}/`) || l === SITE)).toBe(true);
      const staff = mails.filter((m) => m.rcptTo.includes("quotes@pneuma.example"));
      expect(staff.map((m) => m.mail.text).every((t) => t?.includes(`${SITE}/admin/contacts/${_id}`))).toBe(true);
    } finally {
      await s.close();
      await smtp.close();
    }
  });
});

describe("when the mail server is down", () => {
  it("acknowledges the visitor at once, retries, and delivers once the server is up", async () => {
    const port = await freePort();
    const { s, token } = await serverWithMail(`smtp://127.0.0.1:${port}`);
    let smtp: TestSmtp | null = null;
    try {
      const res = await s.request("POST", "/api/contacts", {
        json: { name: "Kavya", email: "kavya@example.com", subject: "Price", message: "Price of PN-RS 15?" },
      });
      expect(res.status).toBe(201); // acknowledged while no mail server answers
      const failing = await eventually(async () => {
        const c = (await s.request("GET", `/api/contacts/${res.body.data._id}`, { token })).body;
        return c.notification.attempts >= 1 ? c : undefined;
      });
      expect(failing.notification.status).toBe("queued");
      expect(failing.notification.error).toMatch(/ECONNREFUSED|connect/i);
      expect(failing.notification.nextAttemptAt).not.toBeNull();

      smtp = await startTestSmtp({ port });
      const mails = await smtp.waitFor(2);
      expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual(["kavya@example.com", "sales@pneuma.example"]);
      const sent = await eventually(async () => {
        const c = (await s.request("GET", `/api/contacts/${res.body.data._id}`, { token })).body;
        return c.notification.status === "sent" ? c : undefined;
      });
      expect(sent.notification.attempts).toBeGreaterThan(1);
      expect(sent.notification.error).toBeNull();
      // Nothing is left to send (only a queued row is tried again), and the stopped sender has finished
      // every message it had on the way: whatever it will ever deliver has arrived.
      await allSent(s, 2);
      await s.ctx.mail.stop();
      expect(smtp.received).toHaveLength(2); // delivered once each
    } finally {
      await s.close();
      await smtp?.close();
    }
  });

  it("marks a notification failed with the mail server's answer after the retry window, shows it, and resends it", async () => {
    const smtp = await startTestSmtp({ rejectRecipients: ["sales@pneuma.example"] });
    const { s, token } = await serverWithMail(smtp.url, {}, { ...FAST, giveUpAfterMs: 1_500 } as typeof FAST);
    try {
      const res = await s.request("POST", "/api/contacts", {
        json: { name: "Arun", email: "arun@example.com", subject: "Hello", message: "Hello" },
      });
      const id = res.body.data._id;
      const failed = await eventually(async () => {
        const c = (await s.request("GET", `/api/contacts/${id}`, { token })).body;
        return c.notification.status === "failed" ? c : undefined;
      });
      expect(failed.notification.error).toMatch(/^550 .*No such user/);
      expect(failed.notification.attempts).toBeGreaterThan(1);
      expect(failed.acknowledgement.status).toBe("sent");
      const stats = (await s.request("GET", "/api/contacts/stats", { token })).body;
      expect(stats).toMatchObject({ failedNotifications: 1, mail: { enabled: true } });
      const failedOnly = await s.request("GET", "/api/contacts?notification=failed", { token });
      expect(failedOnly.body.map((c: { _id: string }) => c._id)).toEqual([id]);
      expect((await s.request("GET", "/api/contacts?notification=sent", { token })).body).toEqual([]);

      // Staff fix the address in Site Settings, then resend.
      await s.request("PUT", "/api/settings", {
        token,
        json: { ...SETTINGS, emails: [{ label: "Sales", value: "desk@pneuma.example" }] },
      });
      const resend = await s.request("POST", `/api/contacts/${id}/resend`, { token });
      expect(resend.status, resend.text).toBe(202);
      expect(resend.body.data.notification.status).toBe("queued");
      const mails = await smtp.waitFor(2);
      expect(mails.some((m) => m.rcptTo.includes("desk@pneuma.example"))).toBe(true);
      await eventually(async () => {
        const c = (await s.request("GET", `/api/contacts/${id}`, { token })).body;
        return c.notification.status === "sent" ? c : undefined;
      });
      expect((await s.request("GET", "/api/contacts/stats", { token })).body.failedNotifications).toBe(0);
      expect((await s.request("GET", "/api/contacts?notification=failed", { token })).body).toEqual([]);
      expect(
        (await s.request("GET", "/api/contacts?notification=sent", { token })).body.map((c: { _id: string }) => c._id),
      ).toEqual([id]);
      expect((await s.request("POST", "/api/contacts/0123456789abcdef01234567/resend", { token })).status).toBe(404);
      expect((await s.request("POST", `/api/contacts/${id}/resend`)).status).toBe(401);
    } finally {
      await s.close();
      await smtp.close();
    }
  });
});

describe("with e-mail off (no SMTP_URL)", () => {
  it("stores enquiries, shows the notification as off, and refuses a resend with a clear message", async () => {
    const s = await startTestServer({ RATE_LIMITS: "off" });
    try {
      const token = await s.login();
      const res = await s.request("POST", "/api/contacts", {
        json: { name: "A", email: "a@example.com", subject: "S", message: "M" },
      });
      expect(res.status).toBe(201);
      const c = (await s.request("GET", `/api/contacts/${res.body.data._id}`, { token })).body;
      expect(c.notification).toEqual({ status: "off", to: [], attempts: 0, sentAt: null, nextAttemptAt: null, error: null });
      expect((await s.request("GET", "/api/contacts/stats", { token })).body.mail).toEqual({ enabled: false });
      expect((await s.request("GET", "/api/contacts?notification=off", { token })).headers.get("x-total-count")).toBe("1");
      expect((await s.request("GET", "/api/contacts?notification=bogus", { token })).status).toBe(400);
      const resend = await s.request("POST", `/api/contacts/${c._id}/resend`, { token });
      expect(resend.status).toBe(409);
      expect(resend.body.message).toMatch(/^E-mail notifications are off/);
      expect((await s.ctx.db.select().from(emailOutbox)).length).toBe(0);
    } finally {
      await s.close();
    }
  });
});
