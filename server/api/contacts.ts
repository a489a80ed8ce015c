import { Router } from "express";
import { CONTACT_STATUSES, CONTACT_THANK_YOU, type ContactStatus, contactStatusInput } from "../../app/schemas/contact";
import { requireAdmin } from "../auth/require-admin";
import { deleteContact, getContact, listContacts, setContactStatus, submitContact } from "../content/contact";
import type { AppContext } from "../context";
import { badRequest, notFound, parseInput } from "../http/errors";
import { readFields } from "./forms";

const notFoundError = () => notFound("Contact not found.");

/** /api/contacts: anyone may send a message; reading and managing messages needs a token. */
export function contactsRouter(ctx: AppContext): Router {
  const router = Router();

  router.post("/", async (req, res) => {
    const { _id } = await submitContact(ctx, readFields(req), req.ip ?? "unknown");
    res.status(201).json({ message: CONTACT_THANK_YOU, data: { _id } });
  });

  router.get("/", requireAdmin(ctx), async (req, res) => {
    const status = req.query.status;
    if (status !== undefined && status !== "" && status !== "all") {
      if (typeof status !== "string" || !(CONTACT_STATUSES as readonly string[]).includes(status)) {
        throw badRequest(`Status must be one of: all, ${CONTACT_STATUSES.join(", ")}.`, [
          { path: "status", message: "Unknown status." },
        ]);
      }
      res.json(await listContacts(ctx.db, status as ContactStatus));
      return;
    }
    res.json(await listContacts(ctx.db));
  });

  router.get("/:id", requireAdmin(ctx), async (req, res) => {
    const contact = await getContact(ctx.db, String(req.params.id));
    if (!contact) throw notFoundError();
    res.json(contact);
  });

  router.put("/:id/status", requireAdmin(ctx), async (req, res) => {
    const { status } = parseInput(contactStatusInput, readFields(req));
    const contact = await setContactStatus(ctx.db, String(req.params.id), status);
    if (!contact) throw notFoundError();
    res.json(contact);
  });

  router.delete("/:id", requireAdmin(ctx), async (req, res) => {
    if (!(await deleteContact(ctx.db, String(req.params.id)))) throw notFoundError();
    res.json({ message: "Contact deleted successfully." });
  });

  return router;
}
