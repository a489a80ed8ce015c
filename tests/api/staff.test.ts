import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "../../server/db/schema";
import { addDays, dayInWords, indiaDateOf } from "../../shared/sales/financial-year";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff, strongPassword } from "../support/staff";

/** Staff accounts (/api/users), my account (/api/auth/me, password, sessions) and the last-owner rule. */

let s: TestServer;
let owner: string;
let ownerId: string;
beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login();
  ownerId = (await s.request("GET", "/api/auth/me", { token: owner })).body._id;
});
afterAll(() => s?.close());

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  s.request("POST", "/api/auth/login", { json: { username, password }, headers });

describe("GET /api/auth/me", () => {
  it("answers {_id, username, name, email, role, twoFactor}", async () => {
    const me = await s.request("GET", "/api/auth/me", { token: owner });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: ownerId, username: "admin", name: "admin", email: "", role: "owner", twoFactor: false });
  });
});

describe("/api/users", () => {
  it("adds an account whose first password must be changed, and lists it", async () => {
    const res = await s.request("POST", "/api/users", {
      token: owner,
      json: { username: "priya", name: "Priya Raman", email: "priya@example.com", role: "editor", password: strongPassword("p") },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      username: "priya",
      name: "Priya Raman",
      email: "priya@example.com",
      role: "editor",
      twoFactor: false,
      active: true,
      mustChangePassword: true,
      lastSignInAt: null,
    });
    const list = await s.request("GET", "/api/users", { token: owner });
    expect(list.body.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(["admin", "priya"]));
    const signedIn = await login("priya", strongPassword("p"));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ role: "editor", mustChangePassword: true });
    const listed = (await s.request("GET", `/api/users/${res.body._id}`, { token: owner })).body;
    expect(listed.lastSignInAt).not.toBeNull();
  });

  it("refuses weak and short passwords with the reason in words, and changes nothing", async () => {
    const before = (await s.request("GET", "/api/users", { token: owner })).body.length;
    const short = await s.request("POST", "/api/users", {
      token: owner,
      json: { username: "shorty", name: "S", email: "s@example.com", role: "sales", password: "abc123" },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain("Password must be at least 10 characters.");
    const weak = await s.request("POST", "/api/users", {
      token: owner,
      json: { username: "weakling", name: "W", email: "w@example.com", role: "sales", password: "password123" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(
      "This password is too easy to guess. This is a commonly used password. Add more words that are less common.",
    );
    expect(weak.body.issues).toEqual([{ path: "password", message: weak.body.message }]);
    const own = await s.request("POST", "/api/users", {
      token: owner,
      json: { username: "kumaresan", name: "Kumaresan", email: "k@example.com", role: "sales", password: "kumaresan2026" },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toMatch(/^This password is too easy to guess\./);
    expect((await s.request("GET", "/api/users", { token: owner })).body.length).toBe(before);
  });

  it("refuses a taken username (409), an unknown role and a bad e-mail (400)", async () => {
    const base = { name: "X", email: "x@example.com", role: "sales", password: strongPassword("x") };
    expect((await s.request("POST", "/api/users", { token: owner, json: { ...base, username: "ADMIN" } })).status).toBe(409);
    const role = await s.request("POST", "/api/users", { token: owner, json: { ...base, username: "role1", role: "god" } });
    expect(role.status).toBe(400);
    expect(role.body.message).toBe("Role must be owner, editor or sales.");
    const email = await s.request("POST", "/api/users", { token: owner, json: { ...base, username: "mail1", email: "nope" } });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe("Please enter a valid e-mail address.");
  });

  it("a role change takes effect on the person's next call", async () => {
    const person = await addStaff(s, owner, "editor", "ravi");
    expect((await s.request("POST", "/api/faq", { token: person.token, json: { question: "Q1?", answer: "A1." } })).status).toBe(
      201,
    );
    const changed = await s.request("PUT", `/api/users/${person.id}`, { token: owner, json: { role: "sales" } });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe("sales");
    const refused = await s.request("POST", "/api/faq", { token: person.token, json: { question: "Q2?", answer: "A2." } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your role (sales) cannot change FAQ questions.");
  });

  it("disabling ends the sessions; the right password then answers as a wrong one and counts as a failure", async () => {
    const person = await addStaff(s, owner, "sales", "meena");
    const disabled = await s.request("PUT", `/api/users/${person.id}`, { token: owner, json: { active: false } });
    expect(disabled.body.active).toBe(false);
    expect((await s.request("GET", "/api/auth/me", { token: person.token })).status).toBe(401);
    const wrong = await login(person.username, "not-her-password");
    const refused = await login(person.username, person.password);
    expect(refused.status).toBe(wrong.status);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(wrong.body);
    expect(refused.body.message).toBe("Invalid username or password.");
    // Five failures from this address (the wrong password and four right ones): the sixth try is held back.
    for (let i = 0; i < 3; i++) expect((await login(person.username, person.password)).status).toBe(401);
    expect((await login(person.username, person.password)).status).toBe(429);
    const entries = (await s.request("GET", `/api/activity?actor=${person.id}&action=sign-in-failed`, { token: owner })).body;
    expect(entries.filter((e: { detail: string }) => e.detail === "account disabled")).toHaveLength(4);

    // Enabled again, the person is still held back here until an owner clears the account's sign-in locks.
    await s.request("PUT", `/api/users/${person.id}`, { token: owner, json: { active: true } });
    expect((await login(person.username, person.password)).status).toBe(429);
    const cleared = await s.request("DELETE", `/api/users/${person.id}/sign-in-locks`, { token: owner });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await login(person.username, person.password)).status).toBe(200);
  });

  it("until the first password is changed, the person's token works only for their own account", async () => {
    const created = await s.request("POST", "/api/users", {
      token: owner,
      json: {
        username: "first-day",
        name: "First Day",
        email: "first@example.com",
        role: "editor",
        password: strongPassword("f"),
      },
    });
    expect(created.status, created.text).toBe(201);
    const token = (await login("first-day", strongPassword("f"))).body.token as string;
    const notYet =
      "Please choose your own password first (My account): until you change the one you were given, you can only use My account.";
    const faq = await s.request("POST", "/api/faq", { token, json: { question: "Q?", answer: "A." } });
    expect(faq.status).toBe(403);
    expect(faq.body).toEqual({ message: notYet, error: notYet });
    for (const [method, path] of [
      ["GET", "/api/activity"],
      ["GET", "/api/trash"],
      ["PUT", `/api/users/${created.body._id}`],
    ] as const) {
      const res = await s.request(method, path, { token, ...(method === "PUT" ? { json: { name: "x" } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe(notYet);
    }
    // What My account needs works.
    for (const path of ["/api/auth/me", "/api/auth/verify", "/api/auth/2fa", "/api/auth/sessions"]) {
      expect((await s.request("GET", path, { token })).status, path).toBe(200);
    }
    const changed = await s.request("POST", "/api/auth/password", {
      token,
      json: { currentPassword: strongPassword("f"), newPassword: strongPassword("mine") },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await s.request("POST", "/api/faq", { token, json: { question: "Q?", answer: "A." } })).status).toBe(201);
  });

  it("a new password from an owner ends the sessions and must be changed again", async () => {
    const person = await addStaff(s, owner, "sales", "arun");
    const res = await s.request("PUT", `/api/users/${person.id}`, { token: owner, json: { password: strongPassword("reset") } });
    expect(res.status).toBe(200);
    expect(res.body.mustChangePassword).toBe(true);
    expect((await s.request("GET", "/api/auth/me", { token: person.token })).status).toBe(401);
    expect((await login(person.username, person.password)).status).toBe(401);
    expect((await login(person.username, strongPassword("reset"))).status).toBe(200);
  });

  it("signs a person out everywhere", async () => {
    const person = await addStaff(s, owner, "editor", "divya");
    const second = (await login(person.username, person.password)).body.token;
    const res = await s.request("DELETE", `/api/users/${person.id}/sessions`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.ended).toBe(2);
    for (const token of [person.token, second]) expect((await s.request("GET", "/api/auth/me", { token })).status).toBe(401);
  });

  it("the last active owner can never be demoted, disabled or deleted", async () => {
    const demote = await s.request("PUT", `/api/users/${ownerId}`, { token: owner, json: { role: "editor" } });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe("There must always be at least one active owner: make another account an owner first.");
    expect((await s.request("PUT", `/api/users/${ownerId}`, { token: owner, json: { active: false } })).status).toBe(409);
    expect((await s.request("DELETE", `/api/users/${ownerId}`, { token: owner })).status).toBe(409);
    expect((await s.request("GET", "/api/auth/me", { token: owner })).body.role).toBe("owner");

    // With a second owner the first may step down, and then the second is the last one.
    const second = await addStaff(s, owner, "owner", "second-owner");
    expect((await s.request("PUT", `/api/users/${ownerId}`, { token: second.token, json: { role: "editor" } })).status).toBe(200);
    const last = await s.request("PUT", `/api/users/${second.id}`, { token: second.token, json: { role: "sales" } });
    expect(last.status).toBe(409);
    const deleteLast = await s.request("DELETE", `/api/users/${second.id}`, { token: second.token });
    expect(deleteLast.status).toBe(409);
    expect((await s.request("PUT", `/api/users/${ownerId}`, { token: second.token, json: { role: "owner" } })).status).toBe(200);
  });

  it("marks someone on leave up to a day not in the past, and back (null); 400 in words otherwise (issue 45)", async () => {
    const person = await addStaff(s, owner, "sales", "leave-taker");
    const put = (awayUntil: unknown) => s.request("PUT", `/api/users/${person.id}`, { token: owner, json: { awayUntil } });
    const today = indiaDateOf(new Date());
    for (const [value, message] of [
      [addDays(today, -1), "On leave until cannot be in the past: choose today or a later day."],
      ["4 Dec 2099", "On leave until must be a date like 2026-01-31."],
      ["2099-02-30", "On leave until must be a real date from the year 1900 to 9999, like 2026-01-31."],
      [42, "On leave until must be a date like 2026-01-31."],
    ] as const) {
      const bad = await put(value);
      expect(bad.status, String(value)).toBe(400);
      expect(bad.body.message, String(value)).toContain(message);
    }
    expect((await s.request("GET", `/api/users/${person.id}`, { token: owner })).body.awayUntil).toBeNull();

    const away = await put("2099-12-04");
    expect(away.status, away.text).toBe(200);
    expect(away.body.awayUntil).toBe("2099-12-04");
    expect((await put(today)).body.awayUntil).toBe(today);
    const back = await put(null);
    expect(back.status, back.text).toBe(200);
    expect(back.body.awayUntil).toBeNull();
    const details = (await s.ctx.db.select().from(activity).where(eq(activity.entityId, person.id))).map((e) => e.detail);
    expect(details).toEqual(
      expect.arrayContaining(["on leave until 4 Dec 2099", `on leave until ${dayInWords(today)}`, "back from leave"]),
    );

    // Only owners: the person cannot mark themselves away.
    const self = await s.request("PUT", `/api/users/${person.id}`, { token: person.token, json: { awayUntil: "2099-12-04" } });
    expect(self.status).toBe(403);
  });

  it("deletes an account: it can no longer sign in", async () => {
    const person = await addStaff(s, owner, "sales", "temp");
    const res = await s.request("DELETE", `/api/users/${person.id}`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Staff account deleted successfully.");
    expect((await login(person.username, person.password)).status).toBe(401);
    expect((await s.request("DELETE", `/api/users/${person.id}`, { token: owner })).status).toBe(404);
  });
});

describe("my account", () => {
  it("changes my password with the current one: my other sessions end, this one stays", async () => {
    const person = await addStaff(s, owner, "editor", "lakshmi");
    const other = (await login(person.username, person.password)).body.token;
    const wrong = await s.request("POST", "/api/auth/password", {
      token: person.token,
      json: { currentPassword: "not-my-password", newPassword: strongPassword("new") },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("The current password is not right.");
    const weak = await s.request("POST", "/api/auth/password", {
      token: person.token,
      json: { currentPassword: person.password, newPassword: "qwertyuiop12" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^This password is too easy to guess\./);
    const ok = await s.request("POST", "/api/auth/password", {
      token: person.token,
      json: { currentPassword: person.password, newPassword: strongPassword("new") },
    });
    expect(ok.status).toBe(200);
    expect((await s.request("GET", "/api/auth/me", { token: other })).status).toBe(401);
    const me = await s.request("GET", "/api/auth/me", { token: person.token });
    expect(me.status).toBe(200);
    expect(me.body.mustChangePassword).toBe(false);
    expect((await login(person.username, person.password)).status).toBe(401);
    expect((await login(person.username, strongPassword("new"))).status).toBe(200);
  });

  it("lists my sessions (device, address, last used) and signs one out; never another person's", async () => {
    const person = await addStaff(s, owner, "sales", "vikram");
    const phone = await login(person.username, person.password, {
      "User-Agent":
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
    });
    const list = await s.request("GET", "/api/auth/sessions", { token: person.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    const phoneSession = list.body.find((x: { device: string }) => x.device === "Chrome on Android");
    expect(phoneSession).toMatchObject({ address: expect.stringContaining("127.0.0.1"), current: false });
    expect(list.body.filter((x: { current: boolean }) => x.current)).toHaveLength(1);
    expect(Date.parse(phoneSession.lastUsedAt)).not.toBeNaN();

    expect((await s.request("DELETE", `/api/auth/sessions/${phoneSession._id}`, { token: owner })).status).toBe(404);
    const out = await s.request("DELETE", `/api/auth/sessions/${phoneSession._id}`, { token: person.token });
    expect(out.status).toBe(200);
    expect((await s.request("GET", "/api/auth/me", { token: phone.body.token })).status).toBe(401);
    expect((await s.request("GET", "/api/auth/me", { token: person.token })).status).toBe(200);
  });
});
