import compression from "compression";
import express, { Router } from "express";
import type { AnyListContent } from "../../shared/content/define";
import { CONTENT } from "../../shared/content/registry";
import { authRouter } from "../auth/routes";
import { type PublicAnswerKeys, plainAnswerKeys, serveApiAnswers } from "../cache/api-cache";
import type { AppContext } from "../context";
import { ping } from "../db/client";
import { apiCaching } from "../http/caching";
import { errorHandler, HttpError, sendError } from "../http/errors";
import { activityRouter } from "./activity";
import { categoryRouter } from "./category";
import { contactsRouter } from "./contacts";
import { customersRouter } from "./customers";
import { dealsRouter } from "./deals";
import { gstRatesRouter } from "./gst-rates";
import { historyRouter } from "./history";
import { indiamartRouter } from "./indiamart";
import { myDayRouter } from "./my-day";
import { privacyRouter } from "./privacy";
import { productAnswerKeys, productRouter } from "./product";
import { quotationsRouter } from "./quotations";
import { quotesRouter } from "./quotes";
import { redirectRouters } from "./redirects";
import { searchRouter } from "./search";
import { settingsRouter } from "./settings";
import { trashRouter } from "./trash";
import { usersRouter } from "./users";

/** The API code of the content types declared "custom" (shared/content/registry.ts), by name. */
const CUSTOM_ROUTERS: Record<string, (ctx: AppContext) => Router> = {
  category: categoryRouter,
  product: productRouter,
  settings: settingsRouter,
};

function contentRouter(ctx: AppContext, content: (typeof CONTENT)[number]): Router {
  if (content.kind === "list") return listRouter(ctx, content as AnyListContent);
  const custom = CUSTOM_ROUTERS[content.name];
  if (!custom) throw new Error(`content type "${content.name}" is declared custom but has no router in CUSTOM_ROUTERS`);
  return custom(ctx);
}

import { listRouter } from "./list-router";

/** How the answer cache keys each public endpoint, where it differs from `plainAnswerKeys`. */
const ANSWER_KEYS: Record<string, PublicAnswerKeys> = {
  product: productAnswerKeys,
  // GET /api/settings/security is the owners' (private): only the settings themselves are kept.
  settings: { list: () => "", one: () => null },
};

/**
 * Everything under /api (SPEC §7). Paths match case-insensitively (/api/Testimonial works), and every
 * answer, including errors and unknown paths, is JSON.
 */
export function apiRouter(ctx: AppContext): Router {
  const api = Router({ caseSensitive: false });
  // Anonymous public reads already kept: answered before body parsing and routing.
  const endpoints = new Map(CONTENT.map((c) => [c.path.toLowerCase(), ANSWER_KEYS[c.name] ?? plainAnswerKeys]));
  api.use(serveApiAnswers(ctx.answers, endpoints));
  api.use(compression()); // the rest of the API (server/app.ts: one compression layer per branch)
  api.use(express.json({ limit: "1mb" }), express.urlencoded({ extended: false, limit: "1mb", parameterLimit: 200 }));
  // A body we cannot read would otherwise be taken as "no fields" (and a PUT would change nothing but say 200).
  api.use((req, _res, next) => {
    const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    if (hasBody && !req.is(["application/json", "application/x-www-form-urlencoded", "multipart/form-data"])) {
      throw new HttpError(415, "Send the data as JSON or as a form (multipart/form-data).");
    }
    next();
  });

  // Public content: readable by anyone (and cacheable), changed by staff.
  const content: [string, Router][] = CONTENT.map((c) => [c.path, contentRouter(ctx, c)]);
  // The search suggestions are public reads too (they change only with the content).
  api.use(apiCaching([...content.map(([path]) => path), "/search"]));

  api.get("/health", async (_req, res) => {
    try {
      await ping(ctx.db);
      res.json({ status: "ok" });
    } catch {
      sendError(res, 503, "The database is not available.");
    }
  });

  api.use("/auth", authRouter(ctx));
  for (const c of CONTENT) api.use(c.path, historyRouter(ctx, c));
  for (const [path, router] of content) api.use(path, router);
  api.use("/contacts", contactsRouter(ctx));
  api.use("/customers", customersRouter(ctx));
  api.use("/deals", dealsRouter(ctx));
  api.use("/gst-rates", gstRatesRouter(ctx));
  api.use("/quotations", quotationsRouter(ctx));
  api.use("/my-day", myDayRouter(ctx));
  api.use("/indiamart", indiamartRouter(ctx));
  api.use("/quotes", quotesRouter(ctx));
  api.use("/search", searchRouter(ctx));
  api.use("/users", usersRouter(ctx));
  api.use("/activity", activityRouter(ctx));
  api.use("/trash", trashRouter(ctx));
  api.use("/privacy", privacyRouter(ctx));
  for (const [path, router] of redirectRouters(ctx)) api.use(path, router);

  api.use((req, res) => sendError(res, 404, `There is no API endpoint ${req.method} ${req.baseUrl}${req.path}.`));
  api.use(errorHandler);
  return api;
}
