// The background jobs from the command line (`npm run admin -- jobs`, `npm run admin -- run-job <name>`):
// helpers of admin.ts, not a command of their own.

import type { JobView } from "../../shared/jobs/job";
import { recordActivity } from "../activity/log";
import type { Config } from "../config";
import { createAppContext } from "../context";
import type { DatabaseHandle } from "../db/client";
import { JOBS, jobNamed } from "../jobs/list";
import { jobViews, runJobNow } from "../jobs/registry";
import { formatIndiaTime } from "../mail/enquiry-emails";
import { MAIL_OFF } from "../mail/outbox";
import { ImageStore } from "../uploads/images";

/** Who ran a job from here, as the panel shows it ("by the command line"). */
const COMMAND_LINE = "the command line";

function viewText(v: JobView): string {
  const last = v.lastStartedAt
    ? `last run ${formatIndiaTime(v.lastStartedAt)}${v.lastRunBy ? ` by ${v.lastRunBy}` : ""}${v.running ? " (running now)" : ""}`
    : "not run yet";
  const outcome = v.lastError ? `failed: ${v.lastError}` : v.lastSummary;
  return `${v.name}  ${v.label}\n  ${v.schedule}; ${last}${outcome ? `\n  ${outcome}` : ""}`;
}

/** `jobs`: every job with its schedule and last run. */
export async function listJobsText(database: DatabaseHandle): Promise<string> {
  return `${(await jobViews(database.db, JOBS)).map(viewText).join("\n")}\n`;
}

/**
 * `run-job <name>`: runs it at once in this process, under the job's lease (so never beside a server's run of
 * it). E-mails are only queued: the outbox's sender lives in the server. Returns the text to print and whether
 * it succeeded.
 */
export async function runJobText(config: Config, database: DatabaseHandle, name: string): Promise<{ ok: boolean; text: string }> {
  const job = jobNamed(name);
  if (!job) return { ok: false, text: `There is no background job "${name}". The jobs: ${JOBS.map((j) => j.name).join(", ")}.` };
  const images = new ImageStore(config.uploadDir);
  await images.init();
  const ctx = await createAppContext(config, database, images);
  const app = { ...ctx, mail: config.mail ? { ...MAIL_OFF, enabled: true } : MAIL_OFF };
  const outcome = await runJobNow(app, job, COMMAND_LINE);
  if (outcome.status === "running") return { ok: false, text: `"${job.label}" is running now; try again when it has finished.` };
  const detail = outcome.status === "done" ? outcome.summary : `Failed: ${outcome.error}`;
  await recordActivity(
    database.db,
    { id: null, name: "Command line", ip: "" },
    {
      action: "update",
      entityType: "settings",
      entityLabel: `Background work: ${job.label}`,
      detail,
    },
  );
  return { ok: outcome.status === "done", text: `${job.label}: ${detail}` };
}
