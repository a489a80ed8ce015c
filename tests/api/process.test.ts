import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase, testDatabaseKind } from "../support/database";
import { run, type ServerProcess, startServerProcess } from "../support/process";

/** The real production server as a separate process: start-up, first run, lock, restarts, CLI. */

let dataDir: string;
let scratch: ScratchDatabase | null = null;
let env: Record<string, string>;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "pneuma-process-"));
  if (testDatabaseKind() === "postgres") scratch = await createScratchDatabase();
  env = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
});
afterAll(async () => {
  for (const s of running) s.proc.kill("SIGKILL");
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(extra: Record<string, string> = {}) {
  const s = await startServerProcess({ ...env, ...extra });
  running.push(s);
  return s;
}

async function json(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json() };
}

async function login(url: string, username: string, password: string) {
  return json(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
}

/** `npm run admin -- …`, as an operator runs it (the bundle in build/cli, scripts/cli.js). */
const adminCli = (args: string[], input: string) => run(["npm", "run", "--silent", "admin", "--", ...args], env, input);

describe("the server process", () => {
  it("stops with a clear message for bad configuration", async () => {
    await expect(start({ PORT: "eighty" })).rejects.toMatchObject({
      code: 1,
      output: expect.stringContaining("PORT must be a whole number"),
    });
    await expect(start({ ADMIN_USERNAME: "boss" })).rejects.toMatchObject({
      output: expect.stringContaining("ADMIN_PASSWORD must be set when ADMIN_USERNAME is"),
    });
  });

  it("first run: migrates, creates an admin with a one-time password, loads demo content, serves pages", async () => {
    const s = await start();
    const out = s.output();
    expect(out).toContain("database ready");
    const password = /password: (\S+)/.exec(out)?.[1];
    expect(password).toMatch(/^\S{20}$/);
    expect((await login(s.url, "admin", password!)).status).toBe(200);

    expect(await json(`${s.url}/api/health`)).toEqual({ status: 200, body: { status: "ok" } });
    const products = (await json(`${s.url}/api/product`)).body;
    expect(products.total).toBeGreaterThanOrEqual(15);
    expect((await json(`${s.url}/api/category`)).body.data.length).toBeGreaterThanOrEqual(5);
    expect((await json(`${s.url}/api/service`)).body.length).toBe(6);
    const image = products.data[0].mainImage as string;
    expect((await fetch(s.url + image)).headers.get("content-type")).toBe("image/webp");

    const page = await fetch(`${s.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Pneuma");
    // Public pages have no inline script, so no nonce: the same bytes for everyone (the page cache's).
    expect(page.headers.get("content-security-policy")).not.toContain("nonce-");
    expect(html).not.toMatch(/nonce="[^"]/);
    const staff = await fetch(`${s.url}/admin/login`);
    expect(staff.headers.get("content-security-policy")).toMatch(/'nonce-[A-Za-z0-9+/=]{24}'/);
    expect((await fetch(`${s.url}/no-such-page`)).status).toBe(404);

    // One structured log line per request, without the query string.
    await fetch(`${s.url}/api/banner?secret=shh`);
    // The line may reach this end of the pipe after the answer: read the output (whole lines) until it has it.
    const bannerLine = () =>
      s
        .output()
        .split("\n")
        .slice(0, -1)
        .find((l) => l.includes('"path":"/api/banner"'));
    await expect.poll(bannerLine, { timeout: 10_000, message: "the request's log line" }).toBeDefined();
    expect(JSON.parse(bannerLine()!)).toMatchObject({ msg: "request", method: "GET", path: "/api/banner", status: 200 });
    expect(s.output()).not.toContain("shh");
    expect(s.output().split(password!).length - 1).toBe(1); // printed once, never logged

    if (testDatabaseKind() === "pglite") {
      // A second server, or the admin CLI, on the same data directory must refuse.
      await expect(start()).rejects.toMatchObject({
        code: 1,
        output: expect.stringContaining("is in use by another Pneuma process"),
      });
      const cli = await adminCli(["create", "editor"], "editor-password-1\n");
      expect(cli.code).toBe(1);
      expect(cli.output).toContain("stop the server");
    }

    const token = (await login(s.url, "admin", password!)).body.token;
    const created = await json(`${s.url}/api/story`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-auth-token": token },
      body: JSON.stringify({ title: "Kept across restarts", content: "Written before SIGTERM." }),
    });
    expect(created.status).toBe(201);

    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);

    // With the server stopped the CLI works; the password comes from stdin.
    const cli = await adminCli(["create", "editor"], "editor-password-1\n");
    expect(cli.output).toContain('Created the owner account "editor"');
    expect(cli.code).toBe(0);
    expect((await adminCli(["create", "x"], "short\n")).code).toBe(1);
    expect((await adminCli(["set-password", "editor"], "editor-password-2\n")).code).toBe(0);

    const again = await start();
    expect(again.output()).not.toContain("First admin account created");
    expect(again.output()).not.toContain("loaded demo content");
    const stories = (await json(`${again.url}/api/story`)).body as { title: string }[];
    expect(stories.map((x) => x.title)).toContain("Kept across restarts");
    expect((await json(`${again.url}/api/product`)).body.total).toBe(products.total);
    expect((await login(again.url, "editor", "editor-password-2")).status).toBe(200);
    expect((await login(again.url, "admin", password!)).status).toBe(200);

    // A crash leaves the lock behind; the next start takes it over.
    again.proc.kill("SIGKILL");
    await again.exited;
    if (testDatabaseKind() === "pglite") expect(existsSync(path.join(dataDir, "db.lock"))).toBe(true);
    const afterCrash = await start();
    expect((await json(`${afterCrash.url}/api/story`)).body.map((x: { title: string }) => x.title)).toContain(
      "Kept across restarts",
    );
    afterCrash.proc.kill("SIGTERM");
    expect(await afterCrash.exited).toBe(0);
  }, 240_000);
});
