import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, jobRuns } from "../../server/db/schema";
import { type Job, jobViews, runDueJobs, runJobNow, scheduleInWords, windowOf } from "../../server/jobs/registry";
import { testDatabaseKind } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff, type StaffAccount } from "../support/staff";

/**
 * The job registry (issue 46, docs/decisions/033-job-registry.md): one window of a job runs once across app
 * servers, on India time; a failed run is retried after its backoff; owners see the jobs and run one now.
 * Every time is the test's clock, passed in; nothing waits for real time.
 */

let s: TestServer;
let owner: string;
let editor: StaffAccount;
let sales: StaffAccount;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login();
  editor = await addStaff(s, owner, "editor", "eshwar");
  sales = await addStaff(s, owner, "sales", "asha");
});
afterAll(async () => {
  await s?.close();
});

/** A job that counts its runs; `fail` makes the next runs throw while it is true. */
function countingJob(name: string, schedule: Job["schedule"], options: { fail?: () => boolean; retryMinutes?: number } = {}) {
  const job = {
    runs: 0,
    name,
    label: `Test ${name}`,
    schedule,
    retryMinutes: options.retryMinutes,
    run: async () => {
      job.runs++;
      // Lets the other claim of the same tick reach the database while this run is under way.
      await new Promise((resolve) => setImmediate(resolve));
      if (options.fail?.()) throw new Error(`${name} broke`);
      return `run ${job.runs}`;
    },
  };
  return job;
}

const utc = (iso: string) => new Date(iso);
const row = async (name: string) => (await s.ctx.db.select().from(jobRuns).where(eq(jobRuns.name, name)))[0];

describe("the schedule", () => {
  it("puts a daily window on India's day from its time, and a periodic one on its slot", () => {
    const daily = { dailyFrom: "09:00" };
    expect(windowOf(daily, utc("2026-11-30T03:29:00Z"))).toBeNull(); // 08:59 in India
    expect(windowOf(daily, utc("2026-11-30T03:30:00Z"))).toBe("2026-11-30");
    // 23:59 India time is still that day; 00:00 the next, before its 09:00.
    expect(windowOf(daily, utc("2026-11-30T18:29:00Z"))).toBe("2026-11-30");
    expect(windowOf(daily, utc("2026-11-30T18:30:00Z"))).toBeNull();
    expect(windowOf({ everyMinutes: 10 }, utc("2026-11-30T03:39:59Z"))).toBe("2026-11-30 09:00");
    expect(windowOf({ everyMinutes: 10 }, utc("2026-11-30T03:40:00Z"))).toBe("2026-11-30 09:10");
  });

  it("says the schedule in words", () => {
    expect(scheduleInWords({ everyMinutes: 60 })).toBe("Every hour");
    expect(scheduleInWords({ everyMinutes: 1 })).toBe("Every minute");
    expect(scheduleInWords({ everyMinutes: 5 })).toBe("Every 5 minutes");
    expect(scheduleInWords({ dailyFrom: "09:00" })).toBe("Daily from 09:00 India time");
  });
});

describe("running each window once", () => {
  it("runs a daily job once a day, from its time in India", async () => {
    const job = countingJob("daily-nine", { dailyFrom: "09:00" });
    await runDueJobs(s.ctx, [job], utc("2026-11-30T03:29:00Z"));
    expect(job.runs).toBe(0);
    const outcomes = await runDueJobs(s.ctx, [job], utc("2026-11-30T03:30:00Z"));
    expect(outcomes[job.name]).toEqual({ status: "done", summary: "run 1" });
    await runDueJobs(s.ctx, [job], utc("2026-11-30T12:00:00Z"));
    expect(job.runs).toBe(1);
    await runDueJobs(s.ctx, [job], utc("2026-12-01T03:31:00Z"));
    expect(job.runs).toBe(2);
    const [view] = await jobViews(s.ctx.db, [job], utc("2026-12-01T04:00:00Z"));
    expect(view).toMatchObject({ lastSummary: "run 2", lastError: "", lastRunBy: "", running: false });
    expect(view?.lastStartedAt).toBe("2026-12-01T03:31:00.000Z");
  });

  it("runs a window once when two ticks claim it at the same moment", async () => {
    const job = countingJob("every-five", { everyMinutes: 5 });
    const now = utc("2026-11-30T04:02:00Z");
    await Promise.all([runDueJobs(s.ctx, [job], now), runDueJobs(s.ctx, [job], now), runDueJobs(s.ctx, [job], now)]);
    expect(job.runs).toBe(1);
    // Later in the same slot: taken; the next slot: runs again.
    await runDueJobs(s.ctx, [job], utc("2026-11-30T04:04:59Z"));
    expect(job.runs).toBe(1);
    await runDueJobs(s.ctx, [job], utc("2026-11-30T04:05:00Z"));
    expect(job.runs).toBe(2);
  });

  it("leaves a job another run holds until its lease ends", async () => {
    const job = countingJob("held", { everyMinutes: 1 });
    await s.ctx.db.insert(jobRuns).values({ name: job.name, runningUntil: utc("2026-11-30T05:00:00Z") });
    await runDueJobs(s.ctx, [job], utc("2026-11-30T04:59:00Z"));
    expect(job.runs).toBe(0);
    expect(await runJobNow(s.ctx, job, "admin", utc("2026-11-30T04:59:30Z"))).toEqual({ status: "running" });
    // The server holding it died: after the lease, the next tick runs it.
    await runDueJobs(s.ctx, [job], utc("2026-11-30T05:00:01Z"));
    expect(job.runs).toBe(1);
  });

  it("records a failed run's error and retries its window after the backoff, not at every tick", async () => {
    let broken = true;
    const job = countingJob("flaky-daily", { dailyFrom: "10:00" }, { fail: () => broken, retryMinutes: 15 });
    const failed = await runDueJobs(s.ctx, [job], utc("2026-11-30T04:30:00Z")); // 10:00 India time
    expect(failed[job.name]).toEqual({ status: "failed", error: "flaky-daily broke" });
    expect(await row(job.name)).toMatchObject({ lastError: "flaky-daily broke", lastSummary: "", runningUntil: null });
    await runDueJobs(s.ctx, [job], utc("2026-11-30T04:40:00Z"));
    expect(job.runs).toBe(1);
    broken = false;
    await runDueJobs(s.ctx, [job], utc("2026-11-30T04:45:01Z"));
    expect(job.runs).toBe(2);
    expect(await row(job.name)).toMatchObject({ lastError: "", lastSummary: "run 2", lastWindow: "2026-11-30" });
    // Done for the day now.
    await runDueJobs(s.ctx, [job], utc("2026-11-30T06:00:00Z"));
    expect(job.runs).toBe(2);
  });
});

