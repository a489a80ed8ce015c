import { sql } from "drizzle-orm";
import { type Request, Router } from "express";
import { type Customer, customerInput, customerMergeInput } from "../../shared/sales/customer";
import { isOpenDeal } from "../../shared/sales/deal";
import { contactListQuery } from "../../shared/schemas/contact";
import { recordActivity } from "../activity/log";
import { actorOf, currentUser, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { badRequest, conflict, HttpError, notFound, parseInput } from "../http/errors";
import { recordAccess, recordList } from "../privacy/access-log";
import {
  createCustomer,
  dealsOfCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  mergeCustomers,
  updateCustomer,
} from "../sales/customers";
import { keepVersion, versionOf, versionsOf } from "../sales/history";
import { mayChangeDeal } from "./deals";
import { readFields } from "./forms";

const notFoundError = () => notFound("Customer not found.");
const listQuery = contactListQuery.pick({ q: true, page: true, limit: true });

/**
 * A customer of another's open deal is read-only to a sales person (issue 44): a changed address would take
 * the other's next Send. The deal's own owner rule decides.
 */
async function assertMayChangeCustomer(db: Database, req: Request, id: string): Promise<void> {
  const theirs = (await dealsOfCustomer(db, id)).find((d) => isOpenDeal(d) && !mayChangeDeal(req, d));
  if (theirs) {
    throw new HttpError(
      403,
      `This customer is on another sales person's open deal (${theirs.title}): you can read it, but only they or an owner can change it.`,
    );
  }
}

/** Deleting or merging a customer with deals moves or drops the links of every deal on it: an owner's act. */
async function assertMayDeleteOrMerge(db: Database, req: Request, ids: string[]): Promise<void> {
  if (currentUser(req).role === "owner") return;
  for (const id of ids) {
    if ((await dealsOfCustomer(db, id)).length > 0) {
      throw new HttpError(
        403,
        "Only an owner can delete or merge a customer with deals: their deals and quotations must stay with the right customer.",
      );
    }
  }
}

/** /api/customers: the sales desk's companies (owners and sales; editors none). Lists are plain arrays with X-Total-Count. */
export function customersRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requirePermission(ctx, "sales", "work with customers"));
  const log = async (req: Request, action: "create" | "update" | "delete" | "merge", c: Customer, detail = "") => {
    await recordActivity(ctx.db, actorOf(req), { action, entityType: "customer", entityId: c._id, entityLabel: c.name, detail });
    if (action !== "delete") await keepVersion(ctx.db, "customer", c, action, actorOf(req));
  };

  // Who opened which customer (the access log): written before the answer, so no view goes unrecorded.
  const logView = (req: Request, id: string, detail: string) =>
    recordAccess(ctx.db, actorOf(req), { action: "view", entityType: "customer", entityId: id, detail });

  router.get("/", async (req, res) => {
    const query = parseInput(listQuery, req.query);
    const { items, total } = await listCustomers(ctx.db, query);
    // The page carries each customer's people: logged like a view (issue 44, 2).
    const listed = items.map((c) => ({ type: "customer" as const, id: c._id }));
    await recordList(ctx.db, actorOf(req), "customers", query, listed, items.length);
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  router.post("/", async (req, res) => {
    const input = parseInput(customerInput, readFields(req));
    const id = await ctx.db.transaction((tx) => createCustomer(tx as unknown as Database, input));
    const customer = (await getCustomer(ctx.db, id))!;
    await log(req, "create", customer);
    res.status(201).json(customer);
  });

  router.get("/:id", async (req, res) => {
    const customer = await getCustomer(ctx.db, String(req.params.id));
    if (!customer) throw notFoundError();
    await logView(req, customer._id, "");
    res.json(customer);
  });

  // The fields given change (people: the whole list); the others keep their values.
  router.put("/:id", async (req, res) => {
    const current = await getCustomer(ctx.db, String(req.params.id));
    if (!current) throw notFoundError();
    await assertMayChangeCustomer(ctx.db, req, current._id);
    const { name, gstin, billingAddress, deliveryAddress, people } = current;
    const input = parseInput(customerInput, { name, gstin, billingAddress, deliveryAddress, people, ...readFields(req) });
    const found = await ctx.db.transaction((tx) => updateCustomer(tx as unknown as Database, String(req.params.id), input));
    if (!found) throw notFoundError();
    const customer = (await getCustomer(ctx.db, String(req.params.id)))!;
    await log(req, "update", customer);
    res.json(customer);
  });

  // Never one with deals or quotations (they would lose their customer): that is merged into the right one.
  router.delete("/:id", async (req, res) => {
    const customer = await getCustomer(ctx.db, String(req.params.id));
    if (!customer) throw notFoundError();
    await assertMayDeleteOrMerge(ctx.db, req, [customer._id]);
    const deleted = await ctx.db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      // The row's lock waits for (or holds off) a deal being made out to it, so the check below stays true.
      await tx.execute(sql`SELECT id FROM customers WHERE id = ${customer._id} FOR UPDATE`);
      if ((await dealsOfCustomer(tx, customer._id)).length > 0) {
        throw conflict(
          "This customer has deals or quotations: deleting it would leave them without one. Merge it into the right customer instead.",
        );
      }
      return deleteCustomer(tx, customer._id);
    });
    if (!deleted) throw notFoundError();
    await log(req, "delete", customer);
    res.json({ message: "Customer deleted. Their enquiries are kept." });
  });

  router.get("/:id/revisions", async (req, res) => {
    const id = String(req.params.id);
    if (!(await getCustomer(ctx.db, id))) throw notFoundError();
    const versions = await versionsOf(ctx.db, "customer", id, ctx.config.revisionsKeep);
    await logView(req, id, "past versions");
    res.json(versions);
  });

  router.get("/:id/revisions/:revisionId", async (req, res) => {
    const version = await versionOf(ctx.db, "customer", String(req.params.id), String(req.params.revisionId));
    if (!version) throw notFound("Version not found.");
    await logView(req, String(req.params.id), `a past version (${String(req.params.revisionId)})`);
    res.json(version);
  });

  router.post("/:id/merge", async (req, res) => {
    const { otherId } = parseInput(customerMergeInput, readFields(req));
    const id = String(req.params.id);
    if (otherId === id) throw badRequest("A customer cannot be merged with itself.");
    const other = await getCustomer(ctx.db, otherId);
    await assertMayDeleteOrMerge(ctx.db, req, [id, otherId]);
    const merged = await ctx.db.transaction((tx) => mergeCustomers(tx as unknown as Database, id, otherId));
    if (!merged || !other) throw notFoundError();
    await log(req, "merge", merged, `merged in ${other.name}`);
    res.json(merged);
  });

  return router;
}
