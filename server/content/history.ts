import { and, desc, eq, getTableName, lt, type SQL, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { AnyListContent, CustomContent } from "../../shared/content/define";
import { type Fields, fieldLabel } from "../../shared/content/fields";
import { CONTENT } from "../../shared/content/registry";
import { isId } from "../../shared/lib/ids";
import type { RevisionDetail, RevisionSummary, TrashItem } from "../../shared/schemas/history";
import { type Actor, changedFields, recordActivity, recordLabel } from "../activity/log";
import type { AppContext } from "../context";
import { type Database, queryRows } from "../db/client";
import { storageOf } from "../db/content-tables";
import { revisions, trash } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { getCategory } from "./category";
import { isImageReferenced } from "./image-references";
import { listStore } from "./list-content";
import { getProduct } from "./product";
import { getSettings } from "./settings";

/**
 * History and trash, once for every content type, from the declarations (shared/content/registry.ts):
 * - every create, update and restore keeps a version: the record's rows as stored (its main row and the
 *   rows of its other declared tables that point at it, e.g. a category's subcategories) and its API answer;
 * - a delete moves the rows to the trash, so a restore puts back the same id, slug and images;
 * - an image that a kept version or a trashed record uses stays on disk (server/content/image-references.ts).
 * Rows are read with row_to_json and written back with json_populate_recordset, so every column of every
 * declared table travels without code per type. docs/decisions/014-history-and-trash.md.
 */

export type ContentType = AnyListContent | CustomContent;
type Row = Record<string, unknown>;
/** Table name → rows. */
export type Rows = Record<string, Row[]>;

const tableSql = (table: PgTable) => sql.raw(`"${getTableName(table)}"`);
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
/** The table's declared columns as a select list: not what the database computes (products.search_document). */
const declaredColumns = (table: PgTable) =>
  sql.join(
    getTableConfig(table).columns.map((c) => ident(c.name)),
    sql`, `,
  );

/** The declared tables after the first whose foreign key points at the main table, with that column. */
function childTables(type: ContentType): { table: PgTable; column: string }[] {
  const main = storageOf(type).tables[0]!;
  return storageOf(type)
    .tables.slice(1)
    .flatMap((table) => {
      const fk = getTableConfig(table).foreignKeys.find((f) => f.reference().foreignTable === main);
      const column = fk?.reference().columns[0]?.name;
      return column ? [{ table, column }] : [];
    });
}

/** The record's rows now, or null when it does not exist. */
export async function takeSnapshot(db: Database, type: ContentType, id: string): Promise<Rows | null> {
  const main = storageOf(type).tables[0]!;
  const [row] = await queryRows<{ row: Row }>(
    db,
    sql`SELECT row_to_json(t) AS row FROM (SELECT ${declaredColumns(main)} FROM ${tableSql(main)} WHERE id = ${id}) t`,
  );
  if (!row) return null;
  const rows: Rows = { [getTableName(main)]: [row.row] };
  for (const child of childTables(type)) {
    const found = await queryRows<{ row: Row }>(
      db,
      sql`SELECT row_to_json(c) AS row FROM (SELECT ${declaredColumns(child.table)} FROM ${tableSql(child.table)} WHERE ${ident(child.column)} = ${id} ORDER BY id) c`,
    );
    rows[getTableName(child.table)] = found.map((f) => f.row);
  }
  return rows;
}

/** The uploaded files' URLs in a snapshot (images, attachments), from the type's declared image columns. */
function imagesIn(type: ContentType, rows: Rows): string[] {
  const urls = new Set<string>();
  for (const image of storageOf(type).images) {
    for (const row of rows[getTableName(image.table)] ?? []) {
      const value = row[image.column.name];
      for (const item of Array.isArray(value) ? value : [value]) {
        const url = image.urlKey && item && typeof item === "object" ? (item as Row)[image.urlKey] : item;
        if (typeof url === "string" && url) urls.add(url);
      }
    }
  }
  return [...urls];
}

/** The record as its type's API answers it (one read function per custom type; list types share one). */
export async function readView(db: Database, type: ContentType, id: string): Promise<Row | null> {
  if (type.kind === "list") return (await listStore(type as AnyListContent).get(db, id)) as Row | null;
  const custom = type as CustomContent;
  if (custom.name === "category") return (await getCategory(db, id)) as Row | null;
  if (custom.name === "product") return (await getProduct(db, id)) as Row | null;
  if (custom.name === "settings") return (await getSettings(db)) as unknown as Row;
  throw new Error(`content type "${custom.name}" has no reader in server/content/history.ts`);
}

/** Settings have one record; its id in history URLs is "site" (/api/settings/site/revisions). */
export const SETTINGS_RECORD_ID = "site";

function recordIdOf(type: ContentType, view: Row | null): string | null {
  if (type.name === "settings") return SETTINGS_RECORD_ID;
  const id = view?._id;
  return typeof id === "string" ? id : null;
}

/**
 * Before an update: the record's rows when it has no version yet (a record from before history was kept),
 * so that state becomes its first version; null otherwise (one indexed read on the usual path).
 */
export async function rowsForFirstVersion(tx: Database, type: ContentType, id: string): Promise<Rows | null> {
  const [any] = await tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.contentType, type.name), eq(revisions.recordId, id)))
    .limit(1);
  return any ? null : takeSnapshot(tx, type, id);
}

