import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../db/client";

/**
 * Whether any record still points at an image URL. An uploaded file is deleted only when nothing does,
 * because staff may paste one record's image URL into another.
 */
export async function isImageReferenced(db: Database, url: string): Promise<boolean> {
  const asJson = JSON.stringify([url]);
  const rows = await queryRows<{ found: number }>(
    db,
    sql`
    SELECT 1 AS found WHERE
      EXISTS (SELECT 1 FROM banners WHERE image = ${url})
      OR EXISTS (SELECT 1 FROM industrials WHERE image = ${url})
      OR EXISTS (SELECT 1 FROM testimonials WHERE image = ${url})
      OR EXISTS (SELECT 1 FROM stories WHERE image = ${url})
      OR EXISTS (SELECT 1 FROM facilities WHERE image = ${url})
      OR EXISTS (SELECT 1 FROM team_members WHERE image = ${url})
      OR EXISTS (SELECT 1 FROM services WHERE image = ${url})
      OR EXISTS (SELECT 1 FROM categories WHERE image = ${url})
      OR EXISTS (SELECT 1 FROM products WHERE main_image = ${url} OR additional_images @> ${asJson}::jsonb)
  `,
  );
  return rows.length > 0;
}
