import express, { Router } from "express";
import { authRouter } from "../auth/routes";
import { bannerResource } from "../content/banner";
import { coreValueResource } from "../content/core-value";
import { facilityResource } from "../content/facility";
import { industrialResource } from "../content/industrial";
import { serviceResource } from "../content/service";
import { storyResource } from "../content/story";
import { teamMemberResource } from "../content/team-member";
import { testimonialResource } from "../content/testimonial";
import type { AppContext } from "../context";
import { ping } from "../db/client";
import { apiCaching } from "../http/caching";
import { errorHandler, HttpError, sendError } from "../http/errors";
import { categoryRouter } from "./category";
import { contactsRouter } from "./contacts";
import { productRouter } from "./product";
import { quotesRouter } from "./quotes";
import { settingsRouter } from "./settings";
import { simpleRouter } from "./simple-router";

/**
 * Everything under /api (SPEC §7). Paths match case-insensitively (/api/Testimonial works), and every
 * answer, including errors and unknown paths, is JSON.
 */
export function apiRouter(ctx: AppContext): Router {
  const api = Router({ caseSensitive: false });
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
  const content: [string, Router][] = [
    ["/banner", simpleRouter(ctx, bannerResource)],
    ["/industrial", simpleRouter(ctx, industrialResource)],
    ["/testimonial", simpleRouter(ctx, testimonialResource)],
    ["/story", simpleRouter(ctx, storyResource)],
    ["/facilities", simpleRouter(ctx, facilityResource)],
    ["/our-team", simpleRouter(ctx, teamMemberResource)],
    ["/core-values", simpleRouter(ctx, coreValueResource)],
    ["/service", simpleRouter(ctx, serviceResource)],
    ["/category", categoryRouter(ctx)],
    ["/product", productRouter(ctx)],
    ["/settings", settingsRouter(ctx)],
  ];
  api.use(apiCaching(content.map(([path]) => path)));

  api.get("/health", async (_req, res) => {
    try {
      await ping(ctx.db);
      res.json({ status: "ok" });
    } catch {
      sendError(res, 503, "The database is not available.");
    }
  });

  api.use("/auth", authRouter(ctx));
  for (const [path, router] of content) api.use(path, router);
  api.use("/contacts", contactsRouter(ctx));
  api.use("/quotes", quotesRouter(ctx));

  api.use((req, res) => sendError(res, 404, `There is no API endpoint ${req.method} ${req.baseUrl}${req.path}.`));
  api.use(errorHandler);
  return api;
}
