import { Router } from "express";
import { ROLE_LABEL } from "../../shared/auth/roles";
import { dayInWords } from "../../shared/sales/financial-year";
import { staffCreateInput, staffUpdateInput } from "../../shared/schemas/login";
import { changedFields, recordActivity } from "../activity/log";
import { clearAccountFailures } from "../auth/login-throttle";
import { actorOf, currentUser, requirePermission } from "../auth/require-admin";
import { deleteAllSessionsOf } from "../auth/sessions";
import { turnOff } from "../auth/two-factor";
import { createUser, deleteUser, findUser, listUsers, toUserListItem, updateUser } from "../auth/users";
import type { AppContext } from "../context";
import { badRequest, conflict, notFound, parseInput } from "../http/errors";
import { readFields } from "./forms";

const notFoundError = () => notFound("Staff account not found.");

/** /api/users: staff accounts, for owners only. */
export function usersRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requirePermission(ctx, "staff", "manage staff accounts"));

  router.get("/", async (_req, res) => {
    res.json((await listUsers(ctx.db)).map(toUserListItem));
  });

  router.get("/:id", async (req, res) => {
    const user = await findUser(ctx.db, String(req.params.id));
    if (!user) throw notFoundError();
    res.json(toUserListItem(user));
  });

  router.post("/", async (req, res) => {
    const input = parseInput(staffCreateInput, readFields(req));
    const created = await createUser(ctx.db, { ...input, mustChangePassword: true });
    await recordActivity(ctx.db, actorOf(req), {
      action: "create",
      entityType: "user",
      entityId: created.id,
      entityLabel: created.username,
      detail: `role ${created.role}`,
    });
    res.status(201).json(toUserListItem(created));
  });

  router.put("/:id", async (req, res) => {
    const changes = parseInput(staffUpdateInput, readFields(req));
    if (Object.keys(changes).length === 0) {
      throw badRequest("Nothing to change: send name, email, role, active, password, twoFactor (false) or awayUntil.");
    }
    const { twoFactor, ...accountChanges } = changes;
    const id = String(req.params.id);
    const result = await updateUser(ctx.db, id, accountChanges);
    if (!result) throw notFoundError();
    // A lost phone: the owner turns the person's two-factor sign-in off; they set it up again themselves.
    if (twoFactor === false) await turnOff(ctx.db, id);
    const before = toUserListItem(result.before);
    const after = toUserListItem(twoFactor === false ? ((await findUser(ctx.db, id)) ?? result.after) : result.after);
    const fields = changedFields(before, after).filter((f) => f !== "mustChangePassword");
    if (changes.password !== undefined) fields.push("password");
    const details = [
      before.role !== after.role ? `role ${ROLE_LABEL[before.role]} → ${ROLE_LABEL[after.role]}` : "",
      before.active !== after.active ? (after.active ? "enabled" : "disabled") : "",
      before.twoFactor && !after.twoFactor ? "two-factor sign-in turned off" : "",
      before.awayUntil !== after.awayUntil
        ? after.awayUntil
          ? `on leave until ${dayInWords(after.awayUntil)}`
          : "back from leave"
        : "",
    ].filter(Boolean);
    await recordActivity(ctx.db, actorOf(req), {
      action: "update",
      entityType: "user",
      entityId: result.after.id,
      entityLabel: result.after.username,
      fields,
      detail: details.join(", "),
    });
    res.json(after);
  });

  // "Sign out everywhere": every session of the account ends at once.
  router.delete("/:id/sessions", async (req, res) => {
    const user = await findUser(ctx.db, String(req.params.id));
    if (!user) throw notFoundError();
    const ended = await deleteAllSessionsOf(ctx.db, user.id);
    await recordActivity(ctx.db, actorOf(req), {
      action: "sessions-end",
      entityType: "user",
      entityId: user.id,
      entityLabel: user.username,
      detail: `${ended} session${ended === 1 ? "" : "s"}`,
    });
    res.json({ message: `${user.name || user.username} was signed out everywhere.`, ended });
  });

  // The account's sign-in locks end at once: its failed passwords and wrong codes from every address.
  router.delete("/:id/sign-in-locks", async (req, res) => {
    const user = await findUser(ctx.db, String(req.params.id));
    if (!user) throw notFoundError();
    await clearAccountFailures(ctx.db, user.username);
    await recordActivity(ctx.db, actorOf(req), {
      action: "update",
      entityType: "user",
      entityId: user.id,
      entityLabel: user.username,
      detail: "sign-in locks cleared",
    });
    res.json({ message: `The sign-in locks of ${user.name || user.username} were cleared.` });
  });

  router.delete("/:id", async (req, res) => {
    const id = String(req.params.id);
    if (id === currentUser(req).id) throw conflict("You cannot delete your own account. Ask another owner.");
    const removed = await deleteUser(ctx.db, id);
    if (!removed) throw notFoundError();
    await recordActivity(ctx.db, actorOf(req), {
      action: "delete",
      entityType: "user",
      entityId: removed.id,
      entityLabel: removed.username,
    });
    res.json({ message: "Staff account deleted successfully." });
  });

  return router;
}
