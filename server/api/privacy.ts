import { Router } from "express";
import type { AppContext } from "../context";
import { privacyAccessRouter } from "./privacy-access";
import { privacyBreachesRouter } from "./privacy-breaches";
import { privacyRequestsRouter } from "./privacy-requests";
import { privacyRetentionRouter } from "./privacy-retention";

/** /api/privacy (docs/decisions/030-privacy.md): people's requests, the breach register, who looked at whom, retention. */
export function privacyRouter(ctx: AppContext): Router {
  const router = Router();
  router.use("/requests", privacyRequestsRouter(ctx));
  router.use("/breaches", privacyBreachesRouter(ctx));
  router.use("/access", privacyAccessRouter(ctx));
  router.use("/retention", privacyRetentionRouter(ctx));
  return router;
}
