import { and, eq, isNull, lt, lte, ne, or } from "drizzle-orm";
import type { JobView } from "../../shared/jobs/job";
import { indiaDateOf, indiaDateTimeOf } from "../../shared/sales/financial-year";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { jobRuns } from "../db/schema";
import { errorFields, log } from "../log";

/**
 * The one clock for background work (docs/decisions/033-job-registry.md). A job has a schedule in India time;
 * every app server ticks, and for each due job claims its window (today for a daily job, the slot of N minutes
 * for a periodic one) with one conditional UPDATE of `job_runs`: the server whose update returns the row runs
 * it, every other finds the window taken. A run holds a lease (a server that dies mid-run lets the job go when
 * it ends); a failed run frees its window after a backoff, so a failed daily pass is retried, not every tick.
 * Times are the caller's `now` (the tests' clock), never the database's.
 */

type Schedule = { everyMinutes: number } | { dailyFrom: string };

interface JobContext {
  app: AppContext;
  /** The moment the run was claimed (the tick's clock). */
  now: Date;
  /** Who ran it by hand ("" for the schedule). */
  by: string;
}

export interface Job {
  /** Its key: in job_runs, the API's path and the command line. */
  name: string;
  /** What it does, in the owners' words. */
  label: string;
  schedule: Schedule;
  /** What it did, in words; throws when it failed. */
  run(ctx: JobContext): Promise<string>;
  /** How long a run may hold the job (default 30 minutes). */
  leaseMinutes?: number;
  /** After a failed scheduled run, the window is free again after this long (default: its period, or 15 minutes for a daily job). */
  retryMinutes?: number;
}

type RunOutcome = { status: "done"; summary: string } | { status: "failed"; error: string } | { status: "running" };

const MINUTE_MS = 60_000;
const DEFAULT_LEASE_MINUTES = 30;
const DAILY_RETRY_MINUTES = 15;
/** How often each server looks for due jobs: twice a minute, so an every-minute job never skips a minute. */
const TICK_MS = 30_000;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The window due at `now`: the India day once its `dailyFrom` has passed, or the current slot; null before the time. */
export function windowOf(schedule: Schedule, now: Date): string | null {
  if ("dailyFrom" in schedule) {
    // "YYYY-MM-DD HH:MM" in India: the time part compares as text.
    return indiaDateTimeOf(now).slice(11) >= schedule.dailyFrom ? indiaDateOf(now) : null;
  }
  const slotMs = schedule.everyMinutes * MINUTE_MS;
  return indiaDateTimeOf(new Date(Math.floor(now.getTime() / slotMs) * slotMs));
}

/** "Every hour", "Every 5 minutes", "Daily from 09:00 India time". */
export function scheduleInWords(schedule: Schedule): string {
  if ("dailyFrom" in schedule) return `Daily from ${schedule.dailyFrom} India time`;
  const n = schedule.everyMinutes;
  if (n === 1) return "Every minute";
  if (n === 60) return "Every hour";
  return n % 60 === 0 ? `Every ${n / 60} hours` : `Every ${n} minutes`;
}

