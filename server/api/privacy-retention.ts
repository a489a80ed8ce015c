import { Router } from "express";
import type { AppContext } from "../context";

/** /api/privacy/retention: PLACEHOLDER (a helper is writing it). */
export function privacyRetentionRouter(_ctx: AppContext): Router {
  return Router();
}
