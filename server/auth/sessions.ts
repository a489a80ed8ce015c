import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, or } from "drizzle-orm";
import type { AdminUser } from "../../shared/schemas/login";
import type { Database } from "../db/client";
import { admins, sessions } from "../db/schema";

/** A session ends after this long without use… */
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and in any case this long after sign-in. */
const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Returns the token for the client; only its hash is stored. 256 bits from the CSPRNG. */
export async function createSession(db: Database, adminId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.insert(sessions).values({
    id: tokenHash(token),
    adminId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
  });
  return token;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/** The admin a token belongs to, or null when it is unknown, revoked or expired. */
export async function findSessionAdmin(db: Database, token: string): Promise<AdminUser | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = tokenHash(token);
  const now = new Date();
  const [row] = await db
    .select({ adminId: admins.id, username: admins.username, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(eq(sessions.id, id), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { _id: row.adminId, username: row.username };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  if (!TOKEN_PATTERN.test(token)) return;
  await db.delete(sessions).where(eq(sessions.id, tokenHash(token)));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  const now = new Date();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}
