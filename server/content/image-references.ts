import { getTableName, sql } from "drizzle-orm";
import { CONTENT } from "../../shared/content/registry";
import { type Database, queryRows } from "../db/client";
import { type ImageColumn, storageOf } from "../db/content-tables";
import { revisions, trash } from "../db/schema";

/**
 * Every column of every content type that holds uploaded files' URLs: images, and product attachments
 * (each type's declaration names its own).
 */
const IMAGE_COLUMNS: ImageColumn[] = CONTENT.flatMap((c) => storageOf(c).images);

const column = (c: ImageColumn) => sql.raw(`"${c.column.name}"`);
const table = (c: ImageColumn) => sql.raw(`"${getTableName(c.table)}"`);

/** The kept versions and the trash list the images they use (server/content/history.ts). */
const HISTORY_TABLES = [sql.raw(`"${getTableName(revisions)}"`), sql.raw(`"${getTableName(trash)}"`)];

/**
 * Whether any record, kept version or trashed record still points at an upload's URL (an image or an
 * attachment). An uploaded file is deleted only when nothing does, because staff may paste one record's
 * image URL into another, and a restore must find its files.
 */
export async function isImageReferenced(db: Database, url: string): Promise<boolean> {
  const asJson = JSON.stringify([url]);
  const checks = [
    ...IMAGE_COLUMNS.map((c) =>
      c.many
        ? sql`EXISTS (SELECT 1 FROM ${table(c)} WHERE ${column(c)} @> ${c.urlKey ? JSON.stringify([{ [c.urlKey]: url }]) : asJson}::jsonb)`
        : sql`EXISTS (SELECT 1 FROM ${table(c)} WHERE ${column(c)} = ${url})`,
    ),
    ...HISTORY_TABLES.map((t) => sql`EXISTS (SELECT 1 FROM ${t} WHERE images @> ${asJson}::jsonb)`),
  ];
  const rows = await queryRows<{ found: boolean }>(db, sql`SELECT (${sql.join(checks, sql` OR `)}) AS found`);
  return rows[0]?.found === true;
}

/** Every upload URL some record, version or trashed record points at (what a backup must carry along). */
export async function referencedImages(db: Database): Promise<Set<string>> {
  const selects = [
    ...IMAGE_COLUMNS.map((c) =>
      c.urlKey
        ? sql`SELECT jsonb_array_elements(${column(c)}) ->> ${c.urlKey} AS url FROM ${table(c)}`
        : c.many
          ? sql`SELECT jsonb_array_elements_text(${column(c)}) AS url FROM ${table(c)}`
          : sql`SELECT ${column(c)} AS url FROM ${table(c)}`,
    ),
    ...HISTORY_TABLES.map((t) => sql`SELECT jsonb_array_elements_text(images) AS url FROM ${t}`),
  ];
  const rows = await queryRows<{ url: string }>(db, sql.join(selects, sql` UNION `));
  return new Set(rows.map((r) => r.url).filter((url) => typeof url === "string" && url !== ""));
}
