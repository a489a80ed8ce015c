import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CORRECTIONS_PER_DAY } from "../../server/privacy/page-actions";
import { createPrivacyRequest } from "../../server/privacy/requests";
import { linkRateLimited, openPrivacyLink, sendPrivacyLink, sessionEmail } from "../../server/privacy/self-service";
import { DEFAULT_SITE_SETTINGS } from "../../shared/schemas/defaults";
import { buyer, eventually } from "../support/enquiries";
import { type SignedInServer, startSignedInServerProcess } from "../support/process";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

// A production server with its pages and a real SMTP server: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/**
 * Privacy by design (issue 33), the person's side: the notice and consents every enquiry records (the notice's
 * version from Site Settings), /privacy, and /privacy/request: a link e-mailed whether or not the address is known,
 * opened once, the page's actions (download, withdraw at once, correction to staff, erasure), and its limits.
 */

const SITE = "https://www.pneuma.example";
let smtp: TestSmtp;
let running: SignedInServer;
let url: string;

async function call(method: string, path: string, json?: unknown, token: string | null = running.token) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { "x-auth-token": token } : {}), ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    headers: res.headers,
    body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
  };
}

/** A page, or a form posted to it as a browser without JavaScript does (from a page of the site: its Origin). */
async function page(path: string, form?: Record<string, string>, origin = url) {
  const res = await fetch(`${url}${path.replace(SITE, "")}`, {
    method: form ? "POST" : "GET",
    headers: form ? { "content-type": "application/x-www-form-urlencoded", origin } : {},
    body: form ? new URLSearchParams(form).toString() : undefined,
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
/** The consents the page's Withdraw buttons withdraw, each by itself (the button's `purpose`). */
const withdrawButtons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>Withdraw/g)].map(([, attributes]) =>
    attributes!.includes('name="purpose"') ? attributes!.match(/value="([^"]+)"/)?.[1] : "(no purpose)",
  );
const hidden = (html: string, name: string) => html.match(new RegExp(`name="${name}" value="([^"]+)"`))?.[1] ?? "";

async function contactByReference(reference: string) {
  const list = await call("GET", `/api/contacts?q=${encodeURIComponent(reference)}`);
  return list.body.find((c: { reference: string }) => c.reference === reference);
}

/** The first message to `to` whose subject has `subject`, received after the first `after` messages. */
function mailTo(box: TestSmtp, to: string, subject: string, after: number) {
  return eventually(async () =>
    box.received.slice(after).find((m) => m.rcptTo.includes(to) && (m.mail.subject ?? "").includes(subject)),
  );
}

const linkIn = (mail: { text?: string }) => mail.text?.match(/https:\/\/\S+\/privacy\/request\/\S+/)?.[0] ?? "";

/** The e-mailed link opened, and its one button pressed (a POST from the link's page, as the browser sends it). */
async function openLink(link: string) {
  const shown = await page(link);
  expect(shown.status).toBe(200);
  return page(link, {});
}

/** Asks for the link at /privacy/request and returns the e-mail that came. */
async function askForLink(email: string) {
  const before = smtp.received.length;
  const asked = await page("/privacy/request", { email });
  expect(asked.status).toBe(200);
  expect(text(asked.html)).toContain(`We have sent an e-mail to ${email}.`);
  return (await mailTo(smtp, email, "Your personal data", before)).mail;
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  running = await startSignedInServerProcess(ADMIN, {
    SITE_URL: SITE,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Pneuma Air Systems <sales@pneuma.example>",
    RATE_LIMITS: "off",
    SEED_DEMO: "false",
  });
  url = running.server.url;
  const saved = await call("PUT", "/api/settings", {
    emails: [{ label: "Sales", value: "sales@pneuma.example" }],
    grievanceName: "R. Kavitha",
    grievanceEmail: "privacy@pneuma.example",
    // Quotations need the company's GSTIN and address.
    gstin: "33AAKCP1998Q1ZI",
    address: "SIDCO Industrial Estate, Salem 636 005",
  });
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await running?.stop();
  await smtp?.close();
});

