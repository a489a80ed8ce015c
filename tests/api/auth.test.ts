import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAdminPassword } from "../../server/auth/admins";
import { sessions } from "../../server/db/schema";
import { ADMIN, startTestServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe("POST /api/auth/login", () => {
  it("answers a token and the user for the right credentials", async () => {
    const res = await s.request("POST", "/api/auth/login", { json: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(res.body.user).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), username: "admin" });
  });

  it("accepts the username in any case", async () => {
    const res = await s.request("POST", "/api/auth/login", { json: { username: "ADMIN", password: ADMIN.password } });
    expect(res.status).toBe(200);
  });

  it("answers 401 with one generic message for a wrong password or an unknown user", async () => {
    const wrongPassword = await s.request("POST", "/api/auth/login", {
      json: { username: "admin", password: "nope-nope" },
    });
    const unknownUser = await s.request("POST", "/api/auth/login", { json: { username: "nobody", password: "nope-nope" } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body.message).toBe(unknownUser.body.message);
    expect(wrongPassword.body.error).toBe(wrongPassword.body.message);
    expect(wrongPassword.body.token).toBeUndefined();
  });

  it("answers 400 naming the missing fields", async () => {
    const res = await s.request("POST", "/api/auth/login", { json: { username: "admin" } });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "password", message: "Password is required." }]);
    const empty = await s.request("POST", "/api/auth/login", { json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["password", "username"]);
  });

  it("answers 400 for malformed JSON and wrong types, never 500", async () => {
    const bad = await s.request("POST", "/api/auth/login", {
      body: '{"username": "admin",',
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/JSON/);
    const types = await s.request("POST", "/api/auth/login", { json: { username: ["admin"], password: { $gt: "" } } });
    expect(types.status).toBe(400);
    const array = await s.request("POST", "/api/auth/login", { json: [1, 2] });
    expect(array.status).toBe(400);
  });
});

describe("verify, me and logout", () => {
  it("verify and me accept the token in x-auth-token or Authorization: Bearer", async () => {
    const token = await s.login();
    const verify = await s.request("GET", "/api/auth/verify", { token });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ valid: true, user: { username: "admin" } });
    const me = await s.request("GET", "/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe("admin");
  });

  it("verify and me answer 401 without a token or with a wrong one", async () => {
    expect((await s.request("GET", "/api/auth/verify")).status).toBe(401);
    expect((await s.request("GET", "/api/auth/me", { token: "x".repeat(43) })).status).toBe(401);
    const res = await s.request("GET", "/api/auth/verify", { token: "not a token at all" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(res.body.error);
  });

  it("logout revokes the token at once, and only that token", async () => {
    const first = await s.login();
    const second = await s.login();
    const out = await s.request("POST", "/api/auth/logout", { token: first });
    expect(out.status).toBe(200);
    expect(out.body.message).toBeTruthy();
    expect((await s.request("GET", "/api/auth/verify", { token: first })).status).toBe(401);
    expect((await s.request("POST", "/api/banner", { token: first, json: { title: "x" } })).status).toBe(401);
    expect((await s.request("GET", "/api/auth/verify", { token: second })).status).toBe(200);
  });

  it("stores only a hash of the token", async () => {
    const token = await s.login();
    const rows = await s.ctx.db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it("a password change signs the admin out everywhere", async () => {
    const token = await s.login();
    await setAdminPassword(s.ctx.db, "admin", ADMIN.password);
    expect((await s.request("GET", "/api/auth/verify", { token })).status).toBe(401);
  });

  it("a session past its idle time no longer works", async () => {
    const token = await s.login();
    const { sessions } = await import("../../server/db/schema");
    await s.ctx.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 13 * 60 * 60 * 1000) });
    expect((await s.request("GET", "/api/auth/verify", { token })).status).toBe(401);
  });

  it("a session past its absolute expiry no longer works", async () => {
    const token = await s.login();
    const { sessions } = await import("../../server/db/schema");
    await s.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await s.request("GET", "/api/auth/verify", { token })).status).toBe(401);
  });
});

describe("lockout", () => {
  it("after 5 failed logins for one username, further attempts get 429 with Retry-After, even with the right password", async () => {
    const other = await startTestServer({ ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "the-right-password" });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await other.request("POST", "/api/auth/login", { json: { username: "owner", password: `wrong-${i}` } });
        expect(res.status).toBe(401);
      }
      const locked = await other.request("POST", "/api/auth/login", {
        json: { username: "owner", password: "the-right-password" },
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(locked.body.message).toMatch(/Too many/);
      // Unknown usernames are locked the same way, so lockout does not reveal which names exist.
      for (let i = 0; i < 5; i++)
        await other.request("POST", "/api/auth/login", { json: { username: "ghost", password: "x-x-x-x-x" } });
      const ghost = await other.request("POST", "/api/auth/login", { json: { username: "ghost", password: "x-x-x-x-x" } });
      expect(ghost.status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it("after 10 failed logins from one address, that address is held back whatever the username", async () => {
    const other = await startTestServer({ ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "the-right-password" });
    try {
      for (let i = 0; i < 10; i++) {
        const res = await other.request("POST", "/api/auth/login", { json: { username: `user${i}`, password: "wrong-pass" } });
        expect(res.status).toBe(401);
      }
      const res = await other.request("POST", "/api/auth/login", { json: { username: "owner", password: "the-right-password" } });
      expect(res.status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it("a successful login clears the username's failures", async () => {
    const other = await startTestServer({ ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "the-right-password" });
    try {
      for (let i = 0; i < 4; i++)
        await other.request("POST", "/api/auth/login", { json: { username: "owner", password: "wrong-pass" } });
      expect(
        (await other.request("POST", "/api/auth/login", { json: { username: "owner", password: "the-right-password" } })).status,
      ).toBe(200);
      for (let i = 0; i < 4; i++)
        await other.request("POST", "/api/auth/login", { json: { username: "owner", password: "wrong-pass" } });
      expect(
        (await other.request("POST", "/api/auth/login", { json: { username: "owner", password: "the-right-password" } })).status,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });
});
