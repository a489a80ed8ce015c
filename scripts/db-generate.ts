// `npm run db:generate -- --name what_changed`: drizzle-kit writes the SQL migration for the tables in
// server/db/schema.ts and shared/content/; then every content table (shared/content/registry.ts) that no
// migration gives a cache trigger yet gets one in that same migration. Without the trigger, the content
// cache would never hear of changes to the table (migration 0002; tests/api/content-types.test.ts checks).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getTableName } from "drizzle-orm";
import { storageOf } from "../server/db/content-tables";
import { CONTENT, LIST_CONTENT } from "../shared/content/registry";

const dir = path.join(import.meta.dirname, "..", "server", "db", "migrations");
const sqlFiles = () =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();

/** The statement migration 0002 uses for every content table. */
const contentTrigger = (table: string) =>
  `CREATE CONSTRAINT TRIGGER ${table}_content_changed AFTER INSERT OR UPDATE OR DELETE ON "${table}" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pneuma_content_changed();`;

/**
 * drizzle-kit reads the tables a schema file exports by name, and the list types' tables are built from the
 * registry (server/db/content-tables.ts): server/db/list-tables.ts exports each by name, written here first.
 */
const camel = (table: string) => table.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
writeFileSync(
  path.join(import.meta.dirname, "..", "server", "db", "list-tables.ts"),
  [
    "// Written by `npm run db:generate` (scripts/db-generate.ts) from shared/content/registry.ts; do not edit.",
    "// drizzle-kit reads the tables a schema file exports by name; the server reaches each by tableOf(content).",
    'import type { AnyListContent } from "../../shared/content/define";',
    'import { LIST_CONTENT } from "../../shared/content/registry";',
    'import { tableOf } from "./content-tables";',
    "",
    "const table = (name: string) => tableOf(LIST_CONTENT.find((c) => c.name === name) as AnyListContent);",
    "",
    ...LIST_CONTENT.map((c) => `export const ${camel(c.table)} = table(${JSON.stringify(c.name)});`),
    "",
  ].join("\n"),
);

const before = new Set(sqlFiles());
const args = process.argv.slice(2);
const run = (extra: string[]) => spawnSync("npx", ["drizzle-kit", "generate", ...args, ...extra], { stdio: "inherit" });
if (run([]).status !== 0) process.exit(1);

const triggered = new Set(
  sqlFiles().flatMap((f) =>
    [...readFileSync(path.join(dir, f), "utf8").matchAll(/CREATE CONSTRAINT TRIGGER (\w+)_content_changed/g)].map((m) => m[1]),
  ),
);
const missing = CONTENT.flatMap((c) => storageOf(c).tables.map((t) => getTableName(t))).filter((t) => !triggered.has(t));
if (missing.length === 0) process.exit(0);

let target = sqlFiles().find((f) => !before.has(f));
if (!target) {
  // No table changed, but a trigger is missing: a migration of its own.
  if (run(["--custom"]).status !== 0) process.exit(1);
  target = sqlFiles().find((f) => !before.has(f));
}
if (!target) throw new Error("drizzle-kit wrote no migration file");
const file = path.join(dir, target);
const text = readFileSync(file, "utf8").trimEnd();
writeFileSync(file, `${[text, ...missing.map(contentTrigger)].filter(Boolean).join("\n--> statement-breakpoint\n")}\n`);
console.log(`Added the content cache trigger of ${missing.join(", ")} to ${target}.`);
