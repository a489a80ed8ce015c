import { defineConfig } from "drizzle-kit";

// `npm run db:generate` (scripts/db-generate.ts) writes SQL migrations from the tables in server/db/schema.ts
// and shared/content/; no database is needed for that.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/db/schema.ts", "./server/db/content-tables.ts"],
  out: "./server/db/migrations",
});
