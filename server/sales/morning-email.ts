import { and, inArray, isNull, ne } from "drizzle-orm";
import { can, ROLES } from "../../shared/auth/roles";
import type { SiteSettings } from "../../shared/content/settings";
import type { Deal } from "../../shared/sales/deal";
import { dayInWords, indiaDateOf } from "../../shared/sales/financial-year";
import { getSettings } from "../content/settings";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { admins } from "../db/schema";
import { takeLimits } from "../http/throttle";
import { errorFields, log } from "../log";
import { escapeHtml, headerText, htmlPage, type RenderedEmail } from "../mail/enquiry-emails";
import { emailSiteUrl, queueEmail } from "../mail/outbox";
import { type MyDay, myDay } from "./my-day";

/**
 * The morning e-mail: at 9:00 India time each active sales person and owner with an e-mail address gets what
 * My day lists for them (new leads given to them, overdue and today's next steps, new unassigned leads,
 * quotations about to expire),
 * through the outbox. Every app server looks every few minutes from 9:00 on (so one started later still sends
 * the day's); per person and day, a mark in the rate-limit events (taken under its advisory lock) says they
 * were looked at, and the outbox's dedupe key keeps it to one e-mail even so. Someone with nothing to do gets
 * none that day: a lead arriving in the afternoon does not make a "morning" e-mail.
 */

/** India Standard Time: UTC+05:30 all year. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const SEND_FROM_HOUR = 9;
/** How often each app server looks whether the day's e-mails are due. */
const CHECK_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SALES_ROLES = ROLES.filter((r) => can(r, "sales"));

interface Link {
  text: string;
  href: string;
}
interface Group {
  title: string;
  links: Link[];
}

const rupees = (n: number) => `₹${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }).format(n)}`;

function dealLine(d: Deal, siteUrl: string): Link {
  const who = d.customerName ? ` (${d.customerName})` : "";
  const step = d.nextStep.text ? ` – ${d.nextStep.text}` : "";
  const due = d.nextStep.dueDate ? `, due ${dayInWords(d.nextStep.dueDate)}` : "";
  return { text: headerText(`${d.title}${who}${step}${due}`, 200), href: `${siteUrl}/admin/deals/${d._id}` };
}

function groupsOf(day: MyDay, siteUrl: string): Group[] {
  return [
    { title: "New leads given to you", links: day.newDeals.map((d) => dealLine(d, siteUrl)) },
    { title: "Overdue next steps", links: day.overdue.map((d) => dealLine(d, siteUrl)) },
    { title: "Next steps due today", links: day.today.map((d) => dealLine(d, siteUrl)) },
    {
      title: "New leads nobody has taken yet",
      links: day.unassignedLeads.map((c) => ({
        text: headerText(`${c.reference} ${c.company || c.name}: ${c.subject}`, 200),
        href: `${siteUrl}/admin/contacts/${c._id}`,
      })),
    },
    {
      title: "Quotations about to expire",
      links: day.expiringQuotations.map((q) => ({
        text: headerText(
          `${q.number} v${q.version} to ${q.buyer.name}, ${rupees(q.total)}, valid until ${dayInWords(q.validUntil)}`,
          200,
        ),
        href: `${siteUrl}/admin/quotations/${q._id}`,
      })),
    },
  ].filter((g) => g.links.length > 0);
}