/**
 * A content write's bookkeeping, inside its transaction: the activity entry, and for a create or update a
 * new version (after `rowsBefore`, from rowsForFirstVersion, as the first one when given).
 */
export async function recordContentChange(
  tx: Database,
  actor: Actor,
  type: ContentType,
  action: "create" | "update" | "restore",
  before: object | null,
  after: object,
  rowsBefore?: Rows | null,
): Promise<void> {
  const id = recordIdOf(type, after as Row);
  await recordActivity(tx, actor, {
    action,
    entityType: type.name,
    entityId: id,
    entityLabel: recordLabel(after),
    fields: action === "create" ? [] : changedFields(before, after),
  });
  if (!id) return;
  if (rowsBefore && before) {
    // A record from before history was kept: its last state becomes the first version, dated when it was saved.
    const saved = rowsBefore[getTableName(storageOf(type).tables[0]!)]?.[0]?.updated_at;
    const at = typeof saved === "string" && !Number.isNaN(Date.parse(saved)) ? new Date(saved) : new Date(Date.now() - 1000);
    await insertVersion(tx, type, id, "update", rowsBefore, before as Row, { id: null, name: "", ip: "" }, at);
  }
  const rows = await takeSnapshot(tx, type, id);
  if (rows) await insertVersion(tx, type, id, action, rows, after as Row, actor);
}

async function insertVersion(
  tx: Database,
  type: ContentType,
  id: string,
  action: string,
  rows: Rows,
  view: Row,
  actor: Actor,
  at?: Date,
): Promise<void> {
  await tx.insert(revisions).values({
    contentType: type.name,
    recordId: id,
    action,
    rows,
    view,
    images: imagesIn(type, rows),
    actorId: actor.id,
    actorName: actor.name,
    ...(at ? { createdAt: at } : {}),
  });
}

/** The activity entry of a delete and the record's move to the trash (before the rows go). */
export async function moveToTrash(tx: Database, actor: Actor, type: ContentType, view: Row, rows: Rows): Promise<void> {
  const id = recordIdOf(type, view)!;
  const main = rows[getTableName(storageOf(type).tables[0]!)]?.[0] ?? {};
  await tx.delete(trash).where(and(eq(trash.contentType, type.name), eq(trash.recordId, id)));
  await tx.insert(trash).values({
    contentType: type.name,
    recordId: id,
    tableName: getTableName(storageOf(type).tables[0]!),
    slug: typeof main.slug === "string" ? main.slug : null,
    label: recordLabel(view),
    rows,
    view,
    images: imagesIn(type, rows),
    deletedById: actor.id,
    deletedByName: actor.name,
  });
  await recordActivity(tx, actor, { action: "delete", entityType: type.name, entityId: id, entityLabel: recordLabel(view) });
}

