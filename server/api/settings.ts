import { type RequestHandler, Router } from "express";
import { z } from "zod";
import { can } from "../../shared/auth/roles";
import { publicSiteSettings, settingsContent, siteSettingsSchema } from "../../shared/content/settings";
import { securityPolicySchema } from "../../shared/schemas/security";
import { changedFields, recordActivity } from "../activity/log";
import { getSecurityPolicy, saveSecurityPolicy } from "../auth/policy";
import { actorOf, currentUser, forbidden, requireAdmin, requirePermission, tokenFrom } from "../auth/require-admin";
import { recordContentChange, rowsForFirstVersion, SETTINGS_RECORD_ID } from "../content/history";
import { readSettings } from "../content/public-reads";
import { getSettings, saveSettings } from "../content/settings";
import type { AppContext } from "../context";
import { inTransaction } from "../db/client";
import { parseInput } from "../http/errors";
import { setCrmKey } from "../sales/indiamart";
import { readFields, requireSomeField } from "./forms";

const crmKeyInput = z
  .string({ error: "indiamartCrmKey must be text (empty removes the key)." })
  .trim()
  .max(200, "The IndiaMART CRM key must be at most 200 characters.")
  .refine((v) => !/\s/.test(v), "The IndiaMART CRM key has no spaces: paste it as IndiaMART sent it.");

/** The home page's specification table is site content (editors); every other setting is the owners'. */
const CONTENT_FIELDS = new Set(["homeSpecifications"]);

/**
 * /api/settings: the company details, public to read (but for the enquiry notification addresses, which
 * only staff read); PUT (JSON) replaces the fields it names.
 */
export function settingsRouter(ctx: AppContext): Router {
  const router = Router();
  const staff = requireAdmin(ctx);

  // Anyone gets what the public pages show; staff (a valid token) get every field, and a token that is
  // not valid is 401 as anywhere else.
  const signedInIfToken: RequestHandler = (req, res, next) => (tokenFrom(req) ? staff(req, res, next) : next());
  router.get("/", signedInIfToken, async (req, res) => {
    const settings = await readSettings(ctx);
    res.json(tokenFrom(req) ? settings : publicSiteSettings(settings));
  });

  router.put("/", staff, async (req, res) => {
    const user = currentUser(req);
    // The IndiaMART CRM key is write-only: kept apart from the (public) settings document, never answered.
    const { indiamartCrmKey, ...fields } = readFields(req);
    if (indiamartCrmKey !== undefined) {
      if (!can(user.role, "settings")) throw forbidden(user, "set the IndiaMART CRM key");
      const key = parseInput(crmKeyInput, indiamartCrmKey);
      await setCrmKey(ctx.db, key);
      await recordActivity(ctx.db, actorOf(req), {
        action: "update",
        entityType: "settings",
        entityLabel: "IndiaMART CRM key",
        detail: key ? "key set" : "key removed",
      });
      if (Object.keys(fields).length === 0) {
        res.json(await getSettings(ctx.db));
        return;
      }
    }
    const known = Object.keys(fields).filter((k) => k in siteSettingsSchema.shape);
    const onlyContent = known.length > 0 && known.every((k) => CONTENT_FIELDS.has(k));
    if (!can(user.role, onlyContent ? "content" : "settings")) {
      throw forbidden(user, onlyContent ? "change the home specification table" : `change ${settingsContent.plural}`);
    }
    requireSomeField(req, fields, siteSettingsSchema);
    const current = await getSettings(ctx.db);
    const settings = parseInput(siteSettingsSchema, { ...current, ...fields });
    const saved = await inTransaction(ctx.db, async (tx) => {
      const rowsBefore = await rowsForFirstVersion(tx, settingsContent, SETTINGS_RECORD_ID);
      const after = await saveSettings(tx, settings, user.name || user.username);
      // The settings always exist (with defaults until first saved): every save is an update.
      await recordContentChange(tx, actorOf(req), settingsContent, "update", current, after, rowsBefore);
      return after;
    });
    res.json(saved);
  });

  // The owners' sign-in policy (two-factor sign-in for everyone): private, never in the public answer.
  const policy = requirePermission(ctx, "settings", "change the sign-in policy");
  router.get("/security", policy, async (_req, res) => {
    res.json(await getSecurityPolicy(ctx.db));
  });

  router.put("/security", policy, async (req, res) => {
    const fields = readFields(req);
    requireSomeField(req, fields, securityPolicySchema);
    const current = await getSecurityPolicy(ctx.db);
    const next = parseInput(securityPolicySchema, { ...current, ...fields });
    const saved = await inTransaction(ctx.db, async (tx) => {
      const after = await saveSecurityPolicy(tx, next);
      await recordActivity(tx, actorOf(req), {
        action: "update",
        entityType: "settings",
        entityLabel: "Sign-in policy",
        fields: changedFields(current, after),
        detail: after.requireTwoFactor ? "two-factor sign-in required" : "two-factor sign-in optional",
      });
      return after;
    });
    res.json(saved);
  });

  return router;
}
