import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { admins, sessions } from "../db/schema";
import { describeDevice } from "./device";

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
export async function createSession(
  db: Database,
  adminId: string,
  client: { userAgent: string; ip: string },
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const sessionId = tokenHash(token);
  await db.insert(sessions).values({
    id: sessionId,
    adminId,
    userAgent: client.userAgent.slice(0, 300),
    ip: client.ip.slice(0, 100),
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
  });
  return { token, sessionId };
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/** The account and session a token belongs to, or null when it is unknown, revoked, expired or disabled. */
export async function findSession(db: Database, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = tokenHash(token);
  const now = new Date();
  const [row] = await db
    .select({ user: admins, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.id, id),
        isNull(admins.disabledAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { user: row.user, sessionId: id };
}

/** A person's sessions that still work, most recently used first, as My account lists them. */
export async function listSessions(db: Database, adminId: string, currentSessionId: string) {
  const now = new Date();
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.adminId, adminId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    _id: s.id,
    device: describeDevice(s.userAgent),
    address: s.ip,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastSeenAt.toISOString(),
    current: s.id === currentSessionId,
  }));
}

/** Ends one of a person's sessions; false when they have no such session. */
export async function deleteSessionOf(db: Database, adminId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.adminId, adminId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of an account ("sign out everywhere"); returns how many there were. */
export async function deleteAllSessionsOf(db: Database, adminId: string): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.adminId, adminId)).returning({ id: sessions.id });
  return rows.length;
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
