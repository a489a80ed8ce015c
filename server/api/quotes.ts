import { Router } from "express";
import { QUOTE_THANK_YOU_MESSAGE } from "../../shared/schemas/enquiry-values";
import { submitQuote } from "../content/enquiry";
import type { AppContext } from "../context";
import { multipartBody, readFields } from "./forms";

/** /api/quotes: a quote request from anyone (JSON or a form); staff read them in /api/contacts. */
export function quotesRouter(ctx: AppContext): Router {
  const router = Router();
  // JSON, a URL-encoded form, or multipart form data (no files).
  router.post("/", multipartBody(ctx, []), async (req, res) => {
    const receipt = await submitQuote(ctx, readFields(req), { clientIp: req.ip ?? "unknown" });
    res.status(201).json({ message: QUOTE_THANK_YOU_MESSAGE, data: receipt });
  });
  return router;
}
