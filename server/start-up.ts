import { getTableName, sql } from "drizzle-orm";
import { CONTENT } from "../shared/content/registry";
import { countUsers, createUser, generatePassword } from "./auth/users";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { queryRows } from "./db/client";
import { storageOf } from "./db/content-tables";
import { JOBS } from "./jobs/list";
import { startJobs } from "./jobs/registry";
import { log } from "./log";
import { backfillEnquiryCustomers } from "./sales/backfill";

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
 * The background work (server/jobs/list.ts: housekeeping, the held-enquiry digest, the morning e-mails, new-lead
 * e-mails, IndiaMART pulls and retention) on this server's ticker, each window run by one app server; once,
 * earlier enquiries' customers. Returns the stop function.
 */
export function startHousekeeping(ctx: AppContext): () => void {
  const stopJobs = startJobs(ctx, JOBS);
  void backfillEnquiryCustomers(ctx.db); // enquiries from before customers existed; in the background
  return stopJobs;
}
