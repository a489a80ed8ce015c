import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import type { SiteSettings } from "../../shared/content/settings";
import { emailKey } from "../../shared/sales/customer";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { privacyLinks } from "../db/schema";
import { HttpError } from "../http/errors";
import { clientKey, takeLimits } from "../http/throttle";
import { errorFields, log } from "../log";
import { escapeHtml, htmlPage, htmlParagraphs, staffRecipients } from "../mail/enquiry-emails";
import { emailSiteUrl, queueEmail } from "../mail/outbox";
import { holdsDataFor } from "./personal-data";
import { emailHashOf } from "./requests";

/**
 * The person's own requests (docs/decisions/030-privacy.md): /privacy/request e-mails a link, valid 24 hours and
 * opened once, by its page's button (a GET of it uses nothing); opening it starts a session of an hour for the
 * page's actions (see, download, correct, withdraw, erase). Only SHA-256 of the link's and the session's tokens are stored. The page answers the same whether or
 * not the address is known; the e-mail says which.
 */

const HOUR_MS = 60 * 60 * 1000;
const LINK_VALID_MS = 24 * HOUR_MS;
const SESSION_MS = HOUR_MS;
/**
 * Links one client may ask for in an hour; links one client may have sent to one address in a day; and links any
 * clients together may have sent to one address in a day. The quota is per asker and address, so a stranger
 * who asks for someone's links uses up their own quota, not the person's; the wider one bounds the e-mails
 * one inbox gets from many askers.
 */
const CLIENT_LIMIT = { max: 5, windowMs: HOUR_MS };
const ASKER_ADDRESS_LIMIT = { max: 3, windowMs: 24 * HOUR_MS };
const ADDRESS_LIMIT = { max: 10, windowMs: 24 * HOUR_MS };

/** The 429's words, with when to try again (also its Retry-After). */
export function linkRateLimited(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const when = minutes <= 90 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.ceil(minutes / 60)} hours`;
  return `You have asked for several links in a short time. Please try again in ${when}.`;
}

/** The address asked for on /privacy/request (kept out of the page module: zod stays off the public pages). */
export const linkEmailInput = z
  .string()
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Enter a valid e-mail address, like name@example.com."));

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const token = () => randomBytes(32).toString("base64url");

/**
 * Sends the link for an address (or, when we hold nothing for it, an e-mail saying so), through the outbox.
 * Throws 429 past the limits; otherwise returns the same whatever the address.
 */
export async function sendPrivacyLink(ctx: AppContext, email: string, clientIp: string, settings: SiteSettings): Promise<void> {
  const address = emailKey(email);
  if (!ctx.mail.enabled) {
    // Nothing can reach the person: staff must know the page cannot work (README: SMTP_URL).
    log.warn("a privacy link was asked for but e-mail is off (SMTP_URL)");
  }
  const refused = await ctx.db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    if (ctx.config.rateLimits) {
      const client = clientKey(clientIp);
      // The address's hash, not the address: the counters themselves hold no personal data.
      const to = emailHashOf(address);
      const limits = [
        { key: `privacy-ip:${client}`, ...CLIENT_LIMIT },
        { key: `privacy-to:${client}:${to}`, ...ASKER_ADDRESS_LIMIT },
        { key: `privacy-to:${to}`, ...ADDRESS_LIMIT },
      ];
      const refusal = await takeLimits(tx, limits);
      if (refusal) return refusal.retryAfter;
    }
    if (!ctx.mail.enabled) return null;
    const siteUrl = emailSiteUrl(ctx.config);
    if (await holdsDataFor(tx, address)) {
      const secret = token();
      const now = new Date();
      await tx
        .insert(privacyLinks)
        .values({ id: sha256(secret), email: address, createdAt: now, expiresAt: new Date(now.getTime() + LINK_VALID_MS) });
      await queueEmail(tx, {
        ...linkEmail(settings, `${siteUrl}/privacy/request/${secret}`, address),
        purpose: "privacy",
        origin: siteUrl,
      });
    } else {
      await queueEmail(tx, { ...nothingHeldEmail(settings, address), purpose: "privacy", origin: siteUrl });
    }
    return null;
  });
  if (refused !== null)
    throw new HttpError(429, linkRateLimited(refused), undefined, { "Retry-After": String(Math.max(1, Math.ceil(refused))) });
  ctx.mail.kick();
}

/** Answers to our privacy e-mails go to the grievance officer, else to the company's first address. */
export function privacyReplyTo(settings: SiteSettings): string | null {
  return settings.grievanceEmail || settings.emails[0]?.value || null;
}

function linkEmail(settings: SiteSettings, url: string, to: string) {
  const subject = `Your personal data at ${settings.companyName}`;
  const lines = [
    `Someone, we hope you, asked to see the personal data ${settings.companyName} holds for ${to}.`,
    `Open this link within 24 hours to see and download it, correct it, withdraw a consent or ask us to erase it. The link works once:`,
    url,
    "If you did not ask, ignore this e-mail: nothing changes.",
  ];
  const html = htmlPage(
    subject,
    [
      `<p>${escapeHtml(lines[0]!)}</p>`,
      `<p>${escapeHtml(lines[1]!)}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
      `<p>${htmlParagraphs(lines[3]!)}</p>`,
    ].join(""),
  );
  return { to: [to], replyTo: privacyReplyTo(settings), subject, text: `${lines.join("\n\n")}\n`, html };
}

