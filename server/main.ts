import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { builtAssets, createApp } from "./app";
import { BACKUPS_DIR } from "./backup/format";
import { listenForBackupRequests } from "./backup/signal";
import type { KeepPage } from "./cache/page-cache";
import { ConfigError, loadConfig } from "./config";
import { type AppContext, createAppContext } from "./context";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/lock";
import { isPublicDocumentRequest } from "./http/caching";
import { keepPublicLoaderDataOut, type PageData } from "./http/page-data";
import { errorFields, log, setLogLevel } from "./log";
import { ensurePrivateDir } from "./private-dir";
import { prepareData, startHousekeeping } from "./start-up";
import { ImageStore } from "./uploads/images";

declare module "react-router" {
  interface AppLoadContext {
    app: AppContext;
    /** Staff screens only (server/http/security.ts): public pages carry no inline script. */
    cspNonce: string | undefined;
    /** The client's address (after TRUST_PROXY), for rate limits in actions. */
    clientIp: string;
    /** Public pages: hands the finished page to the page cache (app/entry.server.tsx). */
    keepPage?: KeepPage;
    /** Document requests for public pages: their loader data, kept out of serialisation (server/http/page-data.ts). */
    pageData?: PageData;
  }
}

interface BootOptions {
  /** Development: Vite's middleware and a loader for the freshest server build. */
  dev?: { middleware: RequestHandler; loadBuild: () => Promise<ServerBuild> };
}

/** Fails start-up with a clear message and no stack trace for the errors a person can fix. */
function fatal(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/**
 * Starts the server: configuration, database (opened and migrated before listening), first-run data,
 * then HTTP. Stops cleanly on SIGTERM/SIGINT: no new connections, running requests finish, database closed.
 * @public Called by server.js, from the built build/server/index.js or through Vite (knip can't see that).
 */
export async function boot(options: BootOptions = {}): Promise<Server> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fatal(err.message);
    throw err;
  }
  setLogLevel(config.logLevel);

  // Before anything writes there: the data directory, and the backups in it, are for this account only.
  ensurePrivateDir(config.dataDir);
  if (existsSync(path.join(config.dataDir, BACKUPS_DIR))) ensurePrivateDir(path.join(config.dataDir, BACKUPS_DIR));
  const images = new ImageStore(config.uploadDir);
  await images.init();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, lockHolder: "server" });
  } catch (err) {
    if (err instanceof DataDirLockedError) fatal(err.message);
    log.error("could not open the database", errorFields(err));
    fatal(`Could not open the database: ${err instanceof Error ? err.message : String(err)}`);
  }
  const ctx = await createAppContext(config, database, images);
  log.info("database ready", { database: database.description, dataDir: config.dataDir, uploadDir: config.uploadDir });
  await prepareData(ctx);
  const stopHousekeeping = startHousekeeping(ctx);
  ctx.mail.start();
  if (!ctx.mail.enabled) log.info("e-mail notifications are off (set SMTP_URL and MAIL_FROM to send them)");
  listenForBackupRequests(ctx); // `npm run backup` while this server holds the embedded database

  // Production: the build itself, so React Router prepares its routes once. Given a function (development,
  // for the freshest build after an edit) it would flatten and rank every route again on every request.
  const build =
    options.dev?.loadBuild ??
    keepPublicLoaderDataOut((await import("virtual:react-router/server-build")) as unknown as ServerBuild);
  const pages = createRequestHandler({
    build,
    mode: config.dev ? "development" : "production",
    getLoadContext: (req, res) => ({
      app: ctx,
      cspNonce: res.locals.cspNonce as string | undefined,
      clientIp: req.ip ?? "unknown",
      keepPage: res.locals.keepPage as KeepPage | undefined,
      pageData: isPublicDocumentRequest(req.method, req.path) ? new Map() : undefined,
    }),
  });
  const app = createApp(ctx, {
    assets: options.dev?.middleware ?? builtAssets(path.join(config.buildDir, "client")),
    pages,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once("error", reject);
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "EADDRINUSE") fatal(`Port ${config.port} is already in use. Set PORT to another port.`);
    throw err;
  });
  server.keepAliveTimeout = 65_000; // longer than common proxies' idle timeout
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  log.info(`Pneuma is running at http://${shownHost}:${port}`, {
    mode: config.dev ? "development" : "production",
    database: database.kind,
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    stopHousekeeping();
    const forced = setTimeout(() => {
      log.warn("requests still running after 10 s; closing them");
      server.closeAllConnections();
    }, 10_000);
    forced.unref();
    server.close(async () => {
      clearTimeout(forced);
      try {
        await ctx.mail.stop();
        await database.close();
        log.info("stopped");
        process.exit(0);
      } catch (err) {
        log.error("error while closing the database", errorFields(err));
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}
