import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { SiteSettings } from "../../shared/content/settings";
import { isId } from "../../shared/lib/ids";
import { emailKey } from "../../shared/sales/customer";
import { formatRupees } from "../../shared/sales/money";
import type { Quotation } from "../../shared/sales/quotation";
import { getSettings } from "../content/settings";
import type { Database } from "../db/client";
import { admins, customerPeople, deals, quotations, salesDesk } from "../db/schema";
import type { AttachmentMaker } from "../mail/attachments";
import {
  escapeHtml,
  formatIndiaTime,
  headerText,
  htmlPage,
  htmlParagraphs,
  namedAddress,
  staffRecipients,
} from "../mail/enquiry-emails";
import { queueEmail } from "../mail/outbox";
import { addDealNote, followQuotations, leadFollowsDeal } from "./deals";
import { quotationFileName, quotationPdf } from "./quotation-pdf";
import { getQuotation } from "./quotations";

/**
 * A quotation on its way to the buyer (issue 32): the e-mail with the PDF (made when the outbox sends it),
 * the signed link to the buyer's page (/quotation/<token>: no sign-in, so the token is the permission), and
 * what the buyer does there: viewed, accepted or declined, each logged on the deal; a decision also e-mails
 * the deal's owner at once.
 */

/** The path of the buyer's page; the token follows it. */
export const BUYER_PAGE = "/quotation/";
const DESK = "desk";

/**
 * The signing key of the links we send (quotations, retention keep links), made once per database (several
 * servers agree on it) and kept per process after.
 */
const keys = new WeakMap<Database, Buffer>();
export async function linkKey(db: Database): Promise<Buffer> {
  const known = keys.get(db);
  if (known) return known;
  const fresh = randomBytes(32).toString("base64url");
  await db
    .insert(salesDesk)
    .values({ id: DESK, linkKey: fresh })
    .onConflictDoUpdate({ target: salesDesk.id, set: { linkKey: sql`coalesce(${salesDesk.linkKey}, excluded.link_key)` } });
  const [row] = await db.select({ key: salesDesk.linkKey }).from(salesDesk).where(eq(salesDesk.id, DESK));
  const key = Buffer.from(row?.key ?? fresh, "base64url");
  keys.set(db, key);
  return key;
}

const signatureOf = (key: Buffer, id: string) => createHmac("sha256", key).update(`quotation-link:${id}`).digest("base64url");

/** The buyer's link token of one quotation version: its id and a signature only this site can make. */
export async function quotationToken(db: Database, id: string): Promise<string> {
  return `${id}.${signatureOf(await linkKey(db), id)}`;
}

