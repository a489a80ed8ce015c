import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { newPasswordSchema, usernameSchema } from "../../shared/schemas/login";
import type { Database } from "../db/client";
import { admins, sessions } from "../db/schema";
import { hashPassword } from "./passwords";

export async function findAdminByUsername(db: Database, username: string) {
  const [row] = await db.select().from(admins).where(sql`lower(${admins.username}) = ${username.trim().toLowerCase()}`).limit(1);
  return row ?? null;
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return row?.n ?? 0;
}

export class AdminInputError extends Error {}

function checkCredentials(username: string, password: string): void {
  const u = usernameSchema.safeParse(username);
  if (!u.success) throw new AdminInputError(u.error.issues[0]?.message ?? "Invalid username.");
  const p = newPasswordSchema.safeParse(password);
  if (!p.success) throw new AdminInputError(p.error.issues[0]?.message ?? "Invalid password.");
}

export async function createAdmin(db: Database, username: string, password: string) {
  checkCredentials(username, password);
  if (await findAdminByUsername(db, username)) throw new AdminInputError(`An admin named "${username}" already exists.`);
  const [row] = await db
    .insert(admins)
    .values({ username: username.trim(), passwordHash: await hashPassword(password) })
    .returning();
  return row!;
}

/** Sets a new password and signs the admin out everywhere (every session is revoked). */
export async function setAdminPassword(db: Database, username: string, password: string): Promise<void> {
  checkCredentials(username, password);
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new AdminInputError(`There is no admin named "${username}".`);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, updatedAt: new Date() }).where(eq(admins.id, admin.id));
    await tx.delete(sessions).where(eq(sessions.adminId, admin.id));
  });
}

/** A password for the first admin when none was configured: 20 characters, about 119 bits. */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
