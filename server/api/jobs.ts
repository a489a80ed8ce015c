import { Router } from "express";
import { recordActivity } from "../activity/log";
import { actorOf, currentUser, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { conflict, notFound } from "../http/errors";
import { JOBS, jobNamed } from "../jobs/list";
import { jobViews, runJobNow } from "../jobs/registry";

/**
 * /api/jobs (owners): the background jobs with their schedule and last run (GET), and Run now (POST /:name/run),
 * on this server under the job's lease: 409 while a run holds it. A run that failed still answers 200 with the
 * job's state, its error in `lastError`: the run happened and is recorded.
 */
export function jobsRouter(ctx: AppContext): Router {
  const router = Router();

  router.get("/", requirePermission(ctx, "settings", "see the background work"), async (_req, res) => {
    res.json(await jobViews(ctx.db, JOBS));
  });

  router.post("/:name/run", requirePermission(ctx, "settings", "run background work"), async (req, res) => {
    const name = String(req.params.name);
    const job = jobNamed(name);
    if (!job) throw notFound(`There is no background job "${name}".`);
    const outcome = await runJobNow(ctx, job, currentUser(req).username);
    if (outcome.status === "running") throw conflict(`"${job.label}" is running now; try again when it has finished.`);
    await recordActivity(ctx.db, actorOf(req), {
      action: "update",
      entityType: "settings",
      entityLabel: `Background work: ${job.label}`,
      detail: outcome.status === "done" ? outcome.summary : `Failed: ${outcome.error}`,
    });
    const [view] = await jobViews(ctx.db, [job]);
    res.json(view);
  });

  return router;
}
