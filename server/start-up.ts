import { getTableName, sql } from "drizzle-orm";
import { CONTENT } from "../shared/content/registry";
import { deleteOldActivity } from "./activity/log";
import { deleteExpiredSessions } from "./auth/sessions";
import { deleteExpiredLoginTickets } from "./auth/two-factor";
import { countUsers, createUser, generatePassword } from "./auth/users";
import { runHistoryRetention } from "./content/history";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { queryRows } from "./db/client";
import { storageOf } from "./db/content-tables";
import { deleteOldEvents } from "./http/throttle";
import { errorFields, log } from "./log";
import { HELD_DIGEST_CHECK_MS, queueHeldDigest } from "./mail/held-digest";
import { ACCESS_LOG_KEEP_DAYS, deleteOldAccess } from "./privacy/access-log";
import { startRetention } from "./privacy/retention";
import { deleteExpiredPrivacyLinks } from "./privacy/self-service";
import { backfillEnquiryCustomers } from "./sales/backfill";
import { startIndiamartPulls } from "./sales/indiamart";
import { startLeadNotices } from "./sales/lead-notices";
import { startMorningEmails } from "./sales/morning-email";

/** Held while one process creates the first admin or the demo content, so two servers never both do. */
const START_UP_LOCK_ID = 7_245_002;

/** The main table of every content type (a subcategory never exists without its category). */
const CONTENT_TABLES = CONTENT.map((c) => getTableName(storageOf(c).tables[0]!));

async function contentIsEmpty(db: Database): Promise<boolean> {
  const checks = CONTENT_TABLES.map((t) => `EXISTS (SELECT 1 FROM "${t}")`).join(" OR ");
  const rows = await queryRows<{ any: boolean }>(db, sql.raw(`SELECT (${checks}) AS any`));
  return rows[0]?.any === false;
}

/**
 * First-run work: an admin account when there is none, and demo content when there is no content at
 * all (the settings row counts, so staff who cleared every list do not get the demo back).
 */
export async function prepareData(ctx: AppContext, options: { print?: (text: string) => void } = {}): Promise<void> {
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${START_UP_LOCK_ID})`);
    const db = tx as unknown as Database;
    if ((await countUsers(db)) === 0) {
      // The first account is an owner. Its password is the deployer's (ADMIN_PASSWORD, at least 8 characters)
      // or a generated one, so the strength check of staff passwords is not applied to it.
      const first = { name: "", email: "", role: "owner" as const, mustChangePassword: false };
      if (ctx.config.admin) {
        await createUser(db, { ...first, ...ctx.config.admin }, { checkStrength: false });
        log.info("created the first admin from ADMIN_USERNAME", { username: ctx.config.admin.username });
      } else {
        const password = generatePassword();
        await createUser(db, { ...first, username: "admin", password }, { checkStrength: false });
        print(
          [
            "",
            "==================================================================",
            "  First admin account created (this password is shown only once):",
            "    username: admin",
            `    password: ${password}`,
            "  Change it any time with: npm run admin -- set-password admin",
            "==================================================================",
            "",
          ].join("\n"),
        );
      }
    }
    if (ctx.config.seedDemo && (await contentIsEmpty(db))) {
      const started = Date.now();
      // Loaded only when it seeds: the demo content and its drawings stay out of the server's memory otherwise.
      const { seedDemoContent } = await import("./seed/demo");
      await seedDemoContent(db, ctx.images);
      log.info("loaded demo content", { ms: Date.now() - started });
    }
  });
}

/**
 * Hourly housekeeping: expired sessions and sign-in tickets, old rate-limit events, activity past its
 * retention, versions beyond REVISIONS_KEEP and trash past TRASH_DAYS (with images nothing uses any more).
 * Every few minutes, the digest of held enquiries when one is due (server/mail/held-digest.ts) and, from 9:00
 * India time, the morning e-mails (server/sales/morning-email.ts); every minute, the e-mails of leads given in
 * turn (server/sales/lead-notices.ts). Once, earlier enquiries' customers.
 */
export function startHousekeeping(ctx: AppContext): () => void {
  const run = async () => {
    try {
      await deleteExpiredSessions(ctx.db);
      await deleteExpiredLoginTickets(ctx.db);
      await deleteOldEvents(ctx.db);
      await deleteOldActivity(ctx.db, ctx.config.activityRetentionDays);
      await runHistoryRetention(ctx);
      await deleteExpiredPrivacyLinks(ctx.db);
      await deleteOldAccess(ctx.db, ACCESS_LOG_KEEP_DAYS);
    } catch (err) {
      log.warn("housekeeping failed", errorFields(err));
    }
  };
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  // Held enquiries that arrived after the last digest, once their hour is over (the next held one may never come).
  const digestTimer = setInterval(() => void queueHeldDigest(ctx), HELD_DIGEST_CHECK_MS);
  digestTimer.unref();
  const stopMorningEmails = startMorningEmails(ctx);
  const stopLeadNotices = startLeadNotices(ctx); // every minute: leads given in turn, e-mailed to their person
  const stopIndiamartPulls = startIndiamartPulls(ctx); // every 10 minutes, once a CRM key is set
  const stopRetention = startRetention(ctx); // daily, from 10:00 India time (server/privacy/retention.ts)
  void backfillEnquiryCustomers(ctx.db); // enquiries from before customers existed; in the background
  return () => {
    clearInterval(timer);
    clearInterval(digestTimer);
    stopMorningEmails();
    stopLeadNotices();
    stopIndiamartPulls();
    stopRetention();
  };
}
