import { desc, eq, sql } from "drizzle-orm";
import { type SiteSettings, siteSettingsSchema } from "../../shared/content/settings";
import { DEFAULT_SITE_SETTINGS } from "../../shared/schemas/defaults";
import { type Database, preparedOnce } from "../db/client";
import { siteSettings } from "../db/content-tables";
import { privacyNotices } from "../db/schema";

const ROW_ID = "site";

/** Read by every public page (the header and footer show them). */
const settingsQuery = preparedOnce((db) =>
  db
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, sql.placeholder("id")))
    .limit(1)
    .prepare("site_settings"),
);

/** The saved settings, with defaults for anything added to the schema since they were saved. */
export async function getSettings(db: Database): Promise<SiteSettings> {
  const [row] = await settingsQuery(db).execute({ id: ROW_ID });
  if (!row) return DEFAULT_SITE_SETTINGS;
  const parsed = siteSettingsSchema.safeParse(row.data);
  return parsed.success ? parsed.data : { ...DEFAULT_SITE_SETTINGS, ...row.data };
}

/**
 * Saves the settings (call it in a transaction). A changed privacy notice becomes a new version in
 * privacy_notices, and the settings carry its number: the forms post it, each enquiry records it.
 */
export async function saveSettings(db: Database, input: SiteSettings, savedBy = ""): Promise<SiteSettings> {
  const [latest] = await db
    .select({ version: privacyNotices.version, text: privacyNotices.text })
    .from(privacyNotices)
    .orderBy(desc(privacyNotices.version))
    .limit(1);
  let version = latest?.version ?? 1;
  if (!latest || latest.text !== input.privacyNotice) {
    version = (latest?.version ?? 0) + 1;
    await db.insert(privacyNotices).values({ version, text: input.privacyNotice, createdByName: savedBy });
  }
  const settings = { ...input, privacyNoticeVersion: version };
  await db
    .insert(siteSettings)
    .values({ id: ROW_ID, data: settings })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data: settings, updatedAt: new Date() } });
  return settings;
}