// ---- versions ------------------------------------------------------------------------------------------

/** What a version list needs of a type: its name, and its declared fields (for their labels) if it has them. */
type Versioned = Pick<ContentType, "name"> & { fields?: unknown };

export async function listRevisions(db: Database, type: Versioned, id: string, keep: number): Promise<RevisionSummary[]> {
  // One more than shown: what the oldest shown version changed is read against the one before it.
  const rows = await db
    .select({
      id: revisions.id,
      createdAt: revisions.createdAt,
      action: revisions.action,
      actorName: revisions.actorName,
      view: revisions.view,
    })
    .from(revisions)
    .where(and(eq(revisions.contentType, type.name), eq(revisions.recordId, id)))
    .orderBy(desc(revisions.createdAt), desc(revisions.id))
    .limit(keep + 1);
  return rows.slice(0, keep).map((r, i) => {
    const before = rows[i + 1]?.view;
    return {
      _id: r.id,
      createdAt: r.createdAt.toISOString(),
      action: r.action,
      actorName: r.actorName,
      current: i === 0,
      changed: before ? labelsOf(type, changedFields(before, r.view)) : [],
    };
  });
}

/** The fields' labels, in the declaration's order where it declares them. */
function labelsOf(type: Versioned, keys: string[]): string[] {
  const fields = type.fields as Fields | undefined;
  const order = fields ? Object.keys(fields) : [];
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return [...keys].sort((a, b) => rank(a) - rank(b)).map((k) => fieldLabel(k, fields));
}

async function findRevision(db: Database, type: ContentType, id: string, revisionId: string) {
  if (!isId(revisionId)) return null;
  const [row] = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.contentType, type.name), eq(revisions.recordId, id)))
    .limit(1);
  return row ?? null;
}

const NOT_SHOWN = new Set(["_id", "createdAt", "updatedAt"]);

/** One version, the record now, and the fields that differ, side by side. */
export async function revisionWithChanges(
  db: Database,
  type: ContentType,
  id: string,
  revisionId: string,
): Promise<RevisionDetail | null> {
  const revision = await findRevision(db, type, id, revisionId);
  if (!revision) return null;
  const current = await readView(db, type, type.name === "settings" ? SETTINGS_RECORD_ID : id);
  const fields = changedFields(revision.view, current).filter((f) => !NOT_SHOWN.has(f));
  return {
    _id: revision.id,
    createdAt: revision.createdAt.toISOString(),
    action: revision.action,
    actorName: revision.actorName,
    data: revision.view,
    current,
    changes: fields.map((field) => ({
      field,
      label: labelsOf(type, [field])[0]!,
      revision: revision.view[field] ?? null,
      current: current?.[field] ?? null,
    })),
  };
}

/** json_populate_recordset's rows as an INSERT, or an upsert that overwrites every column but `id`. */
async function writeRows(tx: Database, table: PgTable, rows: Row[], upsert: boolean): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableConfig(table).columns.map((c) => c.name);
  const list = declaredColumns(table);
  const source = sql`SELECT ${list} FROM json_populate_recordset(null::${tableSql(table)}, ${JSON.stringify(rows)}::json)`;
  const update: SQL = upsert
    ? sql` ON CONFLICT (id) DO UPDATE SET ${sql.join(
        columns.filter((c) => c !== "id").map((c) => sql`${ident(c)} = EXCLUDED.${ident(c)}`),
        sql`, `,
      )}`
    : sql``;
  await tx.execute(sql`INSERT INTO ${tableSql(table)} (${list}) ${source}${update}`);
}

/**
 * Makes a version the current record again (itself a new version). Child rows the version does not have
 * are removed, unless other records still use them (then 409, naming why).
 */
