import { type Request, Router } from "express";
import { type Customer, customerInput, customerMergeInput } from "../../shared/sales/customer";
import { contactListQuery } from "../../shared/schemas/contact";
import { recordActivity } from "../activity/log";
import { actorOf, requirePermission } from "../auth/require-admin";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { badRequest, notFound, parseInput } from "../http/errors";
import { recordAccess } from "../privacy/access-log";
import { createCustomer, deleteCustomer, getCustomer, listCustomers, mergeCustomers, updateCustomer } from "../sales/customers";
import { keepVersion, versionOf, versionsOf } from "../sales/history";
import { readFields } from "./forms";

const notFoundError = () => notFound("Customer not found.");
const listQuery = contactListQuery.pick({ q: true, page: true, limit: true });

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
    const { items, total } = await listCustomers(ctx.db, parseInput(listQuery, req.query));
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
    const { name, gstin, billingAddress, deliveryAddress, people } = current;
    const input = parseInput(customerInput, { name, gstin, billingAddress, deliveryAddress, people, ...readFields(req) });
    const found = await ctx.db.transaction((tx) => updateCustomer(tx as unknown as Database, String(req.params.id), input));
    if (!found) throw notFoundError();
    const customer = (await getCustomer(ctx.db, String(req.params.id)))!;
    await log(req, "update", customer);
    res.json(customer);
  });

  router.delete("/:id", async (req, res) => {
    const customer = await getCustomer(ctx.db, String(req.params.id));
    if (!customer || !(await deleteCustomer(ctx.db, customer._id))) throw notFoundError();
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
    const merged = await ctx.db.transaction((tx) => mergeCustomers(tx as unknown as Database, id, otherId));
    if (!merged || !other) throw notFoundError();
    await log(req, "merge", merged, `merged in ${other.name}`);
    res.json(merged);
  });

  return router;
}