/** The quotation id a token stands for, or null when it was not made here (or was changed). */
export async function quotationIdOfToken(db: Database, token: string): Promise<string | null> {
  const dot = token.lastIndexOf(".");
  const id = token.slice(0, dot);
  if (dot < 1 || !isId(id)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signatureOf(await linkKey(db), id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The outbox's attachment maker: a quotation's PDF from its stored version, as it was sent. */
export const quotationAttachments: AttachmentMaker = async (db, list) => {
  const settings = await getSettings(db);
  return Promise.all(
    list.map(async (a) => {
      const q = await getQuotation(db, a.quotationId);
      if (!q) throw new Error(`Quotation ${a.quotationId} no longer exists.`);
      return { filename: quotationFileName(q), content: await quotationPdf(q, settings), contentType: "application/pdf" };
    }),
  );
};

interface Sender {
  name: string;
  email: string;
}

function quotationEmail(q: Quotation, settings: SiteSettings, link: string, sender: Sender, message: string) {
  const company = headerText(settings.companyName);
  const until = new Date(`${q.validUntil}T00:00:00Z`).toLocaleDateString("en-IN", { dateStyle: "long", timeZone: "UTC" });
  const total = formatRupees(Math.round(q.total * 100));
  const intro = message.trim() || `Dear ${q.buyer.name},\n\nPlease find our quotation ${q.number} attached.`;
  const facts = `Quotation ${q.number}${q.version > 1 ? ` (revision ${q.version})` : ""}: ${total} including GST, valid until ${until}.`;
  const sign = `Regards,\n${sender.name}\n${company}`;
  const text = `${intro}\n\n${facts}\n\nView it online, and accept or decline it: ${link}\n\n${sign}\n`;
  const html = htmlPage(
    `Quotation ${q.number}`,
    `${htmlParagraphs(intro)}<p>${escapeHtml(facts)}</p>` +
      `<p><a href="${escapeHtml(link)}">View the quotation online, and accept or decline it</a></p>${htmlParagraphs(sign)}`,
  );
  return { subject: headerText(`Quotation ${q.number} from ${company}`), text, html };
}

/**
 * Queues the quotation's e-mail (PDF attached, Reply-To the sales person) in the caller's transaction, marks
 * it sent and logs it on the deal.
 */
export async function sendQuotation(
  tx: Database,
  args: { quotation: Quotation; to: string[]; message: string; sender: Sender; settings: SiteSettings; siteUrl: string },
): Promise<void> {
  const { quotation: q, sender } = args;
  const link = `${args.siteUrl}${BUYER_PAGE}${await quotationToken(tx, q._id)}`;
  await queueEmail(tx, {
    ...quotationEmail(q, args.settings, link, sender, args.message),
    to: args.to,
    replyTo: sender.email ? namedAddress(sender.name, sender.email) : null,
    purpose: "quotation",
    origin: args.siteUrl,
    attachments: [{ kind: "quotation-pdf", quotationId: q._id }],
  });
  const now = new Date();
  await tx
    .update(quotations)
    .set({
      status: sql`CASE WHEN ${quotations.status} = 'draft' THEN 'sent' ELSE ${quotations.status} END`,
      sentAt: now,
      updatedAt: now,
    })
    .where(eq(quotations.id, q._id));
  await addDealNote(tx, q.dealId, {
    kind: "quotation-sent",
    text: `Sent ${q.number} v${q.version} (${formatRupees(Math.round(q.total * 100))}) to ${args.to.join(", ")}.`,
    author: sender.name,
  });
  await followQuotations(tx, q.dealId);
}

/** The buyer opened their page: the first time counts (status "viewed", a line on the deal). */
export async function recordView(db: Database, q: Quotation): Promise<void> {
  if (q.viewedAt) return;
  await db.transaction(async (tx) => {
    const now = new Date();
    const first = await tx
      .update(quotations)
      .set({
        viewedAt: now,
        status: sql`CASE WHEN ${quotations.status} IN ('draft', 'sent') THEN 'viewed' ELSE ${quotations.status} END`,
      })
      .where(sql`${quotations.id} = ${q._id} AND ${quotations.viewedAt} IS NULL`)
      .returning({ id: quotations.id });
    if (first.length > 0) {
      await addDealNote(tx as unknown as Database, q.dealId, {
        kind: "quotation-viewed",
        text: `The buyer opened ${q.number} v${q.version}.`,
        author: q.buyer.name,
      });
    }
  });
}

/** The buyer's answer: on their page (with the address it came from), or given another way and recorded by an owner. */
export type Decision = { accept: boolean; name: string; reason: string } & ({ ip: string } | { recordedBy: string; how: string });

/**
 * The buyer accepts or declines (once): recorded with their name, time and address (or the owner who
 * recorded it and how the buyer answered), logged on the deal (an acceptance wins it), and the deal's
 * owner is told by e-mail in the same transaction. False when a decision was already made.
 */
export async function recordDecision(db: Database, q: Quotation, d: Decision, siteUrl: string | null): Promise<boolean> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const now = new Date();
    const done = await tx
      .update(quotations)
      .set({
        status: d.accept ? "accepted" : "declined",
        decidedAt: now,
        decision: {
          name: d.name,
          ...("ip" in d ? { ip: d.ip } : { ip: "", recordedBy: d.recordedBy, how: d.how }),
          ...(d.reason ? { reason: d.reason } : {}),
        },
        updatedAt: now,
      })
      .where(sql`${quotations.id} = ${q._id} AND ${quotations.decidedAt} IS NULL`)
      .returning({ id: quotations.id });
    if (done.length === 0) return false;
    const verb = d.accept ? "accepted" : "declined";
    const answer = `${d.name} ${verb} ${q.number} v${q.version} (${formatRupees(Math.round(q.total * 100))})`;
    const said =
      ("ip" in d ? answer : `${d.recordedBy} recorded that ${answer}, ${d.how}`) + (d.reason ? `: “${d.reason}”` : ".");
    const author = "ip" in d ? d.name : d.recordedBy;
    await addDealNote(tx, q.dealId, { kind: d.accept ? "quotation-accepted" : "quotation-declined", text: said, author });
    if (d.accept) {
      await tx
        .update(deals)
        .set({ stage: "won", closedAt: now, lostReason: "", updatedAt: now })
        .where(sql`${deals.id} = ${q.dealId} AND ${deals.stage} <> 'won'`);
    } else {
      // Out of "Quoted" (issue 45): to Negotiating, or Lost with the buyer's reason, as the owners chose.
      const lost = (await getSettings(tx)).declinedDealStage === "lost";
      await tx
        .update(deals)
        .set(
          lost
            ? { stage: "lost", closedAt: now, lostReason: d.reason || `The buyer declined ${q.number}.`, updatedAt: now }
            : { stage: "negotiating", updatedAt: now },
        )
        .where(sql`${deals.id} = ${q.dealId} AND ${deals.stage} NOT IN ('won', 'lost')`);
    }
    await followQuotations(tx, q.dealId);
    await leadFollowsDeal(tx, q.dealId);
    if (siteUrl) {
      await tellOwner(tx, q, { said, verb, name: d.name, accepted: d.accept }, siteUrl);
      if (d.accept && "ip" in d) await sendBuyerCopy(tx, q, d.name, siteUrl);
    }
    return true;
  });
}

