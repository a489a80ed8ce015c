import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { products } from "../../server/db/content-tables";
import { emailOutbox } from "../../server/db/schema";
import { copyMigratedPglite, createScratchDatabase, type ScratchDatabase, testDatabaseKind } from "../support/database";
import { buyer, eventually, seedProducts } from "../support/enquiries";
import { type ServerProcess, startServerProcess } from "../support/process";
import { startTestServer, type TestServer } from "../support/server";
import { freePort, startTestSmtp } from "../support/smtp";

// Mail delivery and retries take seconds, longer on a busy 2-core machine: no test here measures time.
vi.setConfig({ testTimeout: 120_000 });

/**
 * Delivery guarantees of the e-mail outbox: the real server process killed (-9) while it is sending, then
 * restarted, delivers every e-mail once; and two app servers on one PostgreSQL database send each e-mail once.
 */

const SETTINGS = { companyName: "Pneuma Air Systems", emails: [{ label: "Sales", value: "sales@pneuma.example" }] };
const ADMIN = { ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "correct-horse-battery" };

async function loginTo(url: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** An SMTP server that takes a message's data and never answers: the app is caught mid-send. */
async function hangingSmtp(port: number): Promise<{ dataStarted: Promise<void>; close(): void }> {
  let started!: () => void;
  const dataStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream) {
      stream.resume();
      started();
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    dataStarted,
    close: () => {
      // Stop listening now (the port is needed again); the hung connection dies with the killed app.
      (server as unknown as { server: { close(): void } }).server.close();
    },
  };
}

describe("the server process killed while sending", () => {
  let dataDir: string;
  let scratch: ScratchDatabase | null = null;
  const running: ServerProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "pneuma-mail-"));
    // A copy of the run's migrated database: the first start is process.test.ts's subject, not this file's.
    if (testDatabaseKind() === "postgres") scratch = await createScratchDatabase({ migrated: true });
    else await copyMigratedPglite(dataDir);
  });
  afterAll(async () => {
    for (const p of running) p.proc.kill("SIGKILL");
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("delivers each e-mail of an acknowledged enquiry exactly once after a restart", async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "website@pneuma.example",
      SITE_URL: "https://www.pneuma.example", // required with SMTP_URL
      ...ADMIN,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    const hang = await hangingSmtp(port);
    const first = await startServerProcess(env);
    running.push(first);
    const token = await loginTo(first.url);
    await fetch(`${first.url}/api/settings`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-auth-token": token },
      body: JSON.stringify(SETTINGS),
    });
    const posted = await fetch(`${first.url}/api/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(buyer()),
    });
    expect(posted.status).toBe(201);
    const { _id, reference } = ((await posted.json()) as { data: { _id: string; reference: string } }).data;

    await hang.dataStarted; // the first e-mail is on the wire, not yet accepted
    first.proc.kill("SIGKILL");
    await first.exited;
    hang.close();

    const smtp = await startTestSmtp({ port });
    try {
      const second = await startServerProcess(env);
      running.push(second);
      const mails = await smtp.waitFor(2, 30_000);
      // Both outbox rows say sent (only a queued row is tried again); then a clean stop, which waits for
      // any message still on the way: whatever the server will ever deliver has arrived.
      const token = await loginTo(second.url);
      await eventually(async () => {
        const res = await fetch(`${second.url}/api/contacts/${_id}`, { headers: { "x-auth-token": token } });
        const c = (await res.json()) as { notification: { status: string }; acknowledgement: { status: string } };
        return c.notification.status === "sent" && c.acknowledgement.status === "sent" ? c : undefined;
      });
      second.proc.kill("SIGTERM");
      expect(await second.exited).toBe(0);
      expect(smtp.received).toHaveLength(2);
      expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual(["ravi@example.com", "sales@pneuma.example"]);
      expect(mails.every((m) => m.mail.subject?.includes(reference))).toBe(true);
    } finally {
      await smtp.close();
    }
  }, 120_000);
});

describe.skipIf(testDatabaseKind() !== "postgres")("two app servers on one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("send each e-mail once, whichever server took the enquiry", async () => {
    const smtp = await startTestSmtp();
    try {
      const env = { SMTP_URL: smtp.url, MAIL_FROM: "website@pneuma.example", RATE_LIMITS: "off" };
      const context = { outbox: { pollMs: 20, retryDelaysMs: [200] } };
      a = await startTestServer(env, { context });
      b = await startTestServer(env, { shareDataWith: a, context });
      const token = await a.login();
      await a.request("PUT", "/api/settings", { token, json: SETTINGS });
      const [product] = await seedProducts(a, ["PN-RS 15"]);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          // A buyer each: one address gets at most 3 acknowledgements a day.
          (i % 2 ? a : b).request("POST", "/api/quotes", {
            json: buyer({ email: `buyer-${i}@example.com`, items: [{ productId: product!._id }] }),
          }),
        ),
      );
      expect(answers.every((r) => r.status === 201)).toBe(true);
      const mails = await smtp.waitFor(80, 60_000);
      // Every outbox row says sent (only a queued row is tried again), and both senders, stopped, have
      // finished every message they had on the way: whatever they will ever deliver has arrived.
      const rows = await eventually(async () => {
        const all = await a.ctx.db.select({ status: emailOutbox.status }).from(emailOutbox);
        return all.every((r) => r.status === "sent") ? all : undefined;
      });
      expect(rows).toHaveLength(80);
      await Promise.all([a.ctx.mail.stop(), b.ctx.mail.stop()]);
      expect(smtp.received).toHaveLength(80);
      expect(new Set(mails.map((m) => m.mail.messageId)).size).toBe(80);
      expect(await a.ctx.db.$count(products)).toBe(1);
    } finally {
      await smtp.close();
    }
  });
});
