import { deleteOldActivity } from "../activity/log";
import { deleteExpiredSessions } from "../auth/sessions";
import { deleteExpiredLoginTickets } from "../auth/two-factor";
import { runHistoryRetention } from "../content/history";
import type { AppContext } from "../context";
import { deleteOldEvents } from "../http/throttle";
import { HELD_DIGEST_EVERY_MINUTES, queueHeldDigest } from "../mail/held-digest";
import { ACCESS_LOG_KEEP_DAYS, deleteOldAccess } from "../privacy/access-log";
import { RETENTION_FROM, runRetention } from "../privacy/retention";
import { deleteExpiredPrivacyLinks } from "../privacy/self-service";
import { PULL_EVERY_MINUTES, pullIndiamart } from "../sales/indiamart";
import { queueLeadNotices } from "../sales/lead-notices";
import { MORNING_EMAIL_FROM, queueMorningEmails } from "../sales/morning-email";
import { checkJobs, type Job, windowOf } from "./registry";

/**
 * The background jobs (server/jobs/registry.ts runs them): each wraps its module's own function, which keeps
 * its own safeties where they guard data (lead notices' claim of the marked deals, IndiaMART's least interval,
 * the held digest's hourly limit, the morning e-mail's per-person mark and the outbox's dedupe key).
 */

const MAIL_OFF_SUMMARY = "E-mail is off (SMTP_URL): nothing to send.";
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Expired sessions, sign-in tickets and privacy links, old rate-limit events, activity and access log past their days, versions beyond REVISIONS_KEEP and trash past TRASH_DAYS (with images nothing uses any more). */
async function housekeeping(ctx: AppContext): Promise<string> {
  await deleteExpiredSessions(ctx.db);
  await deleteExpiredLoginTickets(ctx.db);
  await deleteOldEvents(ctx.db);
  const activity = await deleteOldActivity(ctx.db, ctx.config.activityRetentionDays);
  const history = await runHistoryRetention(ctx);
  await deleteExpiredPrivacyLinks(ctx.db);
  const access = await deleteOldAccess(ctx.db, ACCESS_LOG_KEEP_DAYS);
  return [
    "Expired sign-ins cleared",
    count(activity, "old activity entry", "old activity entries"),
    count(access, "old access entry", "old access entries"),
    count(history.versions, "old version", "old versions"),
    count(history.trashed, "trash item", "trash items"),
    count(history.removedImages, "unused image", "unused images"),
  ].join("; ");
}

export const JOBS: readonly Job[] = [
  {
    name: "housekeeping",
    label: "Housekeeping: expired sign-ins, old activity, old versions and trash",
    schedule: { everyMinutes: 60 },
    run: ({ app }) => housekeeping(app),
  },
  {
    name: "held-digest",
    label: "E-mail about enquiries held past the hourly cap",
    schedule: { everyMinutes: HELD_DIGEST_EVERY_MINUTES },
    leaseMinutes: 10,
    run: async ({ app }) => {
      if (!app.mail.enabled) return MAIL_OFF_SUMMARY;
      // queueHeldDigest logs its own failures and says only whether it queued.
      return (await queueHeldDigest(app)) ? "Digest of held enquiries queued." : "No digest due.";
    },
  },
  {
    name: "morning-email",
    label: "Morning e-mail of each person's day",
    schedule: { dailyFrom: MORNING_EMAIL_FROM },
    run: async ({ app, now }) => {
      if (!app.mail.enabled) return MAIL_OFF_SUMMARY;
      // Run by hand before the time, it sends nothing: the e-mails are the day's, from their time on.
      if (windowOf({ dailyFrom: MORNING_EMAIL_FROM }, now) === null)
        return `Before ${MORNING_EMAIL_FROM} India time: the morning e-mails go from then.`;
      const queued = await queueMorningEmails(app, now);
      return `${count(queued, "morning e-mail", "morning e-mails")} queued.`;
    },
  },
  {
    name: "lead-notices",
    label: "E-mail to each person given a new lead",
    schedule: { everyMinutes: 1 },
    leaseMinutes: 5,
    run: async ({ app }) => `${count(await queueLeadNotices(app), "new-lead e-mail", "new-lead e-mails")} queued.`,
  },
  {
    name: "indiamart",
    label: "Leads pulled from IndiaMART",
    schedule: { everyMinutes: PULL_EVERY_MINUTES },
    leaseMinutes: 10,
    run: async ({ app }) => {
      const result = await pullIndiamart(app);
      if (result.status === "failed") throw new Error(result.error);
      if (result.status === "no-key") return "No IndiaMART CRM key (Site Settings → IndiaMART): nothing pulled.";
      if (result.status === "too-soon") return "IndiaMART was called a few minutes ago: the next pull waits its turn.";
      return `${count(result.stored, "new lead", "new leads")} stored of ${result.received} received.`;
    },
  },
  {
    name: "retention",
    label: "Retention: warn and erase personal data past its period",
    schedule: { dailyFrom: RETENTION_FROM },
    leaseMinutes: 60,
    run: async ({ app, now, by }) => {
      // Erasures name who ran the pass by hand in the activity log; the schedule's keep the pass's own name.
      const r = by ? await runRetention(app, now, { id: null, name: by, ip: "" }) : await runRetention(app, now);
      return `${count(r.warned, "record", "records")} newly warned (${count(r.emailed, "e-mail", "e-mails")}), ${count(r.erased, "record", "records")} erased.`;
    },
  },
];
checkJobs(JOBS);

/** The job of that name, or undefined. */
export function jobNamed(name: string): Job | undefined {
  return JOBS.find((j) => j.name === name);
}
