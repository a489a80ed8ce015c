import { text, timestamp } from "drizzle-orm/pg-core";
import { newId } from "../../shared/lib/ids";

/** The columns every stored record has (content tables and the others in schema.ts). */
export const idColumn = () => text("id").primaryKey().$defaultFn(newId);
export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
