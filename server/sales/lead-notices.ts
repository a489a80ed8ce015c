import { and, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Deal } from "../../shared/sales/deal";
import { getSettings } from "../content/settings";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { queryRows } from "../db/client";
import { admins } from "../db/schema";
import { errorFields, log } from "../log";
import { escapeHtml, formatIndiaTime, headerText, htmlPage, type RenderedEmail } from "../mail/enquiry-emails";
import { emailSiteUrl, queueEmail } from "../mail/outbox";
import { dealsByIds } from "./deals";

/**
 * A lead given to someone (in turn, as its customer's person, or a deal an owner gave them; server/sales/
 * assignment.ts marks its deal `owner_notice_due`) is e-mailed to them (issue 45: three fresh deals, and nobody
 * was told). Every minute each app server claims the marked deals in one statement (a second server finds them
 * claimed) and queues, in the same transaction, one e-mail per person: one lead, or a short digest when several
 * arrived together. The deal stays on their My day until they act on it. With e-mail off the marks are cleared,
 * so turning it on later sends no backlog.
 */

const CHECK_MS = 60_000;

function leadNotice(deals: Deal[], person: { name: string; email: string }, company: string, siteUrl: string): RenderedEmail {
  const one = deals.length === 1;
  const subject = one
    ? `New lead for you: ${headerText(deals[0]!.title, 100)}`
    : `${deals.length} new leads for you – ${headerText(company)}`;
  const lines = deals.map((d) => ({
    text: headerText(`${d.title}${d.customerName ? ` (${d.customerName})` : ""}, received ${formatIndiaTime(d.receivedAt)}`, 240),
    href: `${siteUrl}/admin/deals/${d._id}`,
  }));
  const greeting = `Hello${person.name ? ` ${headerText(person.name, 60)}` : ""}. ${one ? "A new lead is yours" : `${deals.length} new leads are yours`}.`;
  const myDayUrl = `${siteUrl}/admin/my-day`;
  const after = "They stay on My day until you act on them: a call, a note or the next step.";
  return {
    to: [person.email],
    replyTo: null,
    subject,
    text: [greeting, "", ...lines.map((l) => `- ${l.text}\n  ${l.href}`), "", after, `My day: ${myDayUrl}`].join("\n"),
    html: htmlPage(
      subject,
      `<p>${escapeHtml(greeting)}</p><ul>${lines
        .map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`)
        .join("")}</ul><p>${escapeHtml(after)}</p><p><a href="${escapeHtml(myDayUrl)}">Open My day</a></p>`,
    ),
  };
}

/** Queues the e-mails of the leads given since the last look; returns how many e-mails were queued. */
export async function queueLeadNotices(ctx: AppContext): Promise<number> {
  const siteUrl = ctx.mail.enabled ? emailSiteUrl(ctx.config) : null;
  const queued = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const claimed = await queryRows<{ id: string; owner_id: string | null }>(
      tx,
      sql`UPDATE deals SET owner_notice_due = false WHERE owner_notice_due RETURNING id, owner_id`,
    );
    if (claimed.length === 0 || siteUrl === null) return 0;
    const owners = [...new Set(claimed.map((r) => r.owner_id).filter((id): id is string => id !== null))];
    if (owners.length === 0) return 0;
    const people = await tx
      .select({ id: admins.id, name: admins.name, username: admins.username, email: admins.email })
      .from(admins)
      .where(and(inArray(admins.id, owners), isNull(admins.disabledAt), ne(admins.email, "")));
    const company = (await getSettings(tx)).companyName;
    let count = 0;
    for (const person of people) {
      const deals = await dealsByIds(
        tx,
        claimed.filter((r) => r.owner_id === person.id).map((r) => r.id),
      );
      if (deals.length === 0) continue;
      const email = leadNotice(deals, { name: person.name || person.username, email: person.email }, company, siteUrl);
      if (await queueEmail(tx, { ...email, purpose: "staff", origin: siteUrl })) count++;
    }
    return count;
  });
  if (queued > 0) ctx.mail.kick();
  return queued;
}

/** Looks now and every minute; returns the stop function. */
export function startLeadNotices(ctx: AppContext): () => void {
  const run = async () => {
    try {
      const queued = await queueLeadNotices(ctx);
      if (queued > 0) log.info("queued new-lead e-mails", { queued });
    } catch (err) {
      log.error("could not queue the new-lead e-mails", errorFields(err));
    }
  };
  void run();
  const timer = setInterval(() => void run(), CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
