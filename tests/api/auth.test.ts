import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearAccountFailures, signInDelayMs } from "../../server/auth/login-throttle";
import { passwordVerifications } from "../../server/auth/passwords";
import { setPasswordFromCli } from "../../server/auth/users";
import { queryRows } from "../../server/db/client";
import { sessions } from "../../server/db/schema";
import { recordEvent } from "../../server/http/throttle";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { startTestSmtp } from "../support/smtp";

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
    expect(res.body.user).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      username: "admin",
      name: "admin",
      email: "",
      role: "owner",
      twoFactor: false,
      mustChangePassword: false,
      twoFactorSetupRequired: false,
    });
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
    await setPasswordFromCli(s.ctx.db, "admin", ADMIN.password);
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

// Each test starts its own server and hashes dozens of passwords (argon2id, 19 MiB each): slow on a busy machine.
describe("sign-in throttling that cannot lock the owner out", { timeout: 90_000 }, () => {
  const OWNER = { username: "owner", password: "the-right-password" };
  const from = (address: string) => ({ "X-Forwarded-For": address });
  const attempt = (server: TestServer, address: string, password: string, username = OWNER.username) =>
    server.request("POST", "/api/auth/login", { json: { username, password }, headers: from(address) });

  // The slow-down at a tenth of its timing (100 ms a failure past 50, at most 5 s apart, a queue of at most
  // 15 s): the same rules, without a test waiting many seconds.
  const TENTH = { stepMs: 10, capMs: 500, maxTurnWaitMs: 1_500 };
  async function withServer(run: (server: TestServer) => Promise<void>, env: Record<string, string> = {}) {
    const server = await startTestServer(
      { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: "loopback", ...env },
      { context: { signInSlowDown: TENTH } },
    );
    try {
      await run(server);
    } finally {
      await server.close();
    }
  }

  it("five failures from address A do not stop the owner from address B", () =>
    withServer(async (server) => {
      for (let i = 0; i < 5; i++) expect((await attempt(server, "198.51.100.1", `wrong-${i}`)).status).toBe(401);
      const locked = await attempt(server, "198.51.100.1", OWNER.password);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(locked.body.message).toBe("Too many failed sign-in attempts. Please wait a few minutes and try again.");
      expect((await attempt(server, "203.0.113.7", OWNER.password)).status).toBe(200);
      // Still held back at A: the success at B does not clear A's failures.
      expect((await attempt(server, "198.51.100.1", OWNER.password)).status).toBe(429);
    }));

  it("a request refused with 429 does no password hashing", () =>
    withServer(async (server) => {
      for (let i = 0; i < 5; i++) await attempt(server, "198.51.100.2", `wrong-${i}`);
      const before = passwordVerifications();
      for (let i = 0; i < 3; i++) expect((await attempt(server, "198.51.100.2", OWNER.password)).status).toBe(429);
      expect(passwordVerifications()).toBe(before);
      // An unknown name is held back the same way (lockout does not reveal which names exist).
      for (let i = 0; i < 5; i++) await attempt(server, "198.51.100.2", "x-x-x-x-x", "ghost");
      expect((await attempt(server, "198.51.100.2", "x-x-x-x-x", "ghost")).status).toBe(429);
    }));

  it("one address failing across many usernames is held back as a whole, other addresses are not", () =>
    withServer(async (server) => {
      for (let i = 0; i < 30; i++) expect((await attempt(server, "198.51.100.3", "wrong-pass", `user${i}`)).status).toBe(401);
      expect((await attempt(server, "198.51.100.3", OWNER.password)).status).toBe(429);
      expect((await attempt(server, "203.0.113.8", OWNER.password)).status).toBe(200);
    }));

  it("a successful sign-in clears that address's failures", () =>
    withServer(async (server) => {
      for (let i = 0; i < 4; i++) await attempt(server, "198.51.100.4", "wrong-pass");
      expect((await attempt(server, "198.51.100.4", OWNER.password)).status).toBe(200);
      for (let i = 0; i < 4; i++) await attempt(server, "198.51.100.4", "wrong-pass");
      expect((await attempt(server, "198.51.100.4", OWNER.password)).status).toBe(200);
    }));

  it("guessing spread over many addresses slows the account down, never refuses the right password, and alerts the owners once", async () => {
    const smtp = await startTestSmtp();
    try {
      await withServer(
        async (server) => {
          const token = (await attempt(server, "203.0.113.9", OWNER.password)).body.token as string;
          const me = await server.request("GET", "/api/auth/me", { token });
          await server.request("PUT", `/api/users/${me.body._id}`, { token, json: { email: "owner@pneuma.example" } });
          await server.request("PUT", "/api/settings", { token, json: { companyName: "Pneuma Air Systems" } });
          expect(await signInDelayMs(server.ctx.db, OWNER.username, TENTH)).toBe(0);
          // 60 failures, each from its own address: no pair reaches 5, the account passes 50.
          for (let i = 0; i < 60; i++) expect((await attempt(server, `10.9.${i}.1`, `guess-${i}`)).status).toBe(401);
          const delay = await signInDelayMs(server.ctx.db, OWNER.username, TENTH);
          expect(delay).toBeGreaterThan(0);
          const started = Date.now();
          const right = await attempt(server, "203.0.113.10", OWNER.password);
          expect(right.status).toBe(200);
          expect(Date.now() - started).toBeGreaterThanOrEqual(delay - 5); // the wait happened (a lower bound)
          const mails = await smtp.waitFor(1);
          expect(mails[0]!.rcptTo).toEqual(["owner@pneuma.example"]);
          expect(mails[0]!.mail.subject).toContain('Many failed sign-ins to the admin panel (account "owner")');
          // The link and the Message-ID are the site's (SITE_URL), not the address the requests reached.
          expect(mails[0]!.mail.text).toContain("https://www.pneuma.example/admin/activity?action=sign-in-failed");
          expect(mails[0]!.mail.text).not.toContain("127.0.0.1");
          expect(mails[0]!.mail.messageId).toMatch(/@www\.pneuma\.example>?$/);
          // One alert an hour, however many more failures come.
          for (let i = 60; i < 63; i++) await attempt(server, `10.9.${i}.1`, `guess-${i}`);
          const alerts = await queryRows<{ n: number }>(
            server.ctx.db,
            sql`SELECT count(*)::int AS n FROM email_outbox WHERE purpose = 'alert'`,
          );
          expect(alerts[0]!.n).toBe(1);
        },
        { SMTP_URL: smtp.url, SITE_URL: "https://www.pneuma.example", MAIL_FROM: "Pneuma Website <website@pneuma.example>" },
      );
    } finally {
      await smtp.close();
    }
  }, 180_000); // ~70 password hashes and the growing delays it asserts

  it("under the slow-down parallel sign-ins take turns, one check at a time; a queue longer than 15 s (1.5 s here) answers 429", () =>
    withServer(async (server) => {
      // 100 failures for the account in the last hour, as the spread-out guessing above makes them (written
      // straight into the counter, to spare 100 password hashes): its turns are 5 s apart (0.5 s here).
      await recordEvent(
        server.ctx.db,
        Array.from({ length: 100 }, () => `login-user:${OWNER.username}`),
      );
      expect(await signInDelayMs(server.ctx.db, OWNER.username, TENTH)).toBe(TENTH.capMs);
      const hashesBefore = passwordVerifications();
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          attempt(server, `203.0.113.${40 + i}`, OWNER.password).then((res) => ({ res, after: Date.now() - started })),
        ),
      );
      const signedIn = answers.filter((a) => a.res.status === 200).sort((a, b) => a.after - b.after);
      const refused = answers.filter((a) => a.res.status === 429);
      // Turns at 0.5, 1 and 1.5 s: each check waits for the one before (all five would be checked at 0.5 s if
      // they only slept); the right password is never refused while its turn comes.
      expect(signedIn).toHaveLength(3);
      for (const [i, a] of signedIn.entries()) expect(a.after).toBeGreaterThanOrEqual((i + 1) * TENTH.capMs - 50);
      expect(passwordVerifications() - hashesBefore).toBe(3); // the refused ones were not checked
      expect(refused).toHaveLength(2);
      for (const { res, after } of refused) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(res.body.message).toBe("Too many sign-in attempts for this account at once. Please wait a little and try again.");
        expect(after).toBeLessThan(signedIn[0]!.after); // answered at once, not after waiting for a turn
      }
    }));

  it("an alert never names a username without an account, and its link and Message-ID come from SITE_URL", async () => {
    const smtp = await startTestSmtp();
    try {
      await withServer(
        async (server) => {
          const token = (await attempt(server, "203.0.113.9", OWNER.password)).body.token as string;
          const me = await server.request("GET", "/api/auth/me", { token });
          await server.request("PUT", `/api/users/${me.body._id}`, { token, json: { email: "owner@pneuma.example" } });
          // 51 failures over two names that have no account, each from its own address: neither name passes
          // 50 alone, together they do.
          for (let i = 0; i < 51; i++) {
            const name = i % 2 ? "ghost" : "phantom";
            expect((await attempt(server, `10.8.${i}.1`, `guess-${i}`, name)).status).toBe(401);
          }
          const [mail] = await smtp.waitFor(1);
          expect(mail!.rcptTo).toEqual(["owner@pneuma.example"]);
          const { subject, text, html, messageId } = mail!.mail;
          expect(subject).toBe("Many failed sign-ins to the admin panel (unknown usernames)");
          expect(text).toContain("51 failed sign-ins for unknown usernames");
          for (const body of [subject ?? "", text ?? "", String(html)]) {
            expect(body).not.toMatch(/ghost|phantom/);
            // The requests reached 127.0.0.1; the link is the site's all the same.
            expect(body).not.toContain("127.0.0.1");
          }
          expect(text).toContain("https://www.pneuma.example/admin/activity?action=sign-in-failed");
          expect(messageId).toMatch(/@www\.pneuma\.example>?$/);
        },
        { SMTP_URL: smtp.url, SITE_URL: "https://www.pneuma.example", MAIL_FROM: "Pneuma Website <website@pneuma.example>" },
      );
    } finally {
      await smtp.close();
    }
  }, 120_000);

  it("`npm run admin -- set-password` clears the counters", () =>
    withServer(async (server) => {
      for (let i = 0; i < 5; i++) await attempt(server, "198.51.100.5", `wrong-${i}`);
      expect((await attempt(server, "198.51.100.5", OWNER.password)).status).toBe(429);
      const fresh = "a-fresh-start-for-the-owner";
      await setPasswordFromCli(server.ctx.db, OWNER.username, fresh);
      await clearAccountFailures(server.ctx.db, OWNER.username);
      expect((await attempt(server, "198.51.100.5", fresh)).status).toBe(200);
    }));
});
