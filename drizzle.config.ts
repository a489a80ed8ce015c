import { defineConfig } from "drizzle-kit";

// `npm run db:generate` (scripts/db-generate.ts) writes SQL migrations from the tables in server/db/schema.ts
// and those built from shared/content/ (list-tables.ts names the list types' for drizzle-kit; the script
// writes it first); no database is needed for that.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/db/schema.ts", "./server/db/content-tables.ts", "./server/db/list-tables.ts"],
  out: "./server/db/migrations",
});
