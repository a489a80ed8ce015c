import { randomBytes } from "node:crypto";
import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Role, StaffUser } from "../../shared/auth/roles";
import { emailKey } from "../../shared/sales/customer";
import { usernameSchema } from "../../shared/schemas/login";
import type { Database } from "../db/client";
import { admins, loginTickets, sessions } from "../db/schema";
import { HttpError } from "../http/errors";
import { passwordProblem } from "./password-strength";
import { hashPassword } from "./passwords";

/** Staff accounts (the `admins` table; /api/users). */

type UserRow = typeof admins.$inferSelect;

/** A rule about accounts was broken; the message says which, in words (a 400 or 409 at the API). */
export class UserInputError extends HttpError {
  constructor(message: string, status: 400 | 409 = 400, path?: string) {
    super(status, message, path ? [{ path, message }] : undefined);
  }
}

const LAST_OWNER = "There must always be at least one active owner: make another account an owner first.";
/** Held while an account's role, state or existence changes, so two owners cannot demote each other at once. */
const STAFF_LOCK_ID = 7_245_003;

export function twoFactorOn(user: UserRow): boolean {
  return user.totpSecret !== null && user.totpEnabledAt !== null;
}

/** The person as the admin panel sees them; `siteRequiresTwoFactor` is the owners' Site Settings choice. */
export function toStaffUser(row: UserRow, siteRequiresTwoFactor = false): StaffUser {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    twoFactor: twoFactorOn(row),
    mustChangePassword: row.mustChangePassword,
    twoFactorSetupRequired: siteRequiresTwoFactor && !twoFactorOn(row),
  };
}

/** One account as the Staff screen lists it. */
export function toUserListItem(row: UserRow) {
  return {
    ...toStaffUser(row),
    active: row.disabledAt === null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    /** On leave up to and including this India day (YYYY-MM-DD); null when not. */
    awayUntil: row.awayUntil,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | null> {
  const [row] = await db.select().from(admins).where(sql`lower(${admins.username}) = ${username.trim().toLowerCase()}`).limit(1);
  return row ?? null;
}

export async function findUser(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row ?? null;
}

export async function listUsers(db: Database): Promise<UserRow[]> {
  return db
    .select()
    .from(admins)
    .orderBy(asc(sql`lower(${admins.name})`), asc(admins.username));
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(admins);
  return row?.n ?? 0;
}

/** The e-mail addresses of the active owners (security alerts go to them). */
export async function ownerEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: admins.email })
    .from(admins)
    .where(and(eq(admins.role, "owner"), isNull(admins.disabledAt), ne(admins.email, "")));
  return [...new Set(rows.map((r) => emailKey(r.email)))];
}

async function checkedPassword(password: string, account: { username: string; name?: string; email?: string }) {
  const problem = await passwordProblem(password, [account.username, account.name ?? "", account.email ?? ""]);
  if (problem) throw new UserInputError(problem, 400, "password");
  return hashPassword(password);
}

export interface NewUser {
  username: string;
  name: string;
  email: string;
  role: Role;
  password: string;
  /** True for accounts an owner creates: the person sets their own password at the first sign-in. */
  mustChangePassword: boolean;
}

export async function createUser(db: Database, input: NewUser, options: { checkStrength?: boolean } = {}): Promise<UserRow> {
  const username = usernameSchema.safeParse(input.username);
  if (!username.success) throw new UserInputError(username.error.issues[0]?.message ?? "Invalid username.", 400, "username");
  if (await findUserByUsername(db, username.data)) {
    throw new UserInputError(`The username "${username.data}" is already taken.`, 409, "username");
  }
  const passwordHash =
    options.checkStrength === false ? await hashPassword(input.password) : await checkedPassword(input.password, input);
  const [row] = await db
    .insert(admins)
    .values({
      username: username.data,
      name: input.name || username.data,
      email: input.email,
      role: input.role,
      passwordHash,
      mustChangePassword: input.mustChangePassword,
    })
    .returning();
  return row!;
}

