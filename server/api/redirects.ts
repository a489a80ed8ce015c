import { Router } from "express";
import { oldAddressQuery, redirectInput } from "../../shared/schemas/redirects";
import { actorOf, requirePermission } from "../auth/require-admin";
import { listNotFound } from "../content/not-found";
import { listOldAddresses, listRedirects, removeOldAddress, removeRedirect, saveRedirect } from "../content/redirects";
import type { AppContext } from "../context";
import { parseInput } from "../http/errors";

/**
 * Old addresses and redirects (docs/decisions/025), for staff who may change content:
 * /api/old-addresses?kind=product&id=… lists a record's old addresses, DELETE /api/old-addresses/:id removes
 * one; /api/redirects lists, adds (POST { from, to }) and removes (DELETE /:id) staff's redirects;
 * /api/not-found lists the public paths that answered 404 (how many are kept in X-Total-Count).
 */
export function redirectRouters(ctx: AppContext): [string, Router][] {
  const content = requirePermission(ctx, "content", "manage redirects");

  const oldAddresses = Router();
  oldAddresses.get("/", content, async (req, res) => {
    const q = parseInput(oldAddressQuery, req.query);
    res.json(await listOldAddresses(ctx.db, q.kind, q.id));
  });
  oldAddresses.delete("/:id", content, async (req, res) => {
    await removeOldAddress(ctx.db, actorOf(req), String(req.params.id));
    res.json({ message: "Old address removed." });
  });

  const redirects = Router();
  redirects.get("/", content, async (_req, res) => {
    res.json(await listRedirects(ctx.db));
  });
  redirects.post("/", content, async (req, res) => {
    const saved = await saveRedirect(ctx.db, actorOf(req), parseInput(redirectInput, req.body));
    res.status(201).json({ message: `${saved.from} now redirects to ${saved.to}.`, data: saved });
  });
  redirects.delete("/:id", content, async (req, res) => {
    await removeRedirect(ctx.db, actorOf(req), String(req.params.id));
    res.json({ message: "Redirect removed." });
  });

  const notFound = Router();
  notFound.get("/", content, async (_req, res) => {
    const { items, total } = await listNotFound(ctx.db);
    res.setHeader("X-Total-Count", String(total));
    res.json(items);
  });

  return [
    ["/old-addresses", oldAddresses],
    ["/redirects", redirects],
    ["/not-found", notFound],
  ];
}
