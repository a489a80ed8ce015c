import { eq, sql } from "drizzle-orm";
import { type SiteSettings, siteSettingsSchema } from "../../shared/content/settings";
import { DEFAULT_SITE_SETTINGS } from "../../shared/schemas/defaults";
import { type Database, preparedOnce } from "../db/client";
import { siteSettings } from "../db/content-tables";

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

export async function saveSettings(db: Database, settings: SiteSettings): Promise<SiteSettings> {
  await db
    .insert(siteSettings)
    .values({ id: ROW_ID, data: settings })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data: settings, updatedAt: new Date() } });
  return settings;
}
