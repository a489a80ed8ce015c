import { and, eq, isNull, sql } from "drizzle-orm";
import type { SiteSettings } from "../../shared/content/settings";
import {
  CONTACT_TYPE_LABEL,
  CONTACT_TYPES,
  type ContactType,
  type EnquiryService,
  type QuoteItem,
} from "../../shared/schemas/enquiry-values";
import { readSettings } from "../content/public-reads";
import type { AppContext } from "../context";
import { type Database, queryRows } from "../db/client";
import { contacts } from "../db/schema";
import { takeLimits } from "../http/throttle";
import { errorFields, log } from "../log";
import { escapeHtml, headerText, htmlPage, type RenderedEmail, staffRecipients } from "./enquiry-emails";
import { emailSiteUrl, queueEmail } from "./outbox";

/**
 * The hourly digest of held enquiries: those that arrived past the site-wide cap (ENQUIRY_HOURLY_CAP) are
 * stored but send no e-mail of their own, so a flood of them costs the staff one e-mail an hour, not one each.
 * The first held enquiry after a quiet hour is told at once (it is also the news that the cap was reached);
 * the ones after it wait for the next digest, an hour later. Every app server looks every few minutes and
 * after each held enquiry; the digest's own rate limit (in the database) lets one of them send it.
 */

const HOUR_MS = 60 * 60 * 1000;
/** One digest an hour, across app servers: the digest's own rate limit. */
const DIGEST_LIMIT = { key: "held-digest", max: 1, windowMs: HOUR_MS };
/** The digest names this many held enquiries; the inbox link shows the rest. */
const LISTED = 50;
/** How often each app server looks for held enquiries that no digest has listed yet. */
export const HELD_DIGEST_CHECK_MS = 5 * 60 * 1000;
/** The inbox with the Held filter: the digest's link. */
const HELD_INBOX_PATH = "/admin/contacts?held=true";

interface HeldEnquiry {
  reference: string;
  type: string;
  name: string;
  items: QuoteItem[];
  service: EnquiryService | null;
}

/** What a held enquiry is about: the products of a quote, the service of a service request. */
function subjectOf(e: HeldEnquiry): string {
  if (e.items.length > 0) return headerText(e.items.map((i) => `${i.product.name} × ${i.quantity}`).join(", "), 120);
  return e.service ? headerText(e.service.title, 120) : "";
}

function lineOf(e: HeldEnquiry): [reference: string, type: string, name: string, product: string] {
  const type = (CONTACT_TYPES as readonly string[]).includes(e.type) ? CONTACT_TYPE_LABEL[e.type as ContactType] : e.type;
  return [e.reference, type, headerText(e.name, 60), subjectOf(e)];
}

/** The digest e-mail: `listed` (the oldest first) out of `total` held enquiries that no digest has listed yet. */
function heldDigest(
  listed: HeldEnquiry[],
  total: number,
  settings: SiteSettings,
  cap: number,
  siteUrl: string,
  to: string[],
): RenderedEmail {
  const link = `${siteUrl}${HELD_INBOX_PATH}`;
  const count = total === 1 ? "1 enquiry" : `${total} enquiries`;
  const subject = `Held enquiries: ${count} past the hourly cap`;
  const intro = [
    `More than ${cap} enquiries reached the website within an hour (ENQUIRY_HOURLY_CAP). Nothing was turned away:`,
    "the enquiries past the cap are stored as held. Their customers got no acknowledgement, and instead of an",
    "e-mail for each you get this digest, at most one an hour. A sudden flood often means a bot is filling in the forms.",
  ].join(" ");
  const lines = listed.map(lineOf);
  const more = total > listed.length ? `… and ${total - listed.length} more` : "";
  const text = [
    intro,
    "",
    `Held since the last digest: ${count}`,
    ...lines.map((l) => `  ${l.filter((part) => part !== "").join(" · ")}`),
    ...(more ? [`  ${more}`] : []),
    "",
    "Look at them, and release the real ones, in the inbox:",
    link,
  ].join("\n");
  const cell = "padding:4px 12px 4px 0;vertical-align:top;text-align:left;";
  const table = `<table role="presentation" style="border-collapse:collapse;font-size:15px;"><tr>${[
    "Reference",
    "Type",
    "Name",
    "Product",
  ]
    .map((h) => `<th style="${cell}color:#475569;">${h}</th>`)
    .join("")}</tr>${lines
    .map((l) => `<tr>${l.map((v) => `<td style="${cell}">${escapeHtml(v)}</td>`).join("")}</tr>`)
    .join("")}</table>`;
  const html = htmlPage(
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      `<h1 style="font-size:18px;margin:16px 0 8px;">Held since the last digest: ${escapeHtml(count)}</h1>`,
      table,
      more ? `<p>${escapeHtml(more)}</p>` : "",
      `<p style="margin-top:20px;"><a href="${escapeHtml(link)}" style="background:#0b4f8a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;">See the held enquiries in the inbox</a></p>`,
    ].join(""),
  );
  return { to, replyTo: null, subject: `${subject} – ${headerText(settings.companyName)}`, text, html };
}

/**
 * Queues the digest when held enquiries are waiting and no digest went out in the last hour; the ones it
 * lists are marked (digested_at) in the same transaction. Never throws: a failure is logged and the held
 * enquiries wait for the next look. Returns whether a digest was queued.
 */
export async function queueHeldDigest(ctx: AppContext): Promise<boolean> {
  if (!ctx.mail.enabled) return false;
  try {
    const settings = await readSettings(ctx);
    const to = [...new Set(CONTACT_TYPES.flatMap((t) => staffRecipients(settings, t)))];
    const queued = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [waiting] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.held, true), isNull(contacts.digestedAt)))
        .limit(1);
      // Looked at before the digest's limit, which would otherwise count a look that found nothing.
      if (!waiting || (await takeLimits(db, [DIGEST_LIMIT])) !== null) return false;
      // One statement: the rows counted are exactly the rows marked.
      const rows = await queryRows<HeldEnquiry & { total: number }>(
        db,
        sql`WITH listed AS (
              UPDATE ${contacts} SET digested_at = now() WHERE held AND digested_at IS NULL
              RETURNING id, reference, type, name, items, service, created_at)
            SELECT reference, type, name, items, service, count(*) OVER ()::int AS total
            FROM listed ORDER BY created_at, id LIMIT ${LISTED}`,
      );
      const siteUrl = emailSiteUrl(ctx.config);
      const email = heldDigest(rows, Number(rows[0]?.total ?? 0), settings, ctx.config.enquiryHourlyCap, siteUrl, to);
      return queueEmail(db, { ...email, purpose: "alert", origin: siteUrl });
    });
    if (queued) {
      log.warn("enquiries past the hourly cap are held; the staff digest is queued", { cap: ctx.config.enquiryHourlyCap });
      ctx.mail.kick();
    }
    return queued;
  } catch (err) {
    log.error("could not queue the digest of held enquiries", errorFields(err));
    return false;
  }
}
