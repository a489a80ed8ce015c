import { getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as listTables from "../../server/db/list-tables";
import { LIST_CONTENT } from "../../shared/content/registry";

describe("server/db/list-tables.ts, which drizzle-kit reads", () => {
  it("names the table of every list type in the registry (`npm run db:generate` writes it)", () => {
    const named = Object.values(listTables as Record<string, PgTable>).map((t) => getTableName(t));
    expect(named.sort()).toEqual(LIST_CONTENT.map((c) => c.table).sort());
  });
});
