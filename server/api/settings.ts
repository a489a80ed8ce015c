import { Router } from "express";
import { siteSettingsSchema } from "../../shared/content/settings";
import { requireAdmin } from "../auth/require-admin";
import { readSettings } from "../content/public-reads";
import { getSettings, saveSettings } from "../content/settings";
import type { AppContext } from "../context";
import { parseInput } from "../http/errors";
import { readFields, requireSomeField } from "./forms";

/** /api/settings: the company details, public to read; PUT (JSON) replaces the fields it names. */
export function settingsRouter(ctx: AppContext): Router {
  const router = Router();

  router.get("/", async (_req, res) => {
    res.json(await readSettings(ctx));
  });

  router.put("/", requireAdmin(ctx), async (req, res) => {
    const fields = readFields(req);
    requireSomeField(req, fields, siteSettingsSchema);
    const current = await getSettings(ctx.db);
    const settings = parseInput(siteSettingsSchema, { ...current, ...fields });
    res.json(await saveSettings(ctx.db, settings));
  });

  return router;
}
