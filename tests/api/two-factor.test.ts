import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client";
import type { Role } from "../../shared/auth/roles";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp } from "../support/smtp";
import { addStaff, type StaffAccount, strongPassword } from "../support/staff";
import { currentStep, hotp, totp } from "../support/totp";

/** Two-factor sign-in with real TOTP codes computed here (RFC 6238), recovery codes, tickets and the policy. */

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: "loopback" });
  owner = await s.login();
});
afterAll(() => s?.close());

const login = (username: string, password: string) => s.request("POST", "/api/auth/login", { json: { username, password } });
const second = (ticket: string, code: string, address = "127.0.0.1") =>
  s.request("POST", "/api/auth/login/2fa", { json: { ticket, code }, headers: { "X-Forwarded-For": address } });

/** Sets up two-factor sign-in for a new account; returns it with its secret, recovery codes and the step used. */
async function withTwoFactor(username: string, server = s, ownerToken = owner, role: Role = "editor") {
  const person = await addStaff(server, ownerToken, role, username);
  const setup = await server.request("POST", "/api/auth/2fa/setup", { token: person.token });
  expect(setup.status, setup.text).toBe(200);
  const secret = setup.body.secret as string;
  const step = currentStep();
  const confirm = await server.request("POST", "/api/auth/2fa/confirm", {
    token: person.token,
    json: { code: totp(secret, step) },
  });
  expect(confirm.status, confirm.text).toBe(200);
  return { person, secret, step, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

describe("the test's own TOTP", () => {
  it("matches RFC 6238's test vector (SHA-1, T = 59 s)", () => {
    expect(hotp(Buffer.from("12345678901234567890"), Math.floor(59 / 30), 8)).toBe("94287082");
    expect(hotp(Buffer.from("12345678901234567890"), Math.floor(1111111109 / 30), 8)).toBe("07081804");
  });
});

describe("set-up", () => {
  let person: StaffAccount;
  it("shows a QR code drawn here and the secret as text, and counts only once confirmed with a code", async () => {
    person = await addStaff(s, owner, "sales", "setup-person");
    const setup = await s.request("POST", "/api/auth/2fa/setup", { token: person.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Pneuma%20Admin:setup-person\?/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(setup.body.qrSvg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // no outside service
    expect((await s.request("GET", "/api/auth/me", { token: person.token })).body.twoFactor).toBe(false);

    const wrong = await s.request("POST", "/api/auth/2fa/confirm", { token: person.token, json: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^The code is not right\./);
    expect((await login(person.username, person.password)).body.token).toEqual(expect.any(String)); // still one step

    const right = await s.request("POST", "/api/auth/2fa/confirm", {
      token: person.token,
      json: { code: totp(setup.body.secret) },
    });
    expect(right.status).toBe(200);
    expect(right.body.recoveryCodes).toHaveLength(10);
    expect(new Set(right.body.recoveryCodes).size).toBe(10);
    for (const code of right.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(right.body.user.twoFactor).toBe(true);
    const me = await s.request("GET", "/api/auth/me", { token: person.token });
    expect(me.body.twoFactor).toBe(true);
    expect((await s.request("GET", "/api/auth/2fa", { token: person.token })).body).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    const listed = (await s.request("GET", "/api/users", { token: owner })).body.find(
      (u: { username: string }) => u.username === "setup-person",
    );
    expect(listed.twoFactor).toBe(true);
  });

  it("the recovery codes are stored hashed, never as given", async () => {
    const { sql } = await import("drizzle-orm");
    const { queryRows } = await import("../../server/db/client");
    const rows = await queryRows<{ code_hash: string }>(s.ctx.db, sql`SELECT code_hash FROM recovery_codes`);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const r of rows) expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("sign-in in two steps", () => {
  it("the password step answers {twoFactorRequired, ticket} and no token; a current code completes it", async () => {
    const { person, secret, step } = await withTwoFactor("two-step");
    const first = await login(person.username, person.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true, ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

    // The code that confirmed the set-up cannot be used again (RFC 6238 §5.2), and the answer says why.
    const replay = await second(first.body.ticket, totp(secret, step));
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe("This code was just used. Wait for the next one.");

    const ok = await second(first.body.ticket, totp(secret, step + 1));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.body.user).toMatchObject({ username: "two-step", role: "editor", twoFactor: true });
    expect((await s.request("GET", "/api/auth/me", { token: ok.body.token })).status).toBe(200);

    // The ticket is used up, and the same code does not work twice: the person is told to wait, not to
    // check the phone's time. A code that was never right still gets the advice about the time.
    expect((await second(first.body.ticket, totp(secret, step + 1))).status).toBe(401);
    const again = await login(person.username, person.password);
    const reused = await second(again.body.ticket, totp(secret, step + 1));
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe("This code was just used. Wait for the next one.");
    const wrong = await second(again.body.ticket, totp(secret, step + 5));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/^The code is not right\..*time on your phone/);
  });

  it("a recovery code works once", async () => {
    const { person, recoveryCodes } = await withTwoFactor("recovery");
    const first = await login(person.username, person.password);
    const ok = await second(first.body.ticket, recoveryCodes[3]!.toUpperCase().replace("-", " "));
    expect(ok.status, ok.text).toBe(200);
    const again = await login(person.username, person.password);
    expect((await second(again.body.ticket, recoveryCodes[3]!)).status).toBe(401);
    expect((await second(again.body.ticket, recoveryCodes[4]!)).status).toBe(200);
    expect((await s.request("GET", "/api/auth/2fa", { token: ok.body.token })).body.recoveryCodesLeft).toBe(8);
  });

  it("a ticket allows five tries, then the person starts again from the password", async () => {
    const { person, secret, step } = await withTwoFactor("five-tries");
    const first = await login(person.username, person.password);
    // From different addresses, so the per-address lockout does not step in first.
    for (let i = 0; i < 5; i++) expect((await second(first.body.ticket, "123456", `198.51.100.${i + 1}`)).status).toBe(401);
    const sixth = await second(first.body.ticket, totp(secret, step + 1), "198.51.100.99");
    expect(sixth.status).toBe(401);
    expect(sixth.body.message).toBe("Your sign-in has expired. Please start again with your username and password.");
    const fresh = await login(person.username, person.password);
    expect((await second(fresh.body.ticket, totp(secret, step + 1), "198.51.100.99")).status).toBe(200);
  });

  it("an unknown or forged ticket is refused", async () => {
    const res = await second("A".repeat(43), "123456");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Your sign-in has expired. Please start again with your username and password.");
    expect((await s.request("POST", "/api/auth/login/2fa", { json: { code: "123456" } })).status).toBe(400);
  });
});

describe("wrong codes counted per account", () => {
  it("after 10 wrong codes from any tickets and addresses the code step answers 429, the owners get one alert, an owner clears it", async () => {
    const smtp = await startTestSmtp();
    const server = await startTestServer({
      TRUST_PROXY: "loopback",
      SMTP_URL: smtp.url,
      SITE_URL: "https://www.pneuma.example",
      MAIL_FROM: "Pneuma Website <website@pneuma.example>",
    });
    try {
      const ownerToken = await server.login();
      const me = await server.request("GET", "/api/auth/me", { token: ownerToken });
      await server.request("PUT", `/api/users/${me.body._id}`, { token: ownerToken, json: { email: "owner@pneuma.example" } });
      const { person, secret, step } = await withTwoFactor("guessed", server, ownerToken);
      const ticket = async () => {
        const res = await server.request("POST", "/api/auth/login", { json: { username: "guessed", password: person.password } });
        return res.body.ticket as string;
      };
      const code = (t: string, c: string, address: string) =>
        server.request("POST", "/api/auth/login/2fa", { json: { ticket: t, code: c }, headers: { "X-Forwarded-For": address } });

      // 14 wrong codes at once over three tickets, each from its own address: exactly 10 are checked.
      const tickets = [await ticket(), await ticket(), await ticket()];
      const answers = await Promise.all(
        Array.from({ length: 14 }, (_, i) => code(tickets[i % 3]!, "000000", `198.51.100.${i + 1}`)),
      );
      expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(4);
      for (const r of refused) {
        expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(r.body.message).toBe(
          "Too many wrong two-factor codes for this account. Please try again later, or ask an owner to clear the sign-in lock.",
        );
      }
      // From a new address with a new ticket, the right code is refused before it is checked (not used up).
      const fresh = await ticket();
      const right = totp(secret, step + 1);
      expect((await code(fresh, right, "203.0.113.50")).status).toBe(429);

      // One alert to the owners, with the site's links.
      const [mail] = await smtp.waitFor(1);
      expect(mail!.rcptTo).toEqual(["owner@pneuma.example"]);
      expect(mail!.mail.subject).toBe('Two-factor sign-in locked (account "guessed")');
      expect(mail!.mail.text).toContain("10 wrong two-factor codes");
      expect(mail!.mail.text).toContain("https://www.pneuma.example/admin/staff");
      expect(mail!.mail.messageId).toMatch(/@www\.pneuma\.example>?$/);
      expect((await code(fresh, "000000", "203.0.113.51")).status).toBe(429);
      const alerts = await queryRows<{ n: number }>(
        server.ctx.db,
        sql`SELECT count(*)::int AS n FROM email_outbox WHERE purpose = 'alert'`,
      );
      expect(alerts[0]!.n).toBe(1);

      // Only an owner clears the lock; then the right code signs in.
      const editor = await addStaff(server, ownerToken, "editor", "not-an-owner");
      const path = `/api/users/${person.id}/sign-in-locks`;
      expect((await server.request("DELETE", path, { token: editor.token })).status).toBe(403);
      expect(
        (await server.request("DELETE", "/api/users/ffffffffffffffffffffffff/sign-in-locks", { token: ownerToken })).status,
      ).toBe(404);
      const cleared = await server.request("DELETE", path, { token: ownerToken });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.body.message).toBe("The sign-in locks of editor person were cleared.");
      const signedIn = await code(fresh, right, "203.0.113.50");
      expect(signedIn.status, signedIn.text).toBe(200);
      const log = (await server.request("GET", "/api/activity?type=user", { token: ownerToken })).body;
      expect(log).toEqual(
        expect.arrayContaining([expect.objectContaining({ entityLabel: "guessed", detail: "sign-in locks cleared" })]),
      );
    } finally {
      await server.close();
      await smtp.close();
    }
  }, 120_000);

  it("right codes are not counted against the account", async () => {
    const { person, secret, step, recoveryCodes } = await withTwoFactor("many-sign-ins");
    // Eleven right second factors in a row (ten recovery codes, then a code from the app) all sign in.
    for (const recovery of recoveryCodes) {
      const first = await login(person.username, person.password);
      expect((await second(first.body.ticket, recovery)).status).toBe(200);
    }
    const last = await login(person.username, person.password);
    expect((await second(last.body.ticket, totp(secret, step + 1))).status).toBe(200);
  });
});

describe("pending sign-ins end with the password", () => {
  it("a ticket from before a password change, an owner's reset or the command line no longer works", async () => {
    const { setPasswordFromCli } = await import("../../server/auth/users");
    const { person, secret, step } = await withTwoFactor("ticket-ends");
    const right = totp(secret, step + 1);

    const beforeChange = await login(person.username, person.password);
    const changed = await s.request("POST", "/api/auth/password", {
      token: person.token,
      json: { currentPassword: person.password, newPassword: strongPassword("changed") },
    });
    expect(changed.status, changed.text).toBe(200);
    const expired = await second(beforeChange.body.ticket, right);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("Your sign-in has expired. Please start again with your username and password.");

    const beforeReset = await login(person.username, strongPassword("changed"));
    const reset = await s.request("PUT", `/api/users/${person.id}`, {
      token: owner,
      json: { password: strongPassword("reset") },
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await second(beforeReset.body.ticket, right)).status).toBe(401);

    const beforeCli = await login(person.username, strongPassword("reset"));
    await setPasswordFromCli(s.ctx.db, person.username, strongPassword("cli"));
    expect((await second(beforeCli.body.ticket, right)).status).toBe(401);

    // A ticket made with the new password works.
    const fresh = await login(person.username, strongPassword("cli"));
    expect((await second(fresh.body.ticket, right)).status).toBe(200);
  });
});

describe("turning it off", () => {
  it("needs my password; an owner can turn it off for someone who lost their phone", async () => {
    const { person } = await withTwoFactor("turn-off");
    const token = person.token; // the session from before the set-up still works
    const wrong = await s.request("POST", "/api/auth/2fa/disable", { token, json: { password: "not-it-at-all" } });
    expect(wrong.status).toBe(400);
    const off = await s.request("POST", "/api/auth/2fa/disable", { token, json: { password: person.password } });
    expect(off.status).toBe(200);
    expect(off.body.user.twoFactor).toBe(false);
    expect((await login(person.username, person.password)).body.token).toEqual(expect.any(String));

    const { person: lost } = await withTwoFactor("lost-phone");
    const reset = await s.request("PUT", `/api/users/${lost.id}`, { token: owner, json: { twoFactor: false } });
    expect(reset.status).toBe(200);
    expect(reset.body.twoFactor).toBe(false);
    expect((await login(lost.username, lost.password)).body.token).toEqual(expect.any(String));
    const on = await s.request("PUT", `/api/users/${lost.id}`, { token: owner, json: { twoFactor: true } });
    expect(on.status).toBe(400);
  });
});

describe("owners can require it for everyone", () => {
  /** An owner with two-factor sign-in: the one who can still change the policy while it is required. */
  let policyOwner: string;
  const setPolicy = async (requireTwoFactor: boolean) => {
    policyOwner ??= (await withTwoFactor("policy-owner", s, owner, "owner")).person.token;
    const res = await s.request("PUT", "/api/settings/security", { token: policyOwner, json: { requireTwoFactor } });
    expect(res.status, res.text).toBe(200);
    return res;
  };

  it("is private, owners only, and marks everyone without it", async () => {
    const editor = await addStaff(s, owner, "editor", "policy-editor");
    const { person, secret, step } = await withTwoFactor("policy-done");
    expect((await s.request("GET", "/api/settings/security", { token: editor.token })).status).toBe(403);
    expect(
      (await s.request("PUT", "/api/settings/security", { token: editor.token, json: { requireTwoFactor: true } })).status,
    ).toBe(403);
    expect((await s.request("GET", "/api/settings/security")).status).toBe(401);
    const bad = await s.request("PUT", "/api/settings/security", { token: owner, json: { requireTwoFactor: "yes" } });
    expect(bad.status).toBe(400);

    const on = await setPolicy(true);
    expect(on.body).toEqual({ requireTwoFactor: true });
    expect((await s.request("GET", "/api/settings")).body).not.toHaveProperty("requireTwoFactor");

    const me = await s.request("GET", "/api/auth/me", { token: editor.token });
    expect(me.body.twoFactorSetupRequired).toBe(true);
    const signedIn = await login(editor.username, editor.password);
    expect(signedIn.body.user.twoFactorSetupRequired).toBe(true);

    const first = await login(person.username, person.password);
    const done = await second(first.body.ticket, totp(secret, step + 1));
    expect(done.body.user.twoFactorSetupRequired).toBe(false);
    const refused = await s.request("POST", "/api/auth/2fa/disable", {
      token: done.body.token,
      json: { password: person.password },
    });
    expect(refused.status).toBe(409);

    await setPolicy(false);
    expect((await s.request("GET", "/api/auth/me", { token: editor.token })).body.twoFactorSetupRequired).toBe(false);
  });

  it("until the person has set it up, their token works only for their own account: everything else is 403", async () => {
    const sales = await addStaff(s, owner, "sales", "policy-sales");
    expect((await s.request("GET", "/api/contacts", { token: sales.token })).status).toBe(200);
    await setPolicy(true);
    try {
      // A fresh password-only sign-in, and the session from before: neither reads or exports the inbox.
      const signedIn = await login(sales.username, sales.password);
      expect(signedIn.status).toBe(200);
      const notYet =
        "The owners require two-factor sign-in: please turn it on first (My account). Until then you can only use My account.";
      for (const token of [signedIn.body.token as string, sales.token]) {
        for (const [method, path] of [
          ["GET", "/api/contacts"],
          ["GET", "/api/contacts/export.csv"],
          ["GET", "/api/contacts/stats"],
          ["PUT", "/api/settings"],
        ] as const) {
          const res = await s.request(method, path, { token, ...(method === "PUT" ? { json: { companyName: "x" } } : {}) });
          expect(res.status, `${method} ${path}`).toBe(403);
          expect(res.body).toEqual({ message: notYet, error: notYet });
        }
      }
      // The owner without two-factor sign-in is held to My account as well.
      expect((await s.request("GET", "/api/users", { token: owner })).body.message).toBe(notYet);

      // What My account needs works: who am I, the state, the sessions, the set-up; then everything does.
      const token = signedIn.body.token as string;
      for (const path of ["/api/auth/me", "/api/auth/verify", "/api/auth/2fa", "/api/auth/sessions"]) {
        expect((await s.request("GET", path, { token })).status, path).toBe(200);
      }
      expect((await s.request("POST", "/api/auth/logout", { token: sales.token })).status).toBe(200);
      const setup = await s.request("POST", "/api/auth/2fa/setup", { token });
      expect(setup.status, setup.text).toBe(200);
      const confirm = await s.request("POST", "/api/auth/2fa/confirm", { token, json: { code: totp(setup.body.secret) } });
      expect(confirm.status, confirm.text).toBe(200);
      expect((await s.request("GET", "/api/contacts", { token })).status).toBe(200);
    } finally {
      await setPolicy(false);
    }
    expect((await s.request("GET", "/api/users", { token: owner })).status).toBe(200);
  });
});

describe("the activity log", () => {
  it("records 2FA changes and how each sign-in was made", async () => {
    const entries = (await s.request("GET", "/api/activity?limit=200", { token: owner })).body as {
      action: string;
      detail: string;
      entityLabel: string;
    }[];
    expect(entries.some((e) => e.action === "two-factor-on" && e.entityLabel === "two-step")).toBe(true);
    expect(entries.some((e) => e.action === "two-factor-off" && e.entityLabel === "turn-off")).toBe(true);
    expect(entries.some((e) => e.action === "sign-in" && e.detail === "with two-factor code")).toBe(true);
    expect(entries.some((e) => e.action === "sign-in" && /^with a recovery code \(\d+ left\)$/.test(e.detail))).toBe(true);
    expect(entries.some((e) => e.action === "sign-in-failed" && e.detail === "wrong two-factor code")).toBe(true);
  });
});
