import { eq } from "drizzle-orm";

import { type SecurityPolicy, securityPolicySchema } from "../../shared/schemas/security";
import type { Database } from "../db/client";
import { siteSettings } from "../db/content-tables";

/** The sign-in policy lives beside the site settings (same table, its own row), so backups carry it. */
const ROW_ID = "security";

export async function getSecurityPolicy(db: Database): Promise<SecurityPolicy> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, ROW_ID)).limit(1);
  const parsed = securityPolicySchema.safeParse(row?.data ?? {});
  return parsed.success ? parsed.data : securityPolicySchema.parse({});
}

export async function saveSecurityPolicy(db: Database, policy: SecurityPolicy): Promise<SecurityPolicy> {
  const data = policy as unknown as typeof siteSettings.$inferInsert.data;
  await db
    .insert(siteSettings)
    .values({ id: ROW_ID, data })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data, updatedAt: new Date() } });
  return policy;
}
