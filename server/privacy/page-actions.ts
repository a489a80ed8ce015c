import { and, count, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import type { SiteSettings } from "../../shared/content/settings";
import { countText } from "../../shared/lib/count";
import { CONSENT_LABEL, CONSENT_PURPOSES, type ConsentPurpose, consentGiven } from "../../shared/privacy/consent";
import type { PrivacyPage } from "../../shared/privacy/personal-data";
import { LIMITS } from "../../shared/schemas/fields";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { privacyRequests } from "../db/schema";
import { escapeHtml, htmlPage, htmlParagraphs } from "../mail/enquiry-emails";
import { emailSiteUrl, queueEmail } from "../mail/outbox";
import { type ErasureReport, erasePerson } from "./erasure";
import { personalDataOf, withdrawConsents } from "./personal-data";
import { createPrivacyRequest, emailHashOf } from "./requests";
import { openPrivacyLink, privacyLinkState, sessionEmail, staffForPrivacy } from "./self-service";

/**
 * What the person's page (/privacy/request/<link> and its button, then /privacy/request/session) shows and does:
 * the data held, and each action carried out at once (withdrawal, erasure) or handed to staff (correction), each
 * one logged as a privacy request for the Privacy requests screen.
 */

const PAGE_CLOSED = {
  used: "This link has been used already: each link opens once. Ask for a new one below.",
  expired: "This link has expired: links work for 24 hours. Ask for a new one below.",
  unknown: "This link is not valid. Please use the link in our e-mail, or ask for a new one below.",
  session: "This page has expired: it works for an hour after you open the link. Ask for a new link below.",
} as const;

const correctionInput = z.object({
  details: z
    .string({ error: "Tell us what to correct." })
    .trim()
    .min(1, "Tell us what to correct.")
    .max(LIMITS.text, `What to correct must be at most ${LIMITS.text} characters.`),
});

function dueText(date: Date): string {
  return date.toLocaleDateString("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });
}

/** The e-mailed link, opened (a GET): its button while it can still be used, or why it is closed. Uses nothing. */
export async function linkPage(ctx: AppContext, token: string): Promise<PrivacyPage> {
  const link = await privacyLinkState(ctx.db, token);
  return link.state === "ready" ? { state: "ready" } : { state: "closed", message: PAGE_CLOSED[link.state] };
}

/**
 * The link's button (a POST): uses the link and shows the page with the person's data (logged as an access
 * request), or why it is closed.
 */
export async function openPage(ctx: AppContext, token: string, settings: SiteSettings): Promise<PrivacyPage> {
  const opened = await openPrivacyLink(ctx.db, token);
  if (opened.state !== "open") return { state: "closed", message: PAGE_CLOSED[opened.state] };
  const data = await personalDataOf(ctx.db, opened.email, settings.companyName);
  await createPrivacyRequest(ctx.db, {
    kind: "access",
    email: opened.email,
    status: "done",
    outcome: `Shown on the page: ${countText(data.enquiries.length, "enquiry", "enquiries")}, ${countText(data.customers.length, "customer record", "customer records")}, ${countText(data.quotations.length, "quotation", "quotations")}.`,
    dueDays: settings.privacyRequestDays ?? 30,
  });
  return { state: "open", token, session: opened.session, data };
}

/** One of the page's actions (intent: correct, withdraw or erase), for the session of a link opened earlier. */
export async function runPageAction(
  ctx: AppContext,
  fields: Record<string, string>,
  settings: SiteSettings,
): Promise<PrivacyPage> {
  const token = fields.token ?? "";
  const session = fields.session ?? "";
  const email = await sessionEmail(ctx.db, token, session);
  if (!email) return { state: "closed", message: PAGE_CLOSED.session };
  const dueDays = settings.privacyRequestDays ?? 30;
  const page = async (extra: { done?: string; error?: string; correction?: string }): Promise<PrivacyPage> => ({
    state: "open",
    token,
    session,
    data: await personalDataOf(ctx.db, email, settings.companyName),
    ...extra,
  });
  if (fields.intent === "withdraw") {
    // One button per consent (its `purpose`): withdrawing is one action, as giving it was one tick.
    const purpose = CONSENT_PURPOSES.find((p) => p === fields.purpose);
    if (!purpose) return page({ error: "Choose the consent you want to withdraw." });
    await withdraw(ctx.db, email, [purpose], dueDays);
    return page({ done: `Done: withdrawn at once ("${CONSENT_LABEL[purpose]}").` });
  }
  if (fields.intent === "correct") {
    const parsed = correctionInput.safeParse({ details: fields.details ?? "" });
    if (!parsed.success) return page({ error: parsed.error.issues[0]!.message, correction: fields.details ?? "" });
    const due = await askCorrection(ctx, email, parsed.data.details, settings);
    if (!due) return page({ error: TOO_MANY_CORRECTIONS, correction: parsed.data.details });
    return page({ done: `Thank you: your correction has reached us. We will make it and answer you by ${dueText(due)}.` });
  }
  if (fields.intent === "erase") {
    if (!consentGiven(fields.confirm)) return page({ error: "Tick the box to confirm that you want your data erased." });
    return { state: "erased", email, report: await erase(ctx.db, email, dueDays) };
  }
  return page({ error: "Choose what you want to do." });
}

async function withdraw(db: Database, email: string, purposes: ConsentPurpose[], dueDays: number): Promise<void> {
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const changed = await withdrawConsents(tx, email, purposes);
    const outcome = `Withdrawn at once: ${purposes.map((p) => CONSENT_LABEL[p]).join("; ")} (${changed} enquiries changed).`;
    await createPrivacyRequest(tx, { kind: "withdrawal", email, status: "done", outcome, dueDays });
  });
}

