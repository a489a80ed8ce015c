import { Router } from "express";
import type { AppContext } from "../context";

/** /api/privacy/breaches: PLACEHOLDER (a helper is writing it). */
export function privacyBreachesRouter(_ctx: AppContext): Router {
  return Router();
}
