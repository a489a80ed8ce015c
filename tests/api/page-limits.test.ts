import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type SignedInServer, startSignedInServerProcess } from "../support/process";
import { ADMIN } from "../support/server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

// A production server with its pages and a real SMTP server: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

/**
 * The limits of public pages whose refusal is a page's, not the API's (issue 44, item 5): the buyer's PDF link and
 * the privacy link's form answer 429 in words with Retry-After. The other test servers run with RATE_LIMITS=off,
 * so this one has them on, as in production.
 */

let smtp: TestSmtp;
let running: SignedInServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  running = await startSignedInServerProcess(ADMIN, {
    SITE_URL: "https://www.pneuma.example",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Pneuma Air Systems <sales@pneuma.example>",
    SEED_DEMO: "false",
  });
});
afterAll(async () => {
  await running?.stop();
  await smtp?.close();
});

describe("limits of public pages (RATE_LIMITS on)", () => {
  it("the buyer's PDF link: 20 downloads a minute per client, then 429 in words with Retry-After", async () => {
    // The limit comes before the link is read, so a flood of made-up links is refused as well.
    const link = `${running.server.url}/quotation/not-a-real-link/pdf`;
    for (let i = 0; i < 20; i++) expect((await fetch(link)).status, `download ${i + 1}`).toBe(404);
    const refused = await fetch(link);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe("Too many downloads from here in a short time. Please try again in a minute.\n");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("the privacy link's form: a fourth link a day for one address from one client is refused, saying when, with Retry-After", async () => {
    const ask = () =>
      fetch(`${running.server.url}/privacy/request`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "ravi@example.com" }).toString(),
      });
    for (let i = 0; i < 3; i++) expect((await ask()).status, `link ${i + 1}`).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(24 * 60 * 60);
    // The page says it in words too (server/privacy/self-service.ts, linkRateLimited).
    expect(await refused.text()).toMatch(/Please try again in \d+ (hours|minutes?)\./);
  });
});
