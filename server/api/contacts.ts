import { stringify } from "csv-stringify";
import { type Request, Router } from "express";
import { contactListQuery, contactNoteInput, contactStatusInput, manualLeadInput } from "../../shared/schemas/contact";
import { CONTACT_THANK_YOU, CONTACT_TYPE_LABEL, type Contact } from "../../shared/schemas/enquiry-values";
import { recordActivity } from "../activity/log";
import { actorOf, currentUser, requirePermission, tokenFrom } from "../auth/require-admin";
import {
  addContactNote,
  contactBatches,
  contactStats,
  deleteContact,
  getContact,
  listContacts,
  listCustomers,
  releaseContact,
  setContactStatus,
} from "../content/contact";
import { addManualLead, resendNotification, submitContact } from "../content/enquiry";
import type { AppContext } from "../context";
import { noStore } from "../http/caching";
import { notFound, parseInput } from "../http/errors";
import { errorFields, log } from "../log";
import { exportDetail, recordAccess, recordList } from "../privacy/access-log";
import { multipartBody, readFields } from "./forms";

const notFoundError = () => notFound("Contact not found.");

/**
 * A spreadsheet program runs a cell that starts with = + - @ as a formula. Such cells get a leading
 * apostrophe, except phone-like values ("+91 98765 43210", "-5") that are only digits and punctuation.
 */
export function spreadsheetSafe(value: string): string {
  if (/^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value))) return `'${value}`;
  return value;
}

const CSV_COLUMNS = [
  "Reference",
  "Type",
  "Date",
  "Status",
  "Name",
  "Email",
  "Phone",
  "Company",
  "Subject",
  "Message",
  "Products",
  "Service",
  "Required air flow",
  "Working pressure",
  "Hours per day",
  "Application",
  "Notes",
  "Notification",
  "Held",
];

function csvRow(c: Contact): string[] {
  return [
    c.reference,
    CONTACT_TYPE_LABEL[c.type],
    c.date,
    c.status,
    c.name,
    c.email,
    c.phone,
    c.company,
    c.subject,
    c.message,
    c.items.map((i) => `${i.product.name} × ${i.quantity}`).join("; "),
    c.service?.title ?? "",
    c.details.flow,
    c.details.pressure,
    c.details.hoursPerDay === null ? "" : String(c.details.hoursPerDay),
    c.details.application,
    c.notes.map((n) => `${n.author} (${n.date}): ${n.text}`).join(" | "),
    c.notification.status === "sent" ? `sent ${c.notification.sentAt}` : c.notification.status,
    c.held ? "held" : "",
  ].map(spreadsheetSafe);
}