describe.skipIf(testDatabaseKind() !== "postgres")("two app servers on one PostgreSQL database", () => {
  it("runs a window on one of them only", async () => {
    const other = await startTestServer({}, { shareDataWith: s });
    try {
      const job = countingJob("shared", { dailyFrom: "09:00" });
      const now = utc("2026-11-30T04:00:00Z");
      await Promise.all([runDueJobs(s.ctx, [job], now), runDueJobs(other.ctx, [job], now)]);
      expect(job.runs).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe("GET /api/jobs and Run now", () => {
  it("lists the jobs, with their schedules in words, for owners only", async () => {
    const res = await s.request("GET", "/api/jobs", { token: owner });
    expect(res.status, res.text).toBe(200);
    const byName = Object.fromEntries((res.body as { name: string; schedule: string }[]).map((j) => [j.name, j]));
    expect(Object.keys(byName).sort()).toEqual(
      ["held-digest", "housekeeping", "indiamart", "lead-notices", "morning-email", "retention"].sort(),
    );
    expect(byName.housekeeping).toMatchObject({ schedule: "Every hour", lastStartedAt: null, running: false });
    expect(byName["morning-email"]?.schedule).toBe("Daily from 09:00 India time");
    expect(byName.retention?.schedule).toBe("Daily from 10:00 India time");
    expect(byName.indiamart?.schedule).toBe("Every 10 minutes");

    const refused = await s.request("GET", "/api/jobs", { token: editor.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your role (editor) cannot see the background work.");
    expect((await s.request("GET", "/api/jobs")).status).toBe(401);
  });

  it("runs a job now, recording who ran it and an activity entry", async () => {
    const res = await s.request("POST", "/api/jobs/held-digest/run", { token: owner });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      name: "held-digest",
      lastSummary: "E-mail is off (SMTP_URL): nothing to send.",
      lastError: "",
      lastRunBy: "admin",
      running: false,
    });
    expect(res.body.lastFinishedAt).not.toBeNull();
    const logged = await s.ctx.db.select().from(activity).where(like(activity.entityLabel, "Background work:%"));
    expect(logged.map((a) => [a.actorName, a.detail])).toEqual([["admin", "E-mail is off (SMTP_URL): nothing to send."]]);
    const listed = await s.request("GET", "/api/jobs", { token: owner });
    expect(listed.body.find((j: { name: string }) => j.name === "held-digest").lastRunBy).toBe("admin");
  });

  it("answers 409 while the job runs, 404 for an unknown job and 403 for other roles", async () => {
    await s.ctx.db
      .insert(jobRuns)
      .values({ name: "housekeeping", runningUntil: new Date(Date.now() + 60 * 60_000) })
      .onConflictDoUpdate({ target: jobRuns.name, set: { runningUntil: new Date(Date.now() + 60 * 60_000) } });
    const busy = await s.request("POST", "/api/jobs/housekeeping/run", { token: owner });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/is running now/);
    const unknown = await s.request("POST", "/api/jobs/nothing-such/run", { token: owner });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no background job "nothing-such".');
    const refused = await s.request("POST", "/api/jobs/lead-notices/run", { token: sales.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your role (sales) cannot run background work.");
  });
});
