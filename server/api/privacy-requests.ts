import { Router } from "express";
import type { AppContext } from "../context";

/** /api/privacy/requests: PLACEHOLDER (a helper is writing it). */
export function privacyRequestsRouter(_ctx: AppContext): Router {
  return Router();
}