/** /api/contacts: anyone may send a message; reading and managing enquiries needs a token. */
export function contactsRouter(ctx: AppContext): Router {
  const router = Router();
  const read = requirePermission(ctx, "enquiries", "read enquiries");
  const manage = requirePermission(ctx, "enquiries", "manage enquiries");
  const logEnquiry = (req: Request, action: "status" | "note" | "resend" | "release" | "delete", contact: Contact, detail = "") =>
    recordActivity(ctx.db, actorOf(req), {
      action,
      entityType: "enquiry",
      entityId: contact._id,
      entityLabel: contact.reference,
      detail,
    });

  router.post("/", multipartBody(ctx, []), async (req, res, next) => {
    // With a staff token it is a lead typed in by staff (below); without, a visitor's message.
    if (tokenFrom(req)) return next();
    const receipt = await submitContact(ctx, readFields(req), { clientIp: req.ip ?? "unknown" });
    res.status(201).json({ message: CONTACT_THANK_YOU, data: receipt });
  });

  router.post("/", requirePermission(ctx, "enquiries", "add leads"), async (req, res) => {
    const receipt = await addManualLead(ctx, parseInput(manualLeadInput, readFields(req)));
    const contact = (await getContact(ctx.db, receipt._id))!;
    await recordActivity(ctx.db, actorOf(req), {
      action: "create",
      entityType: "enquiry",
      entityId: contact._id,
      entityLabel: contact.reference,
      detail: contact.subject,
    });
    res.status(201).json({ message: "Lead added.", data: contact });
  });

  // A plain array (SPEC §7), one page of it; the number of matches in X-Total-Count.
  router.get("/", read, async (req, res) => {
    const query = parseInput(contactListQuery, req.query);
    const { items, total } = await listContacts(ctx.db, query);
    // A list carries the people's names, e-mails and phones: logged like a view (issue 44, 2).
    await recordList(
      ctx.db,
      actorOf(req),
      "enquiries",
      query,
      items.map((c) => ({ type: "enquiry", id: c._id })),
      items.length,
    );
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  // The people who wrote in, grouped by e-mail address (the Customers screen); paged like the list.
  router.get("/customers", read, async (req, res) => {
    const { page, limit } = parseInput(contactListQuery.pick({ page: true, limit: true }), req.query);
    const { items, total, enquiryIds } = await listCustomers(ctx.db, page, limit);
    await recordList(
      ctx.db,
      actorOf(req),
      "people",
      { page, limit },
      enquiryIds.map((id) => ({ type: "enquiry", id })),
      items.length,
    );
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  router.get("/stats", read, async (_req, res) => {
    res.json(await contactStats(ctx.db, ctx.mail.enabled));
  });

  // Streams: one batch of rows in memory at a time, and the next batch only once the client has read the last.
  router.get("/export.csv", read, async (req, res) => {
    const { page: _page, limit: _limit, ...filter } = parseInput(contactListQuery, req.query);
    const day = new Date().toISOString().slice(0, 10);
    const described = Object.entries(filter)
      .filter(([, v]) => v !== undefined && v !== "" && v !== "all")
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ");
    await recordActivity(ctx.db, actorOf(req), {
      action: "export",
      entityType: "enquiry",
      detail: described ? `CSV (${described})` : "CSV, all enquiries",
    });
    // Written before the file goes out: an export not in the access log must not happen.
    const { total } = await listContacts(ctx.db, { ...filter, page: 1, limit: 1 });
    await recordAccess(ctx.db, actorOf(req), { action: "export", entityType: "enquiries", detail: exportDetail(filter, total) });
    noStore(res);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="enquiries-${day}.csv"`);
    const csv = stringify({ header: true, columns: CSV_COLUMNS, bom: true, record_delimiter: "windows" });
    csv.pipe(res);
    let closed = false;
    res.on("close", () => {
      closed = true;
    });
    try {
      for await (const batch of contactBatches(ctx.db, filter)) {
        for (const contact of batch) {
          if (!csv.write(csvRow(contact))) await new Promise<void>((resolve) => csv.once("drain", resolve));
        }
        if (closed) break;
      }
      csv.end();
    } catch (err) {
      // The header is sent: all we can do is cut the download short, so it cannot pass for complete.
      log.error("the CSV export failed", errorFields(err));
      csv.destroy();
      res.destroy();
    }
  });

  router.get("/:id", read, async (req, res) => {
    const contact = await getContact(ctx.db, String(req.params.id));
    if (!contact) throw notFoundError();
    await recordAccess(ctx.db, actorOf(req), {
      action: "view",
      entityType: "enquiry",
      entityId: contact._id,
      detail: contact.reference,
    });
    res.json(contact);
  });

  router.put("/:id/status", manage, async (req, res) => {
    const { status } = parseInput(contactStatusInput, readFields(req));
    const contact = await setContactStatus(ctx.db, String(req.params.id), status);
    if (!contact) throw notFoundError();
    await logEnquiry(req, "status", contact, status);
    res.json(contact);
  });

  router.post("/:id/notes", manage, async (req, res) => {
    const { text } = parseInput(contactNoteInput, readFields(req));
    const contact = await addContactNote(ctx.db, String(req.params.id), currentUser(req).username, text);
    if (!contact) throw notFoundError();
    await logEnquiry(req, "note", contact);
    res.status(201).json({ message: "Note added.", data: contact });
  });

  router.post("/:id/resend", manage, async (req, res) => {
    if (!(await resendNotification(ctx, String(req.params.id)))) throw notFoundError();
    const contact = await getContact(ctx.db, String(req.params.id));
    if (contact) await logEnquiry(req, "resend", contact);
    ctx.mail.kick();
    res.status(202).json({ message: "The notification is queued again.", data: contact });
  });

  // A held enquiry (past the hourly cap) becomes an ordinary one. Its acknowledgement is not sent late: hours
  // after the visitor saw the thank-you page it would read as spam; staff who release it answer in person.
  router.post("/:id/release", manage, async (req, res) => {
    const result = await releaseContact(ctx.db, String(req.params.id));
    if (!result) throw notFoundError();
    if (result.released) await logEnquiry(req, "release", result.contact);
    res.json({
      message: result.released ? "Released: it is now an ordinary enquiry." : "It was not held.",
      data: result.contact,
    });
  });

  router.delete("/:id", requirePermission(ctx, "deleteEnquiries", "delete enquiries"), async (req, res) => {
    const contact = await getContact(ctx.db, String(req.params.id));
    if (!contact || !(await deleteContact(ctx.db, contact._id))) throw notFoundError();
    await logEnquiry(req, "delete", contact);
    res.json({ message: "Contact deleted successfully." });
  });

  return router;
}