function nothingHeldEmail(settings: SiteSettings, to: string) {
  const subject = `Your personal data at ${settings.companyName}`;
  const text = [
    `Someone, we hope you, asked to see the personal data ${settings.companyName} holds for ${to}.`,
    "We hold no personal data for this e-mail address. If you wrote to us from another address, ask again with that one.",
    "If you did not ask, ignore this e-mail.",
  ].join("\n\n");
  return {
    to: [to],
    replyTo: privacyReplyTo(settings),
    subject,
    text: `${text}\n`,
    html: htmlPage(subject, `<p>${htmlParagraphs(text)}</p>`),
  };
}

type ClosedLink = { state: "used" | "expired" | "unknown" };
export type OpenedLink = { state: "open"; email: string; session: string } | ClosedLink;

/**
 * What a link is, without using it: a GET of the link only shows its button, because mail scanners and link
 * previews open links before the person does.
 */
export async function privacyLinkState(db: Database, secret: string, now = new Date()): Promise<{ state: "ready" } | ClosedLink> {
  const [row] = await db
    .select()
    .from(privacyLinks)
    .where(eq(privacyLinks.id, sha256(secret)));
  if (!row) return { state: "unknown" };
  if (row.usedAt) return { state: "used" };
  return { state: row.expiresAt > now ? "ready" : "expired" };
}

/** Opens a link once (the page's button, a POST): marks it used and starts the page's session. */
export async function openPrivacyLink(db: Database, secret: string, now = new Date()): Promise<OpenedLink> {
  const session = token();
  const [opened] = await db
    .update(privacyLinks)
    .set({ usedAt: now, sessionHash: sha256(session), sessionExpiresAt: new Date(now.getTime() + SESSION_MS) })
    .where(and(eq(privacyLinks.id, sha256(secret)), isNull(privacyLinks.usedAt), gt(privacyLinks.expiresAt, now)))
    .returning({ email: privacyLinks.email });
  if (opened) return { state: "open", email: opened.email, session };
  const closed = await privacyLinkState(db, secret, now);
  // Used or expired between the two statements: it cannot be open any more.
  return closed.state === "ready" ? { state: "used" } : closed;
}

/** The address a page session belongs to, while it lasts (the link's token must match too). */
export async function sessionEmail(db: Database, secret: string, session: string, now = new Date()): Promise<string | null> {
  if (!secret || !session) return null;
  const [row] = await db
    .select({ email: privacyLinks.email })
    .from(privacyLinks)
    .where(
      and(
        eq(privacyLinks.id, sha256(secret)),
        eq(privacyLinks.sessionHash, sha256(session)),
        gt(privacyLinks.sessionExpiresAt, now),
      ),
    );
  return row?.email ?? null;
}

/** Links past their day (and sessions past their hour): nothing to keep them for. */
export async function deleteExpiredPrivacyLinks(db: Database, now = new Date()): Promise<void> {
  try {
    await db.delete(privacyLinks).where(lt(privacyLinks.expiresAt, new Date(now.getTime() - SESSION_MS)));
  } catch (err) {
    log.warn("could not delete expired privacy links", errorFields(err));
  }
}

/** Staff hear of a correction request: the grievance officer, or the address messages go to. */
export function staffForPrivacy(settings: SiteSettings): string[] {
  return settings.grievanceEmail ? [settings.grievanceEmail] : staffRecipients(settings, "message");
}