/**
 * Who to answer at the buyer: the customer's person of the name the buyer gave (else the first with an
 * address), with their phone: a sales person replies to the owner's e-mail and it reaches the buyer.
 */
async function buyerContact(
  tx: Database,
  q: Quotation,
  name: string,
): Promise<{ name: string; email: string; phone: string } | null> {
  if (!q.customerId) return null;
  const people = await tx
    .select({ name: customerPeople.name, email: customerPeople.email, phone: customerPeople.phone })
    .from(customerPeople)
    .where(eq(customerPeople.customerId, q.customerId))
    .orderBy(customerPeople.position);
  const withEmail = people.filter((p) => p.email);
  return withEmail.find((p) => p.name.trim().toLowerCase() === name.trim().toLowerCase()) ?? withEmail[0] ?? null;
}

/**
 * The deal owner's e-mail (else the quote notification list), and on an acceptance the company's owners':
 * the buyer decided. Reply-To the buyer.
 */
async function tellOwner(
  tx: Database,
  q: Quotation,
  what: { said: string; verb: string; name: string; accepted: boolean },
  siteUrl: string,
): Promise<void> {
  const [owner] = await tx
    .select({ email: admins.email })
    .from(deals)
    .innerJoin(admins, eq(admins.id, deals.ownerId))
    .where(eq(deals.id, q.dealId));
  const to = owner?.email ? [owner.email] : staffRecipients(await getSettings(tx), "quote");
  // An acceptance is an order: the company's owners hear of it at once too (issue 45).
  if (what.accepted) {
    const owners = await tx
      .select({ email: admins.email })
      .from(admins)
      .where(and(eq(admins.role, "owner"), isNull(admins.disabledAt), ne(admins.email, "")));
    for (const o of owners) if (!to.some((t) => emailKey(t) === emailKey(o.email))) to.push(o.email);
  }
  const link = `${siteUrl}/admin/quotations/${q._id}`;
  const buyer = await buyerContact(tx, q, what.name);
  const reach = buyer ? `${buyer.name} <${buyer.email}>${buyer.phone ? `, phone ${buyer.phone}` : ""}` : "";
  await queueEmail(tx, {
    to,
    replyTo: buyer ? namedAddress(buyer.name, buyer.email) : null,
    subject: headerText(`Quotation ${q.number} ${what.verb} by ${q.buyer.name}`),
    text: `${what.said}\n${reach ? `\nReach the buyer: ${reach} (a reply to this e-mail goes to them).\n` : ""}\nOpen it: ${link}\n`,
    html: htmlPage(
      `Quotation ${q.number}`,
      `<p>${escapeHtml(what.said)}</p>${reach ? `<p>Reach the buyer: ${escapeHtml(reach)} (a reply to this e-mail goes to them).</p>` : ""}<p><a href="${escapeHtml(link)}">Open the quotation</a></p>`,
    ),
    purpose: "staff",
    origin: siteUrl,
  });
}

/**
 * The buyer's copy of what they accepted on their page (issue 45): the quotation's PDF as accepted, with the
 * name and time, to the person who answered (else the customer's first address). Reply-To the sales person.
 */
async function sendBuyerCopy(tx: Database, q: Quotation, name: string, siteUrl: string): Promise<void> {
  const buyer = await buyerContact(tx, q, name);
  if (!buyer) return;
  const [sales] = await tx
    .select({ name: admins.name, username: admins.username, email: admins.email })
    .from(deals)
    .innerJoin(admins, eq(admins.id, deals.ownerId))
    .where(eq(deals.id, q.dealId));
  const company = headerText((await getSettings(tx)).companyName);
  const total = formatRupees(Math.round(q.total * 100));
  const when = formatIndiaTime(new Date().toISOString());
  const said = `You accepted our quotation ${q.number}${q.version > 1 ? ` (revision ${q.version})` : ""}, ${total} including GST, as ${name} on ${when}. Thank you: a copy is attached for your records, and we will be in touch about the order.`;
  await queueEmail(tx, {
    to: [buyer.email],
    replyTo: sales?.email ? namedAddress(sales.name || sales.username, sales.email) : null,
    subject: headerText(`Your acceptance of quotation ${q.number} – ${company}`),
    text: `Dear ${headerText(buyer.name, 80)},\n\n${said}\n\nRegards,\n${company}\n`,
    html: htmlPage(
      `Quotation ${q.number}`,
      `<p>Dear ${escapeHtml(headerText(buyer.name, 80))},</p><p>${escapeHtml(said)}</p><p>Regards,<br>${escapeHtml(company)}</p>`,
    ),
    purpose: "quotation",
    origin: siteUrl,
    attachments: [{ kind: "quotation-pdf", quotationId: q._id }],
  });
}
