import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RequestHandler } from "express";
import { inject } from "vitest";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { type AppContext, type ContextOptions, createAppContext } from "../../server/context";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import { setLogLevel } from "../../server/log";
import { prepareData } from "../../server/start-up";
import { ImageStore } from "../../server/uploads/images";
import {
  copyMigratedPglite,
  copySeededPglite,
  copySeededUploads,
  createScratchDatabase,
  type ScratchDatabase,
  testDatabaseKind,
} from "./database";
import { takeWorkerDatabase } from "./worker-database";

export const ADMIN = { username: "admin", password: "correct-horse-battery" };

export interface TestServer {
  url: string;
  ctx: AppContext;
  dataDir: string;
  /** PostgreSQL only: the scratch database, for a second server on the same data. */
  databaseUrl: string | null;
  /** fetch relative to the server; JSON bodies are encoded, `token` goes in x-auth-token. */
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  login(): Promise<string>;
  close(): Promise<void>;
}

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API answered
  body: any;
  text: string;
}

/**
 * A real server (the API and uploads, no pages unless `pages` renders them) on a fresh database (a copy of
 * the run's migrated one), listening on a random port. Every test file gets its own; nothing is mocked.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    shareDataWith?: TestServer;
    context?: ContextOptions;
    pages?: RequestHandler;
    /** With the demo content: a copy of the run's seeded database (and its pictures). */
    seeded?: boolean;
    /**
     * PGlite: a copy of the template in this server's DATA_DIR, as production has it, instead of the worker's
     * shared database (tests/support/worker-database.ts): for tests that back up or read the data directory.
     */
    ownDatabase?: boolean;
  } = {},
): Promise<TestServer> {
  process.env.PNEUMA_PDF_WORKER ??= inject("pdfWorker");
  const dataDir = await mkdtemp(path.join(tmpdir(), "pneuma-test-"));
  let scratch: ScratchDatabase | null = null;
  let workerDatabase: DatabaseHandle | null = null;
  const shared = options.shareDataWith;
  if (shared) {
    // A second app server: same PostgreSQL database and upload directory, as when scaling out.
    if (!shared.databaseUrl) throw new Error("Only servers on PostgreSQL can share their data.");
    env = { DATABASE_URL: shared.databaseUrl, UPLOAD_DIR: shared.ctx.config.uploadDir, ...env };
  } else if (testDatabaseKind() === "postgres") {
    scratch = await createScratchDatabase(options.seeded ? { seeded: true } : { migrated: true });
    if (options.seeded) await copySeededUploads(dataDir);
  } else if (options.seeded) {
    await copySeededPglite(dataDir);
  } else {
    // The worker's shared database, unless the test reads the data directory or names its own database.
    const ownData = options.ownDatabase || env.DATA_DIR || env.DATABASE_URL;
    workerDatabase = ownData ? null : await takeWorkerDatabase();
    if (!workerDatabase) await copyMigratedPglite(dataDir);
  }
  // Listening first, so the address is known: with e-mail on, SITE_URL is required (e-mail links come from
  // it), and unless the test names another, it is this server's own address, as in production.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(env.SMTP_URL && env.SITE_URL === undefined ? { SITE_URL: url } : {}),
    ...(options.seeded ? { SEED_DEMO: "true" } : {}),
    ...env,
  });
  setLogLevel("silent");
  const images = new ImageStore(config.uploadDir);
  await images.init();
  const database =
    workerDatabase ?? (await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, lockHolder: "test" }));
  const ctx = await createAppContext(config, database, images, options.context);
  await prepareData(ctx, { print: () => {} });
  ctx.mail.start(); // as the real server does (nothing when SMTP_URL is unset)
  server.on("request", createApp(ctx, options.pages ? { pages: options.pages } : {}));

  const request: TestServer["request"] = async (method, p, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.body !== undefined) {
      body = options.body as BodyInit;
    }
    if (options.token) headers["x-auth-token"] = options.token;
    const res = await fetch(url + p, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get("content-type")?.includes("application/json")) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  return {
    url,
    ctx,
    dataDir,
    databaseUrl: config.databaseUrl,
    request,
    async login() {
      const res = await request("POST", "/api/auth/login", { json: ADMIN });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
      return res.body.token as string;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      try {
        await ctx.mail.stop();
        await database.close();
        await scratch?.drop();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
