import { type Request, Router } from "express";
import { type Breach, breachInput } from "../../shared/privacy/breach";
import { recordActivity } from "../activity/log";
import { actorOf, currentUser, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import { HttpError, notFound, parseInput } from "../http/errors";
import { createBreach, getBreach, listBreaches, updateBreach } from "../privacy/breaches";
import { readFields } from "./forms";

const notFoundError = () => notFound("Breach not found.");

/** /api/privacy/breaches: the breach register (owners only). The list is newest found first. */
export function privacyBreachesRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requirePermission(ctx, "privacy", "see or change the breach register"));
  const log = (req: Request, action: "create" | "update", breach: Breach) =>
    recordActivity(ctx.db, actorOf(req), { action, entityType: "breach", entityId: breach._id, entityLabel: breach.title });

  router.get("/", async (_req, res) => {
    res.json(await listBreaches(ctx.db));
  });

  router.post("/", async (req, res) => {
    const input = parseInput(breachInput, readFields(req));
    const user = currentUser(req);
    const breach = await createBreach(ctx.db, input, user.name || user.username);
    await log(req, "create", breach);
    res.status(201).json(breach);
  });

  router.get("/:id", async (req, res) => {
    const breach = await getBreach(ctx.db, String(req.params.id));
    if (!breach) throw notFoundError();
    res.json(breach);
  });

  // The fields given change; the others keep their values.
  router.put("/:id", async (req, res) => {
    const current = await getBreach(ctx.db, String(req.params.id));
    if (!current) throw notFoundError();
    const { _id, createdByName, createdAt, updatedAt, ...fields } = current;
    const input = parseInput(breachInput, { ...fields, ...readFields(req) });
    const breach = await updateBreach(ctx.db, current._id, input);
    if (!breach) throw notFoundError();
    await log(req, "update", breach);
    res.json(breach);
  });

  // The register is what an auditor and the Board ask for: an entry is never deleted (issue 44). A mistaken one
  // is corrected by editing it (each change is in the activity log) or explained by a new entry.
  router.delete("/:id", async (req) => {
    if (!(await getBreach(ctx.db, String(req.params.id)))) throw notFoundError();
    throw new HttpError(
      405,
      "Entries of the breach register are never deleted: correct this one by editing it, or add an entry that explains it.",
    );
  });

  return router;
}
