import { eq } from "drizzle-orm";
import { admins } from "../../server/db/schema";
import type { Role } from "../../shared/auth/roles";
import type { TestServer } from "./server";

/** Passwords the strength check accepts (and that differ per account). */
export const strongPassword = (seed: string) => `quiet-harbour-lantern-${seed}`;

export interface StaffAccount {
  id: string;
  username: string;
  password: string;
  token: string;
}

/**
 * A staff account made by the owner through POST /api/users, signed in and ready to work: its first
 * password counts as changed (set in the database, so the activity log holds only what the test does),
 * since until then its session may only use My account. Tests of the first sign-in use POST /api/users.
 */
export async function addStaff(s: TestServer, ownerToken: string, role: Role, username: string = role): Promise<StaffAccount> {
  const password = strongPassword(username);
  const created = await s.request("POST", "/api/users", {
    token: ownerToken,
    json: { username, name: `${role} person`, email: `${username}@example.com`, role, password },
  });
  if (created.status !== 201) throw new Error(`creating ${username} failed: ${created.status} ${created.text}`);
  await s.ctx.db.update(admins).set({ mustChangePassword: false }).where(eq(admins.id, created.body._id));
  const login = await s.request("POST", "/api/auth/login", { json: { username, password } });
  if (login.status !== 200) throw new Error(`signing in as ${username} failed: ${login.status} ${login.text}`);
  return { id: created.body._id, username, password, token: login.body.token };
}
