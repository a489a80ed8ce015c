import { useCallback, useEffect, useState } from "react";
import type { JobView as Job } from "../../../shared/jobs/job";
import { api, errorMessage } from "../../lib/api-client";
import { useCan } from "./current-user";
import { buttonClass, formatDate } from "./screen-parts";
import { useToast } from "./toast";

/**
 * Site Settings' "Background work" (owners): each background job with its schedule and last run, its summary or
 * error (GET /api/jobs), and Run now (POST /api/jobs/:name/run). The jobs run on their own; this is to see that
 * they did, and to run one at once.
 */

/** "30 Nov 2026, 09:00 am", India's clock whatever the browser's zone. */
const indiaTime = (iso: string) => formatDate(iso, true, "Asia/Kolkata");

function lastRun(job: Job): string {
  if (job.running) return job.lastStartedAt ? `Running since ${indiaTime(job.lastStartedAt)}` : "Running";
  if (!job.lastStartedAt) return "Not run yet";
  return `Last run ${indiaTime(job.lastStartedAt)}${job.lastRunBy ? ` by ${job.lastRunBy}` : ""}`;
}

function JobRow({ job, busy, onRun }: { job: Job; busy: boolean; onRun: () => void }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid={`job-${job.name}`}>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{job.label}</p>
        <p className="text-sm text-slate-600">
          {job.schedule} · {lastRun(job)}
        </p>
        {job.lastError ? (
          <p className="text-sm text-red-700">Failed: {job.lastError}</p>
        ) : (
          job.lastSummary && <p className="text-sm text-slate-800">{job.lastSummary}</p>
        )}
      </div>
      <button
        type="button"
        className={`${buttonClass("secondary", "sm")} shrink-0`}
        onClick={onRun}
        disabled={busy || job.running}
        aria-label={`Run now: ${job.label}`}
      >
        {busy ? "Running..." : "Run now"}
      </button>
    </li>
  );
}

function JobsList() {
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const toast = useToast();
  const reload = useCallback(async () => {
    try {
      setJobs(await api<Job[]>("/api/jobs"));
      setFailure(null);
    } catch (err) {
      setFailure(errorMessage(err, "The background work could not be loaded."));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const run = async (job: Job) => {
    setBusy(job.name);
    try {
      const done = await api<Job>(`/api/jobs/${encodeURIComponent(job.name)}/run`, { method: "POST" });
      // A failed run is recorded like any other: the answer carries its error.
      if (done.lastError) toast.error(`${job.label}: failed: ${done.lastError}`);
      else toast.success(`${job.label}: ${done.lastSummary || "done."}`);
    } catch (err) {
      toast.error(errorMessage(err, `${job.label} could not be run.`));
    } finally {
      setBusy(null);
      await reload();
    }
  };
  return (
    <section aria-labelledby="jobs-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="jobs-heading" className="text-lg font-bold text-brand-700">
        Background work
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        What the site does on its own, on India time. Each runs on one server; Run now runs it at once.
      </p>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      {jobs ? (
        <ul className="mt-2 divide-y divide-slate-200">
          {jobs.map((job) => (
            <JobRow key={job.name} job={job} busy={busy === job.name} onRun={() => void run(job)} />
          ))}
        </ul>
      ) : (
        !failure && <p className="mt-2 text-slate-600">Loading...</p>
      )}
    </section>
  );
}

/** Owners only (the "settings" permission); nothing for other roles. */
export function JobsPanel() {
  return useCan("settings") ? <JobsList /> : null;
}