export async function restoreRevision(tx: Database, actor: Actor, type: ContentType, id: string, revisionId: string) {
  const revision = await findRevision(tx, type, id, revisionId);
  if (!revision) return null;
  const before = await readView(tx, type, id);
  if (!before) throw notFound(`${type.label} not found. If it was deleted, restore it from the trash first.`);
  const main = storageOf(type).tables[0]!;
  const mainRows = (revision.rows[getTableName(main)] ?? []).map((r) => ({ ...r, updated_at: new Date().toISOString() }));
  await writeRows(tx, main, mainRows, true);
  for (const child of childTables(type)) {
    const wanted = revision.rows[getTableName(child.table)] ?? [];
    const keep = wanted.map((r) => String(r.id));
    try {
      await tx.execute(
        sql`DELETE FROM ${tableSql(child.table)} WHERE ${ident(child.column)} = ${id}${
          keep.length
            ? sql` AND id NOT IN (${sql.join(
                keep.map((k) => sql`${k}`),
                sql`, `,
              )})`
            : sql``
        }`,
      );
    } catch (err) {
      // 23503 foreign_key_violation, 23001 restrict_violation (products point at subcategories ON DELETE RESTRICT)
      if (pgCode(err) === "23503" || pgCode(err) === "23001") {
        throw conflict(
          `This version cannot be restored: records still use parts of this ${type.label.toLowerCase()} that the version does not have.`,
        );
      }
      throw err;
    }
    await writeRows(tx, child.table, wanted, true);
  }
  const after = await readView(tx, type, id);
  await recordContentChange(tx, actor, type, "restore", before, after ?? {});
  return after;
}

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
}

// ---- trash ---------------------------------------------------------------------------------------------

const typeByName = new Map<string, ContentType>(CONTENT.map((c) => [c.name, c as ContentType]));
const typeByTable = new Map<string, ContentType>(CONTENT.map((c) => [getTableName(storageOf(c).tables[0]!), c as ContentType]));

/** A type by its declared name ("team-member") or its API path ("our-team"). */
export function contentTypeOf(name: string): ContentType | null {
  const wanted = name.toLowerCase();
  return (
    typeByName.get(wanted) ?? (CONTENT.find((c) => c.path.slice(1).toLowerCase() === wanted) as ContentType | undefined) ?? null
  );
}

export async function listTrash(db: Database): Promise<TrashItem[]> {
  const rows = await db.select().from(trash).orderBy(desc(trash.deletedAt), desc(trash.id));
  return rows.map((r) => ({
    _id: r.id,
    type: r.contentType,
    typeLabel: typeByName.get(r.contentType)?.label ?? r.contentType,
    recordId: r.recordId,
    label: r.label,
    deletedAt: r.deletedAt.toISOString(),
    deletedBy: r.deletedByName,
    view: r.view,
  }));
}

async function findTrashed(db: Database, type: ContentType, recordId: string) {
  const [row] = await db
    .select()
    .from(trash)
    .where(and(eq(trash.contentType, type.name), eq(trash.recordId, recordId)))
    .limit(1);
  return row ?? null;
}

