import { Router } from "express";
import type { AppContext } from "../context";

/** /api/privacy/access: PLACEHOLDER (a helper is writing it). */
export function privacyAccessRouter(_ctx: AppContext): Router {
  return Router();
}