/**
 * Corrections one address may send in a day: more than a person needs, few enough that a stolen or scripted
 * session cannot fill the requests screen (25 in 6 s made 25 requests and 25 e-mails before issue 44).
 */
export const CORRECTIONS_PER_DAY = 5;
const TOO_MANY_CORRECTIONS = `You have sent us ${CORRECTIONS_PER_DAY} corrections today: we will answer those first. You can send more tomorrow, or write to us.`;
const DAY_MS = 24 * 60 * 60_000;

/**
 * A correction goes to staff: an open request with its due date, and an e-mail to the grievance officer for the
 * person's first correction of the day only (the later ones are on the Privacy requests screen with it). Null,
 * and nothing stored, past CORRECTIONS_PER_DAY.
 */
async function askCorrection(ctx: AppContext, email: string, details: string, settings: SiteSettings): Promise<Date | null> {
  const request = await ctx.db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    // One person's corrections are counted one at a time: parallel posts cannot all pass the count.
    const hash = emailHashOf(email);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`privacy-correction:${hash}`}))`);
    const [today] = await tx
      .select({ n: count() })
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.emailHash, hash),
          eq(privacyRequests.kind, "correction"),
          gt(privacyRequests.createdAt, new Date(Date.now() - DAY_MS)),
        ),
      );
    const sentToday = today?.n ?? 0;
    if (sentToday >= CORRECTIONS_PER_DAY) return null;
    const made = await createPrivacyRequest(tx, {
      kind: "correction",
      email,
      details,
      dueDays: settings.privacyRequestDays ?? 30,
    });
    const to = staffForPrivacy(settings);
    if (ctx.mail.enabled && to.length > 0 && sentToday === 0) {
      const siteUrl = emailSiteUrl(ctx.config);
      const due = dueText(new Date(made.dueAt));
      const subject = `Privacy: a correction to make by ${due}`;
      const text = `${email} asks us to correct their personal data:\n\n${details}\n\nMake the correction and mark the request done by ${due}: ${siteUrl}/admin/privacy/requests`;
      const html = htmlPage(
        subject,
        `<p>${escapeHtml(email)} asks us to correct their personal data:</p><p>${htmlParagraphs(details)}</p><p>Make the correction and mark the request done by ${escapeHtml(due)}: <a href="${escapeHtml(`${siteUrl}/admin/privacy/requests`)}">Privacy requests</a></p>`,
      );
      await queueEmail(tx, { to, replyTo: email, subject, text, html, purpose: "privacy", origin: siteUrl });
    }
    return made;
  });
  if (!request) return null;
  ctx.mail.kick();
  return new Date(request.dueAt);
}

/** Erases the person at once; the request records what was done and what the law keeps (the address masked). */
async function erase(db: Database, email: string, dueDays: number): Promise<ErasureReport> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const request = await createPrivacyRequest(tx, { kind: "erasure", email, dueDays });
    const report = await erasePerson(tx, email);
    const outcome = [
      report.erased.length ? `Erased: ${report.erased.join("; ")}.` : "Nothing to erase.",
      report.kept.length ? `Kept: ${report.kept.join(" ")}` : "",
    ]
      .filter(Boolean)
      .join(" ");
    await tx
      .update(privacyRequests)
      .set({ status: "done", outcome, doneAt: new Date(), updatedAt: new Date() })
      .where(eq(privacyRequests.id, request._id));
    return report;
  });
}
