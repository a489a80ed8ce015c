import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff, type StaffAccount } from "../support/staff";
import { currentStep, hotp, totp } from "../support/totp";

/** Two-factor sign-in with real TOTP codes computed here (RFC 6238), recovery codes, tickets and the policy. */

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: "true" });
  owner = await s.login();
});
afterAll(() => s?.close());

const login = (username: string, password: string) => s.request("POST", "/api/auth/login", { json: { username, password } });
const second = (ticket: string, code: string, address = "127.0.0.1") =>
  s.request("POST", "/api/auth/login/2fa", { json: { ticket, code }, headers: { "X-Forwarded-For": address } });

/** Sets up two-factor sign-in for a new account; returns it with its secret, recovery codes and the step used. */
async function withTwoFactor(username: string) {
  const person = await addStaff(s, owner, "editor", username);
  const setup = await s.request("POST", "/api/auth/2fa/setup", { token: person.token });
  expect(setup.status, setup.text).toBe(200);
  const secret = setup.body.secret as string;
  const step = currentStep();
  const confirm = await s.request("POST", "/api/auth/2fa/confirm", { token: person.token, json: { code: totp(secret, step) } });
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

    // The code that confirmed the set-up cannot be used again (RFC 6238 §5.2).
    const replay = await second(first.body.ticket, totp(secret, step));
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/^The code is not right\./);

    const ok = await second(first.body.ticket, totp(secret, step + 1));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.body.user).toMatchObject({ username: "two-step", role: "editor", twoFactor: true });
    expect((await s.request("GET", "/api/auth/me", { token: ok.body.token })).status).toBe(200);

    // The ticket is used up, and the same code does not work twice.
    expect((await second(first.body.ticket, totp(secret, step + 1))).status).toBe(401);
    const again = await login(person.username, person.password);
    expect((await second(again.body.ticket, totp(secret, step + 1))).status).toBe(401);
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
  it("is private, owners only, and marks everyone without it", async () => {
    const editor = await addStaff(s, owner, "editor", "policy-editor");
    expect((await s.request("GET", "/api/settings/security", { token: editor.token })).status).toBe(403);
    expect(
      (await s.request("PUT", "/api/settings/security", { token: editor.token, json: { requireTwoFactor: true } })).status,
    ).toBe(403);
    expect((await s.request("GET", "/api/settings/security")).status).toBe(401);
    const bad = await s.request("PUT", "/api/settings/security", { token: owner, json: { requireTwoFactor: "yes" } });
    expect(bad.status).toBe(400);

    const on = await s.request("PUT", "/api/settings/security", { token: owner, json: { requireTwoFactor: true } });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ requireTwoFactor: true });
    expect((await s.request("GET", "/api/settings")).body).not.toHaveProperty("requireTwoFactor");

    const me = await s.request("GET", "/api/auth/me", { token: editor.token });
    expect(me.body.twoFactorSetupRequired).toBe(true);
    const signedIn = await login(editor.username, editor.password);
    expect(signedIn.body.user.twoFactorSetupRequired).toBe(true);

    const { person, secret, step } = await withTwoFactor("policy-done");
    const first = await login(person.username, person.password);
    const done = await second(first.body.ticket, totp(secret, step + 1));
    expect(done.body.user.twoFactorSetupRequired).toBe(false);
    const refused = await s.request("POST", "/api/auth/2fa/disable", {
      token: done.body.token,
      json: { password: person.password },
    });
    expect(refused.status).toBe(409);

    await s.request("PUT", "/api/settings/security", { token: owner, json: { requireTwoFactor: false } });
    expect((await s.request("GET", "/api/auth/me", { token: editor.token })).body.twoFactorSetupRequired).toBe(false);
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
