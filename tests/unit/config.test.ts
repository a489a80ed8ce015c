import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: null,
      uploadDir: path.resolve("./data/uploads"),
      admin: null,
      seedDemo: true,
      maxUploadBytes: 10 * 1024 * 1024,
      trustProxy: false,
      rateLimits: true,
      logLevel: "info",
      siteUrl: null,
      buildDir: path.resolve("build"),
      activityRetentionDays: 365,
      revisionsKeep: 50,
      trashDays: 30,
      renderConcurrency: 4,
    });
  });

  it("reads the retention settings of the activity log, history and trash, and refuses nonsense by name", () => {
    const c = loadConfig({ ACTIVITY_RETENTION_DAYS: "90", REVISIONS_KEEP: "10", TRASH_DAYS: "7" });
    expect([c.activityRetentionDays, c.revisionsKeep, c.trashDays]).toEqual([90, 10, 7]);
    expect(() => loadConfig({ REVISIONS_KEEP: "0" })).toThrow(/REVISIONS_KEEP must be a whole number from 1 to 10000, got "0"/);
    expect(() => loadConfig({ TRASH_DAYS: "thirty" })).toThrow(ConfigError);
    expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: "1.5" })).toThrow(/ACTIVITY_RETENTION_DAYS/);
  });

  it("listens on this machine only in development, unless HOST says otherwise", () => {
    // Vite's dev middleware serves source files; it must not be reachable from the network by default.
    expect(loadConfig({ NODE_ENV: "development" }).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "development", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ NODE_ENV: "production" }).host).toBe("0.0.0.0");
  });

  it("reads every variable", () => {
    const c = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/pneuma",
      DATABASE_URL: "postgres://u:p@db:5432/pneuma",
      UPLOAD_DIR: "/mnt/shared/uploads",
      ADMIN_USERNAME: "boss",
      ADMIN_PASSWORD: "long-enough",
      SEED_DEMO: "false",
      MAX_UPLOAD_MB: "2.5",
      TRUST_PROXY: "1",
      RATE_LIMITS: "off",
      LOG_LEVEL: "warn",
      SITE_URL: "https://www.pneuma-air.example/",
      BUILD_DIR: "/tmp/pneuma-build",
      RENDER_CONCURRENCY: "8",
    });
    expect(c).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/pneuma",
      databaseUrl: "postgres://u:p@db:5432/pneuma",
      uploadDir: "/mnt/shared/uploads",
      admin: { username: "boss", password: "long-enough" },
      seedDemo: false,
      maxUploadBytes: 2.5 * 1024 * 1024,
      trustProxy: 1,
      rateLimits: false,
      logLevel: "warn",
      siteUrl: "https://www.pneuma-air.example",
      buildDir: "/tmp/pneuma-build",
      renderConcurrency: 8,
    });
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toBe("loopback, 10.0.0.0/8");
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  it("refuses TRUST_PROXY=true, which lets a client choose its own address, and asks for hops or addresses", () => {
    for (const value of ["true", "TRUE", " True "]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=true would let any client choose its own address/);
    }
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/number of proxies .*\(1 for one nginx\).*loopback/);
  });

  it("refuses SMTP_URL without SITE_URL, naming SITE_URL (e-mail links come from it, never from a request)", () => {
    const mail = { SMTP_URL: "smtp://u:p@mail.example.com:587", MAIL_FROM: "Site <site@example.com>" };
    expect(() => loadConfig(mail)).toThrow(ConfigError);
    expect(() => loadConfig(mail)).toThrow(/SITE_URL: SITE_URL must be set when SMTP_URL is/);
    expect(() => loadConfig({ ...mail, SITE_URL: " " })).toThrow(/SITE_URL must be set when SMTP_URL is/);
    expect(loadConfig({ ...mail, SITE_URL: "https://www.example.com" }).siteUrl).toBe("https://www.example.com");
    expect(loadConfig({ SITE_URL: "" }).siteUrl).toBeNull(); // without mail it stays optional
  });

  it.each([
    [{ PORT: "http" }, "PORT must be a whole number"],
    [{ PORT: "70000" }, "PORT must be a whole number"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL must start with postgres://"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO must be true or false"],
    [{ MAX_UPLOAD_MB: "-1" }, "MAX_UPLOAD_MB must be a number"],
    [{ RATE_LIMITS: "sometimes" }, 'RATE_LIMITS must be "on" or "off"'],
    [{ ADMIN_USERNAME: "boss" }, "ADMIN_PASSWORD must be set"],
    [{ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "short" }, "at least 8 characters"],
    [{ TRUST_PROXY: "yes please!" }, "TRUST_PROXY must be"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be"],
    [{ RENDER_CONCURRENCY: "0" }, "RENDER_CONCURRENCY must be a whole number from 1 to 1000"],
    [{ SITE_URL: "www.example.com" }, "SITE_URL must be the site's origin"],
    [{ SITE_URL: "https://example.com/shop" }, "SITE_URL must be the site's origin"],
  ])("refuses %j with a clear message", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
