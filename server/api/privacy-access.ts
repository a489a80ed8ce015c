import { Router } from "express";
import { z } from "zod";
import { isId } from "../../shared/lib/ids";
import { contactListQuery } from "../../shared/schemas/contact";
import { requirePermission } from "../auth/require-admin";
import { findUser } from "../auth/users";
import type { AppContext } from "../context";
import { badRequest, notFound, parseInput } from "../http/errors";
import { accessOfPerson, accessOfStaff } from "../privacy/access-log";

const accessQuery = contactListQuery.pick({ page: true, limit: true }).extend({
  person: z
    .string({ error: "Person must be text: a name, e-mail address or phone number." })
    .trim()
    .max(200, "Person must be at most 200 characters.")
    .optional(),
  staff: z.string({ error: "Staff must be a staff member's id." }).trim().optional(),
});

const NO_SUCH_STAFF = "There is no staff member with that id.";

/**
 * /api/privacy/access: who looked at whom (owners only). ?person= (a name, e-mail or phone) answers the
 * records that hold the person and who opened, exported, printed or downloaded them; ?staff= (an account's id)
 * what that staff member opened. Both newest first, paged, the number of rows in X-Total-Count.
 */
export function privacyAccessRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requirePermission(ctx, "privacy", "see who looked at people's data"));

  router.get("/", async (req, res) => {
    const { person, staff, page, limit } = parseInput(accessQuery, req.query);
    if (person) {
      const found = await accessOfPerson(ctx.db, person, { page, limit });
      res.setHeader("X-Total-Count", String(found.total));
      res.json({ person: found.person, records: found.records, items: found.items, exports: found.exports });
      return;
    }
    if (staff) {
      if (!isId(staff)) throw notFound(NO_SUCH_STAFF);
      const [account, { items, total }] = await Promise.all([
        findUser(ctx.db, staff),
        accessOfStaff(ctx.db, staff, { page, limit }),
      ]);
      // A deleted account's rows stay (the log outlives the account), under the name they were written with.
      if (!account && total === 0) throw notFound(NO_SUCH_STAFF);
      res.setHeader("X-Total-Count", String(total));
      res.json({ staff: { _id: staff, name: account ? account.name || account.username : (items[0]?.actorName ?? "") }, items });
      return;
    }
    throw badRequest("Give a person (a name, e-mail address or phone number) or a staff member to see who looked at what.");
  });

  return router;
}