/** 409 naming what to restore first when a row points at a record that is gone (a product's category). */
async function checkReferences(tx: Database, type: ContentType, rows: Rows): Promise<void> {
  for (const table of storageOf(type).tables) {
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      const column = ref.columns[0]!.name;
      const foreign = ref.foreignTable;
      if (storageOf(type).tables.includes(foreign)) continue; // within the record itself
      for (const row of rows[getTableName(table)] ?? []) {
        const value = row[column];
        if (typeof value !== "string") continue;
        const [found] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM ${tableSql(foreign)} WHERE id = ${value}`);
        if (found) continue;
        const owner = typeByTable.get(getTableName(foreign));
        const trashed = owner ? await findTrashed(tx, owner, value) : null;
        if (owner && trashed) {
          throw conflict(
            `This ${type.label.toLowerCase()} cannot be restored while its ${owner.label.toLowerCase()} is deleted: restore the ${owner.label.toLowerCase()} “${trashed.label}” from the trash first.`,
          );
        }
        throw conflict(
          `This ${type.label.toLowerCase()} cannot be restored: the ${column.replace(/_id$/, "").replace(/_/g, " ")} it belonged to no longer exists.`,
        );
      }
    }
  }
}

/** Puts a trashed record back as it was (same id, slug, images); itself a new version. */
export async function restoreFromTrash(tx: Database, actor: Actor, type: ContentType, recordId: string) {
  const item = await findTrashed(tx, type, recordId);
  if (!item) return null;
  if (await takeSnapshot(tx, type, recordId)) throw conflict(`This ${type.label.toLowerCase()} exists already.`);
  await checkReferences(tx, type, item.rows);
  const main = storageOf(type).tables[0]!;
  if (item.slug) {
    const [taken] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM ${tableSql(main)} WHERE slug = ${item.slug}`);
    if (taken)
      throw conflict(
        `The web address “${item.slug}” is used by another ${type.label.toLowerCase()} now: change that one's slug first.`,
      );
  }
  for (const table of storageOf(type).tables) await writeRows(tx, table, item.rows[getTableName(table)] ?? [], false);
  await tx.delete(trash).where(eq(trash.id, item.id));
  const view = await readView(tx, type, recordId);
  await recordContentChange(tx, actor, type, "restore", null, view ?? {});
  return view;
}

/** Deletes a trashed record for good; returns its images (to remove from disk once nothing uses them). */
export async function purgeFromTrash(tx: Database, actor: Actor, type: ContentType, recordId: string): Promise<string[] | null> {
  const item = await findTrashed(tx, type, recordId);
  if (!item) return null;
  await tx.delete(trash).where(eq(trash.id, item.id));
  await tx.delete(revisions).where(and(eq(revisions.contentType, type.name), eq(revisions.recordId, recordId)));
  await recordActivity(tx, actor, { action: "purge", entityType: type.name, entityId: recordId, entityLabel: item.label });
  return item.images;
}

// ---- retention -----------------------------------------------------------------------------------------

/**
 * The retention job: versions beyond the newest `keep` of each record, and trash older than `trashDays`
 * (with the versions of those records). Returns the images the removed rows used, for the caller to delete
 * from disk once nothing else uses them.
 */
async function pruneHistory(db: Database, keep: number, trashDays: number) {
  const oldVersions = await queryRows<{ images: string[] }>(
    db,
    sql`DELETE FROM revisions WHERE id IN (
          SELECT id FROM (
            SELECT id, row_number() OVER (PARTITION BY content_type, record_id ORDER BY created_at DESC, id DESC) AS n
            FROM revisions
          ) ranked WHERE n > ${keep}
        ) RETURNING images`,
  );
  const expired = await db
    .delete(trash)
    .where(lt(trash.deletedAt, new Date(Date.now() - trashDays * 24 * 60 * 60 * 1000)))
    .returning({ contentType: trash.contentType, recordId: trash.recordId, images: trash.images });
  const expiredVersions: { images: string[] }[] = [];
  for (const item of expired) {
    expiredVersions.push(
      ...(await db
        .delete(revisions)
        .where(and(eq(revisions.contentType, item.contentType), eq(revisions.recordId, item.recordId)))
        .returning({ images: revisions.images })),
    );
  }
  const images = new Set([...oldVersions, ...expired, ...expiredVersions].flatMap((r) => r.images));
  return { versions: oldVersions.length + expiredVersions.length, trashed: expired.length, images: [...images] };
}

/**
 * The retention job with its disk side: images the removed versions and trash used, once nothing else
 * does. `limits` overrides REVISIONS_KEEP and TRASH_DAYS (the tests empty the history with keep 1, days 0).
 */
export async function runHistoryRetention(ctx: AppContext, limits: { keep?: number; trashDays?: number } = {}) {
  const result = await pruneHistory(ctx.db, limits.keep ?? ctx.config.revisionsKeep, limits.trashDays ?? ctx.config.trashDays);
  let removedImages = 0;
  for (const url of result.images) {
    if (await isImageReferenced(ctx.db, url)) continue;
    await ctx.images.remove(url);
    removedImages++;
  }
  return { ...result, removedImages };
}
