import { Router } from "express";
import {
  CONTACT_STATUSES,
  CONTACT_THANK_YOU,
  type ContactStatus,
  contactInput,
  contactStatusInput,
  HONEYPOT_FIELD,
} from "../../app/schemas/contact";
import { requireAdmin } from "../auth/require-admin";
import { createContact, deleteContact, getContact, listContacts, setContactStatus } from "../content/contact";
import type { AppContext } from "../context";
import { newId } from "../db/ids";
import { badRequest, notFound, parseInput } from "../http/errors";
import { enforceLimits, type Limit, recordEvent } from "../http/throttle";
import { readFields } from "./forms";

/** Messages one client address may send in the window. */
const CONTACT_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 };
const notFoundError = () => notFound("Contact not found.");

/** /api/contacts: anyone may send a message; reading and managing messages needs a token. */
export function contactsRouter(ctx: AppContext): Router {
  const router = Router();

  router.post("/", async (req, res) => {
    const fields = readFields(req);
    const limit: Limit = { key: `contact-ip:${req.ip ?? "unknown"}`, ...CONTACT_LIMIT };
    if (ctx.config.rateLimits) {
      await enforceLimits(ctx.db, [limit], "You have sent several messages in a short time. Please try again later.");
    }
    const honeypot = fields[HONEYPOT_FIELD];
    if (typeof honeypot === "string" && honeypot.trim() !== "") {
      // A bot filled the hidden field: answer as if accepted, store nothing.
      if (ctx.config.rateLimits) await recordEvent(ctx.db, [limit.key]);
      res.status(201).json({ message: CONTACT_THANK_YOU, data: { _id: newId() } });
      return;
    }
    const input = parseInput(contactInput, fields);
    const contact = await createContact(ctx.db, input);
    if (ctx.config.rateLimits) await recordEvent(ctx.db, [limit.key]);
    res.status(201).json({ message: CONTACT_THANK_YOU, data: { _id: contact._id } });
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