/** A job list is checked once: a wrong schedule would otherwise run never or every tick. */
export function checkJobs(jobs: readonly Job[]): void {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two background jobs are called "${job.name}".`);
    names.add(job.name);
    const s = job.schedule;
    if ("dailyFrom" in s ? !HH_MM.test(s.dailyFrom) : !(Number.isInteger(s.everyMinutes) && s.everyMinutes >= 1))
      throw new Error(`The background job "${job.name}" has no valid schedule.`);
  }
}

const retryMs = (job: Job) =>
  (job.retryMinutes ?? ("dailyFrom" in job.schedule ? DAILY_RETRY_MINUTES : job.schedule.everyMinutes)) * MINUTE_MS;
const leaseEnd = (job: Job, now: Date) => new Date(now.getTime() + (job.leaseMinutes ?? DEFAULT_LEASE_MINUTES) * MINUTE_MS);
const notRunning = (now: Date) => or(isNull(jobRuns.runningUntil), lt(jobRuns.runningUntil, now));

async function ensureRow(db: Database, name: string): Promise<void> {
  await db.insert(jobRuns).values({ name }).onConflictDoNothing();
}

/**
 * Claims the window `window` of `job` at `now`: true for exactly one caller across servers, false when the
 * window was taken, the job is running or it waits out a failure's backoff.
 */
async function claimWindow(db: Database, job: Job, window: string, now: Date): Promise<boolean> {
  await ensureRow(db, job.name);
  const claimed = await db
    .update(jobRuns)
    .set({ lastWindow: window, runningUntil: leaseEnd(job, now), startedAt: now, lastRunBy: "" })
    .where(
      and(
        eq(jobRuns.name, job.name),
        or(isNull(jobRuns.lastWindow), ne(jobRuns.lastWindow, window)),
        notRunning(now),
        or(isNull(jobRuns.retryAfter), lte(jobRuns.retryAfter, now)),
      ),
    )
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

/**
 * Runs a claimed job and records how it went; `startedAt` identifies this run (a later one may have taken over
 * after its lease). `by` is "" for the schedule.
 */
async function runClaimed(app: AppContext, job: Job, startedAt: Date, by: string): Promise<RunOutcome> {
  const began = Date.now();
  const finishedAt = () => new Date(startedAt.getTime() + (Date.now() - began));
  const mine = and(eq(jobRuns.name, job.name), eq(jobRuns.startedAt, startedAt));
  try {
    const summary = await job.run({ app, now: startedAt, by });
    await app.db
      .update(jobRuns)
      .set({ runningUntil: null, finishedAt: finishedAt(), lastSummary: summary, lastError: "", retryAfter: null })
      .where(mine);
    log.info("background job done", { job: job.name, summary });
    return { status: "done", summary };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const end = finishedAt();
    // A scheduled run's window is free again after the backoff; a run by hand leaves the schedule alone.
    const retry = by === "" ? { lastWindow: null, retryAfter: new Date(end.getTime() + retryMs(job)) } : {};
    await app.db
      .update(jobRuns)
      .set({ runningUntil: null, finishedAt: end, lastSummary: "", lastError: error || "Failed without a message.", ...retry })
      .where(mine)
      .catch((e: unknown) => log.error("could not record a background job's failure", errorFields(e)));
    log.error("background job failed", { job: job.name, ...errorFields(err) });
    return { status: "failed", error };
  }
}

/**
 * One tick: every due job whose window this server claims runs (at once, side by side); resolves when they
 * are done. `busy` holds the names running in this process, so a slow run is never started twice here.
 */
export async function runDueJobs(
  app: AppContext,
  jobs: readonly Job[],
  now = new Date(),
  busy = new Set<string>(),
): Promise<Record<string, RunOutcome>> {
  const outcomes: Record<string, RunOutcome> = {};
  await Promise.all(
    jobs.map(async (job) => {
      const window = windowOf(job.schedule, now);
      if (window === null || busy.has(job.name)) return;
      busy.add(job.name);
      try {
        if (await claimWindow(app.db, job, window, now)) outcomes[job.name] = await runClaimed(app, job, now, "");
      } catch (err) {
        log.error("could not claim a background job", { job: job.name, ...errorFields(err) });
      } finally {
        busy.delete(job.name);
      }
    }),
  );
  return outcomes;
}

/**
 * Runs `job` now, outside its schedule (Run now, `npm run admin -- run-job`), under the same lease: "running"
 * when a run holds it. `by` is who asked, shown as the last run's. The schedule's windows are left as they are.
 */
export async function runJobNow(app: AppContext, job: Job, by: string, now = new Date()): Promise<RunOutcome> {
  await ensureRow(app.db, job.name);
  const claimed = await app.db
    .update(jobRuns)
    .set({ runningUntil: leaseEnd(job, now), startedAt: now, lastRunBy: by })
    .where(and(eq(jobRuns.name, job.name), notRunning(now)))
    .returning({ name: jobRuns.name });
  if (claimed.length === 0) return { status: "running" };
  return runClaimed(app, job, now, by);
}

/** Every job with its last run, in the list's order. */
export async function jobViews(db: Database, jobs: readonly Job[], now = new Date()): Promise<JobView[]> {
  const rows = new Map((await db.select().from(jobRuns)).map((r) => [r.name, r]));
  return jobs.map((job) => {
    const r = rows.get(job.name);
    return {
      name: job.name,
      label: job.label,
      schedule: scheduleInWords(job.schedule),
      lastStartedAt: r?.startedAt?.toISOString() ?? null,
      lastFinishedAt: r?.finishedAt?.toISOString() ?? null,
      lastSummary: r?.lastSummary ?? "",
      lastError: r?.lastError ?? "",
      lastRunBy: r?.lastRunBy ?? "",
      running: r?.runningUntil != null && r.runningUntil > now,
    };
  });
}

/** This server's ticker: a tick now and every TICK_MS (unref'd: it never keeps the process alive). Returns the stop. */
export function startJobs(app: AppContext, jobs: readonly Job[]): () => void {
  checkJobs(jobs);
  const busy = new Set<string>();
  const tick = () => void runDueJobs(app, jobs, new Date(), busy);
  tick();
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