function countsOf(day: MyDay): string {
  const parts: [number, string, string][] = [
    [day.newDeals.length, "new lead for you", "new leads for you"],
    [day.overdue.length, "overdue step", "overdue steps"],
    [day.today.length, "step due today", "steps due today"],
    [day.unassignedLeads.length, "new lead", "new leads"],
    [day.expiringQuotations.length, "quotation expiring", "quotations expiring"],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(", ");
}

/** The e-mail of one person's day; null when My day lists nothing for them. */
function morningEmail(
  day: MyDay,
  person: { name: string; email: string },
  settings: SiteSettings,
  siteUrl: string,
): RenderedEmail | null {
  const groups = groupsOf(day, siteUrl);
  if (groups.length === 0) return null;
  const myDayUrl = `${siteUrl}/admin/my-day`;
  const subject = `Your day, ${dayInWords(day.day)}: ${countsOf(day)} – ${headerText(settings.companyName)}`;
  const greeting = `Good morning${person.name ? ` ${headerText(person.name, 60)}` : ""}. Here is what needs doing today.`;
  const text = [
    greeting,
    ...groups.flatMap((g) => ["", `${g.title}:`, ...g.links.map((l) => `- ${l.text}\n  ${l.href}`)]),
    "",
    `My day in the admin panel: ${myDayUrl}`,
  ].join("\n");
  const html = htmlPage(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      ...groups.map(
        (g) =>
          `<h2 style="font-size:16px;margin:16px 0 4px;">${escapeHtml(g.title)}</h2><ul>${g.links
            .map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`)
            .join("")}</ul>`,
      ),
      `<p style="margin-top:20px;"><a href="${escapeHtml(myDayUrl)}" style="background:#0b4f8a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;">Open My day</a></p>`,
    ].join(""),
  );
  return { to: [person.email], replyTo: null, subject, text, html };
}

/** India's day when its 9:00 has passed at `now`; null before then. */
function dueDay(now: Date): string | null {
  const india = new Date(now.getTime() + INDIA_OFFSET_MS);
  return india.getUTCHours() >= SEND_FROM_HOUR ? indiaDateOf(now) : null;
}

/**
 * Queues the day's e-mail of everyone not yet looked at today, when 9:00 India time has passed at `now`.
 * Returns how many were queued. Throws on a database error (the caller logs it).
 */
export async function queueMorningEmails(ctx: AppContext, now = new Date()): Promise<number> {
  const day = dueDay(now);
  if (!ctx.mail.enabled || day === null) return 0;
  const siteUrl = emailSiteUrl(ctx.config);
  // From the database, not the content cache: a background read must not fill the cache (on PostgreSQL a
  // request's freshness check empties it; this job runs outside any request).
  const settings = await getSettings(ctx.db);
  const people = await ctx.db
    .select({ id: admins.id, name: admins.name, username: admins.username, email: admins.email })
    .from(admins)
    .where(and(inArray(admins.role, SALES_ROLES), isNull(admins.disabledAt), ne(admins.email, "")));
  let queued = 0;
  for (const person of people) {
    const key = `morning:${person.id}:${day}`;
    const sent = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      // Two servers at once: the second waits on the mark's lock, then finds the person looked at.
      if ((await takeLimits(tx, [{ key, max: 1, windowMs: 2 * DAY_MS }])) !== null) return false;
      const email = morningEmail(
        await myDay(tx, person.id, now),
        { ...person, name: person.name || person.username },
        settings,
        siteUrl,
      );
      return email !== null && queueEmail(tx, { ...email, purpose: "staff", dedupeKey: key, origin: siteUrl });
    });
    if (sent) queued++;
  }
  if (queued > 0) ctx.mail.kick();
  return queued;
}

/** Looks now and every few minutes (with e-mail on); returns the stop function. */
export function startMorningEmails(ctx: AppContext): () => void {
  if (!ctx.mail.enabled) return () => {};
  // Once everyone is done for a day, this server skips the look until the next day's 9:00.
  let doneDay: string | null = null;
  const run = async () => {
    const now = new Date();
    const day = dueDay(now);
    if (day === null || day === doneDay) return;
    try {
      const queued = await queueMorningEmails(ctx, now);
      if (queued > 0) log.info("queued the morning e-mails", { day, queued });
      doneDay = day;
    } catch (err) {
      log.error("could not queue the morning e-mails", errorFields(err));
    }
  };
  void run();
  const timer = setInterval(() => void run(), CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