/** Whether `row` is the only active owner: then it must stay an active owner. */
async function isLastActiveOwner(tx: Database, row: UserRow): Promise<boolean> {
  if (row.role !== "owner" || row.disabledAt !== null) return false;
  const [other] = await tx
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.role, "owner"), isNull(admins.disabledAt), ne(admins.id, row.id)));
  return (other?.n ?? 0) === 0;
}

export interface UserChanges {
  name?: string;
  email?: string;
  role?: Role;
  active?: boolean;
  password?: string;
  awayUntil?: string | null;
}

/**
 * Changes an account (an owner's PUT /api/users/{id}). A new password must be changed again at the next
 * sign-in; it and disabling end the account's sessions and pending sign-ins (the tickets waiting for a
 * code). Returns null when there is no such account.
 */
export async function updateUser(
  db: Database,
  id: string,
  changes: UserChanges,
): Promise<{ before: UserRow; after: UserRow } | null> {
  const before = await findUser(db, id);
  if (!before) return null;
  const passwordHash =
    changes.password === undefined ? undefined : await checkedPassword(changes.password, { ...before, ...changes });
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STAFF_LOCK_ID})`);
    const current = await findUser(tx, id);
    if (!current) return null;
    const demoted = changes.role !== undefined && changes.role !== "owner";
    if ((demoted || changes.active === false) && (await isLastActiveOwner(tx, current)))
      throw new UserInputError(LAST_OWNER, 409);
    const disable = changes.active === false && current.disabledAt === null;
    const [after] = await tx
      .update(admins)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.email !== undefined ? { email: changes.email } : {}),
        ...(changes.role !== undefined ? { role: changes.role } : {}),
        ...(changes.active !== undefined ? { disabledAt: changes.active ? null : (current.disabledAt ?? new Date()) } : {}),
        ...(changes.awayUntil !== undefined ? { awayUntil: changes.awayUntil } : {}),
        ...(passwordHash ? { passwordHash, mustChangePassword: true } : {}),
        updatedAt: new Date(),
      })
      .where(eq(admins.id, id))
      .returning();
    if (disable || passwordHash) {
      await tx.delete(sessions).where(eq(sessions.adminId, id));
      await tx.delete(loginTickets).where(eq(loginTickets.adminId, id));
    }
    return { before: current, after: after! };
  });
}

/** Deletes an account for good (its sessions go with it; the activity log keeps its name). */
export async function deleteUser(db: Database, id: string): Promise<UserRow | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STAFF_LOCK_ID})`);
    const current = await findUser(tx, id);
    if (!current) return null;
    if (await isLastActiveOwner(tx, current)) throw new UserInputError(LAST_OWNER, 409);
    await tx.delete(admins).where(eq(admins.id, id));
    return current;
  });
}

/**
 * A person changes their own password (the current one was checked by the caller). Their other sessions
 * and pending sign-ins (tickets made with the old password) end; the session they are using stays.
 */
export async function changeOwnPassword(db: Database, user: UserRow, newPassword: string, keepSessionId: string): Promise<void> {
  const passwordHash = await checkedPassword(newPassword, user);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(admins.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.adminId, user.id), ne(sessions.id, keepSessionId)));
    await tx.delete(loginTickets).where(eq(loginTickets.adminId, user.id));
  });
}

/**
 * `npm run admin -- set-password`: a new password, every session and pending sign-in ended (the CLI clears
 * the failure counters too).
 */
export async function setPasswordFromCli(db: Database, username: string, password: string): Promise<UserRow> {
  const user = await findUserByUsername(db, username);
  if (!user) throw new UserInputError(`There is no account named "${username}".`);
  const passwordHash = await checkedPassword(password, user);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(admins.id, user.id));
    await tx.delete(sessions).where(eq(sessions.adminId, user.id));
    await tx.delete(loginTickets).where(eq(loginTickets.adminId, user.id));
  });
  return user;
}

export async function recordSignIn(db: Database, id: string): Promise<void> {
  await db.update(admins).set({ lastSignInAt: new Date() }).where(eq(admins.id, id));
}

/** A password for the first admin when none was configured: 20 characters, about 119 bits. */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