describe("the notice and the consents", () => {
  it("every form shows the notice with a link to /privacy, the notice's version and the two boxes unticked", async () => {
    for (const path of ["/contact", "/quote"]) {
      const html = (await page(path)).html;
      const notice = html.slice(html.indexOf('data-testid="privacy-notice"'));
      expect(notice).toContain("We collect your name, e-mail address and phone number");
      expect(notice).toContain('href="/privacy"');
      expect(notice).toContain('name="noticeVersion" value="1"');
      for (const box of ["consentNews", "consentWhatsapp"]) {
        expect(notice).toMatch(new RegExp(`<input[^>]*type="checkbox"[^>]*name="${box}"(?![^>]*checked)[^>]*>`));
      }
      expect(notice.indexOf("privacy-notice")).toBeLessThan(notice.indexOf('type="submit"'));
    }
  });

  it("an enquiry records the version shown and the consents given; a form without the boxes works and gives none", async () => {
    const withBoxes = await page("/contact", {
      name: "Meena Iyer",
      email: "meena@textiles.example",
      subject: "Screw compressor",
      message: "Please call.",
      noticeVersion: "1",
      consentWhatsapp: "on",
    });
    expect(withBoxes.status).toBe(200);
    const reference = text(withBoxes.html).match(/Your reference: (M-\d{4}-\d{5})/)?.[1];
    expect(reference).toBeDefined();
    const contact = await contactByReference(reference!);
    expect(contact.privacy).toEqual({
      noticeVersion: 1,
      consents: { news: false, whatsapp: true },
      consentsChangedAt: null,
      erasedAt: null,
    });
    const without = await call("POST", "/api/contacts", { ...buyer(), subject: "Hello", message: "Plain" }, null);
    expect(without.status, without.text).toBe(201);
    expect((await contactByReference(without.body.data.reference)).privacy.consents).toEqual({ news: false, whatsapp: false });
  });

  it("a changed notice is a new version: forms show it, and an enquiry keeps the version its form showed", async () => {
    const changed = await call("PUT", "/api/settings", {
      privacyNotice: "We collect your name, e-mail and phone to answer you. Kept 24 months.",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.privacyNoticeVersion).toBe(2);
    const same = await call("PUT", "/api/settings", { tagline: "Air you can trust" });
    expect(same.body.privacyNoticeVersion).toBe(2);
    const publicSettings = await call("GET", "/api/settings", undefined, null);
    expect(publicSettings.body).toMatchObject({ privacyNoticeVersion: 2, grievanceEmail: "privacy@pneuma.example" });
    const html = (await page("/contact")).html;
    expect(html).toContain("We collect your name, e-mail and phone to answer you.");
    expect(html).toContain('name="noticeVersion" value="2"');
    // A form opened before the change posts version 1; a version never shown counts as the current one.
    for (const [posted, recorded] of [
      ["1", 1],
      ["9", 2],
    ] as const) {
      const sent = await call("POST", "/api/contacts", { ...buyer(), subject: "S", message: "M", noticeVersion: posted }, null);
      expect((await contactByReference(sent.body.data.reference)).privacy.noticeVersion).toBe(recorded);
    }
  });
});

describe("/privacy", () => {
  it("gives the notice in full, the periods, backups, the grievance officer and the Board; the public site sets no cookies", async () => {
    const res = await page("/privacy");
    expect(res.status).toBe(200);
    const words = text(res.html);
    for (const expected of [
      "What we collect",
      "Enquiries that did not lead to a sale: 24 months",
      "36 months",
      "Quotations you accepted: 8 years",
      "kept for 35 days",
      "R. Kavitha",
      "privacy@pneuma.example",
      "Data Protection Board of India",
      "this website sets no cookies",
      // Staff may message on WhatsApp those who agreed, and only them (issue 45).
      'If you ticked "You may message me on WhatsApp about this enquiry", our staff may message you on WhatsApp about that enquiry',
      "If you did not tick it, we do not message you on WhatsApp.",
    ]) {
      expect(words).toContain(expected);
    }
    expect(res.html).toContain('href="/privacy/request"');
    for (const path of ["/", "/privacy", "/contact", "/quote", "/privacy/request"]) {
      expect((await page(path)).headers.get("set-cookie"), path).toBeNull();
    }
    expect((await page("/")).html).toContain('href="/privacy"');
  });
});

describe("/privacy/request", () => {
  let reference = "";
  /** Their quotations: the first sent to them, the second a draft. */
  const quoted: { id: string; number: string }[] = [];
  beforeAll(async () => {
    const sent = await call(
      "POST",
      "/api/contacts",
      {
        ...buyer({ name: "Ravi Kumar", email: "Ravi.Kumar@Spinning.example", phone: "+91 98765 43210" }),
        subject: "VSD",
        message: "Quote please",
        consentNews: true,
        consentWhatsapp: true,
      },
      null,
    );
    expect(sent.status, sent.text).toBe(201);
    reference = sent.body.data.reference;
    // A deal from the enquiry: one quotation e-mailed to them, one still a draft (staff's work in progress).
    const contact = await contactByReference(reference);
    const deal = await call("POST", "/api/deals", { title: "VSD for Ravi Kumar", contactId: contact._id });
    expect(deal.status, deal.text).toBe(201);
    const billed = await call("PUT", `/api/customers/${deal.body.customerId}`, {
      billingAddress: { line1: "12 Mill Road", city: "Coimbatore", state: "Tamil Nadu", pincode: "641001", country: "India" },
    });
    expect(billed.status, billed.text).toBe(200);
    for (const description of ["PN-VS 37 VSD compressor", "PN-VS 55 VSD compressor"]) {
      const made = await call("POST", "/api/quotations", {
        dealId: deal.body._id,
        lines: [{ description, hsn: "84148011", quantity: 1, unitPrice: 450000 }],
      });
      expect(made.status, made.text).toBe(201);
      quoted.push({ id: made.body._id, number: made.body.number });
    }
    const mailed = await call("POST", `/api/quotations/${quoted[0]!.id}/send`, { to: ["ravi.kumar@spinning.example"] });
    expect(mailed.status, mailed.text).toBe(200);
  });

  it("answers the same for an unknown address; the e-mail says we hold nothing", async () => {
    const mail = await askForLink("nobody@nowhere.example");
    expect(mail.text).toContain("We hold no personal data for this e-mail address.");
    expect(mail.text).not.toContain("/privacy/request/");
  });

  it("refuses an address that is not one, in words, and sends nothing", async () => {
    const res = await page("/privacy/request", { email: "not an address" });
    expect(res.status).toBe(400);
    expect(text(res.html)).toContain("Enter a valid e-mail address, like name@example.com.");
  });

  it("opening the e-mailed link uses nothing (scanners open links first); its one button, a POST, starts the page", async () => {
    const link = linkIn(await askForLink("ravi.kumar@spinning.example"));
    for (const opening of [1, 2]) {
      const shown = await page(link);
      expect(shown.status, `opening ${opening}`).toBe(200);
      expect(shown.headers.get("cache-control")).toBe("private, no-store");
      const main = shown.html.slice(shown.html.indexOf("<main"), shown.html.indexOf("</main>"));
      expect(main.match(/<button/g)).toHaveLength(1);
      expect(main).toMatch(/<form[^>]*method="post"[^>]*><button type="submit"[^>]*>Show my data<\/button><\/form>/);
      expect(main).toContain(`action="${link.replace(SITE, "")}"`);
      expect(text(shown.html)).not.toContain("Ravi Kumar");
      expect(hidden(shown.html, "session")).toBe("");
    }
    // The button's form from another site is refused (the site's cross-site check), and uses nothing either.
    const forged = await page(link, {}, "https://elsewhere.example");
    expect(forged.status).toBe(403);
    const opened = await page(link, {});
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(text(opened.html)).toContain("Ravi Kumar");
    expect(hidden(opened.html, "session")).not.toBe("");
    for (const used of [await page(link), await page(link, {})]) {
      expect(used.status).toBe(410);
      expect(text(used.html)).toContain("This link has been used already");
    }
  });

  it("shows only the quotations sent to the person, in their words: never a draft, nor the word", async () => {
    const opened = await openLink(linkIn(await askForLink("ravi.kumar@spinning.example")));
    const words = text(opened.html);
    expect(quoted[1]!.number).not.toBe(quoted[0]!.number);
    expect(words).not.toContain(quoted[1]!.number);
    expect(opened.html).not.toMatch(/draft/i);
    expect(words).toContain(quoted[0]!.number);
    expect(words).toContain("Sent to you");
  });

  it("e-mails a link built from SITE_URL that opens once, showing the person's data; download, withdraw and correct", async () => {
    const mail = await askForLink("ravi.kumar@spinning.example");
    const link = linkIn(mail);
    expect(link.startsWith(`${SITE}/privacy/request/`)).toBe(true);
    const opened = await openLink(link);
    expect(opened.status).toBe(200);
    for (const expected of [reference, "Ravi Kumar", "+91 98765 43210", "Send me product news by e-mail"]) {
      expect(text(opened.html)).toContain(expected);
    }

    const session = { token: hidden(opened.html, "token"), session: hidden(opened.html, "session") };
    const file = await fetch(`${url}/privacy/request/download`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(session).toString(),
    });
    expect(file.headers.get("content-disposition")).toMatch(/attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"/);
    const data = await file.json();
    expect(data).toMatchObject({
      email: "ravi.kumar@spinning.example",
      enquiries: [{ reference, name: "Ravi Kumar", consents: { news: true, whatsapp: true } }],
    });

    // Withdrawing is one action: each consent given has its own button, nothing to tick first.
    expect(withdrawButtons(opened.html)).toEqual(["news", "whatsapp"]);
    expect(opened.html).not.toContain('name="withdraw-');
    const withdrawn = await page("/privacy/request/session", { ...session, intent: "withdraw", purpose: "news" });
    expect(withdrawn.status).toBe(200);
    expect(text(withdrawn.html)).toContain('Done: withdrawn at once ("Send me product news by e-mail").');
    expect(withdrawButtons(withdrawn.html)).toEqual(["whatsapp"]);
    const contact = await contactByReference(reference);
    expect(contact.privacy.consents).toEqual({ news: false, whatsapp: true });
    expect(contact.privacy.consentsChangedAt).not.toBeNull();

    const empty = await page("/privacy/request/session", { ...session, intent: "correct", details: " " });
    expect(empty.status).toBe(400);
    expect(text(empty.html)).toContain("Tell us what to correct.");
    const before = smtp.received.length;
    const corrected = await page("/privacy/request/session", {
      ...session,
      intent: "correct",
      details: "My phone is now +91 90000 11111",
    });
    expect(text(corrected.html)).toContain("Thank you: your correction has reached us.");
    const staffMail = await mailTo(smtp, "privacy@pneuma.example", "Privacy: a correction", before);
    expect(staffMail.mail.text).toContain("My phone is now +91 90000 11111");

    // A burst of corrections (sent at once): CORRECTIONS_PER_DAY in a day in all, the rest refused in words, and
    // no further e-mail to the grievance officer (the requests screen lists them).
    const burst = await Promise.all(
      Array.from({ length: CORRECTIONS_PER_DAY + 2 }, (_, i) =>
        page("/privacy/request/session", { ...session, intent: "correct", details: `Correction number ${i + 2}` }),
      ),
    );
    const thanked = burst.filter((r) => text(r.html).includes("Thank you: your correction has reached us."));
    expect(thanked).toHaveLength(CORRECTIONS_PER_DAY - 1);
    for (const refused of burst.filter((r) => !thanked.includes(r))) {
      expect(text(refused.html)).toContain(
        `You have sent us ${CORRECTIONS_PER_DAY} corrections today: we will answer those first. You can send more tomorrow, or write to us.`,
      );
    }
    // The outbox sends oldest first: once a later e-mail has arrived, any correction e-mail would have too.
    await askForLink("someone-else@nowhere.example");
    const corrections = smtp.received.slice(before).filter((m) => m.mail.subject?.startsWith("Privacy: a correction"));
    expect(corrections).toHaveLength(1);

    const requests = await call("GET", "/api/privacy/requests?status=all");
    if (requests.status === 200) {
      const kinds = requests.body.map((r: { kind: string; status: string }) => `${r.kind}:${r.status}`);
      expect(kinds).toEqual(expect.arrayContaining(["access:done", "withdrawal:done", "correction:open"]));
    }
  });

  it("erases the person at once from the page and says what was erased; the page then holds nothing", async () => {
    const opened = await openLink(linkIn(await askForLink("ravi.kumar@spinning.example")));
    const session = { token: hidden(opened.html, "token"), session: hidden(opened.html, "session") };
    const unconfirmed = await page("/privacy/request/session", { ...session, intent: "erase" });
    expect(text(unconfirmed.html)).toContain("Tick the box to confirm");
    const erased = await page("/privacy/request/session", { ...session, intent: "erase", confirm: "on" });
    expect(erased.status).toBe(200);
    expect(text(erased.html)).toContain("Done: we have erased your personal data.");
    const contact = await contactByReference(reference);
    expect(contact.name).not.toBe("Ravi Kumar");
    expect(contact.email).toBe("");
    expect(contact.privacy.erasedAt).not.toBeNull();
    const after = await page("/privacy/request/session", { ...session, intent: "correct", details: "x" });
    expect(after.status).toBe(410);
  });
});

describe("the link's limits", () => {
  let s: TestServer;
  let mailbox: TestSmtp;
  beforeAll(async () => {
    mailbox = await startTestSmtp();
    s = await startTestServer({ SITE_URL: SITE, SMTP_URL: mailbox.url, MAIL_FROM: "Pneuma <sales@pneuma.example>" });
    await s.request("POST", "/api/contacts", { json: { ...buyer({ email: "asha@forge.example" }), subject: "S", message: "M" } });
  });
  afterAll(async () => {
    await s?.close();
    await mailbox?.close();
  });

  it("is valid 24 hours; the page's session an hour; a client may ask 5 times an hour, 3 a day for one address", async () => {
    const settings = DEFAULT_SITE_SETTINGS;
    await sendPrivacyLink(s.ctx, "asha@forge.example", "203.0.113.7", settings);
    const secret = (await mailTo(mailbox, "asha@forge.example", "Your personal data", 0)).mail.text!.match(
      /\/privacy\/request\/(\S+)/,
    )![1]!;
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect(await openPrivacyLink(s.ctx.db, secret, tomorrow)).toEqual({ state: "expired" });
    const opened = await openPrivacyLink(s.ctx.db, secret);
    expect(opened.state).toBe("open");
    const session = opened.state === "open" ? opened.session : "";
    expect(await sessionEmail(s.ctx.db, secret, session)).toBe("asha@forge.example");
    expect(await sessionEmail(s.ctx.db, secret, "wrong")).toBeNull();
    expect(await sessionEmail(s.ctx.db, secret, session, new Date(Date.now() + 61 * 60 * 1000))).toBeNull();

    await sendPrivacyLink(s.ctx, "asha@forge.example", "203.0.113.7", settings);
    await sendPrivacyLink(s.ctx, "asha@forge.example", "203.0.113.7", settings);
    // The fourth for her from the same client is refused, saying when to try again (a day after the first).
    const refused = await sendPrivacyLink(s.ctx, "asha@forge.example", "203.0.113.7", settings).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, message: linkRateLimited(24 * 60 * 60) });
    expect((refused as { message: string }).message).toBe(
      "You have asked for several links in a short time. Please try again in 24 hours.",
    );
    expect(Number((refused as { headers: Record<string, string> }).headers["Retry-After"])).toBeGreaterThan(23 * 60 * 60);
    // A stranger who asked for her links used up their own quota, not hers: from her own network she still can.
    await sendPrivacyLink(s.ctx, "asha@forge.example", "198.51.100.20", settings);
    for (const n of [1, 2]) await sendPrivacyLink(s.ctx, `other${n}@forge.example`, "203.0.113.7", settings);
    const sixth = await sendPrivacyLink(s.ctx, "other3@forge.example", "203.0.113.7", settings).catch((e: unknown) => e);
    expect(sixth).toMatchObject({ status: 429 });
    expect((sixth as { message: string }).message).toMatch(/Please try again in \d+ minutes?\.$/);
  });

  it("a request's due date is the Site Settings' days from its arrival", async () => {
    const made = await createPrivacyRequest(
      s.ctx.db,
      { kind: "correction", email: "X@Y.example", dueDays: 30 },
      new Date("2026-11-01T00:00:00Z"),
    );
    expect(made).toMatchObject({ email: "x@y.example", status: "open", dueAt: "2026-12-01T00:00:00.000Z", doneAt: null });
  });
});
