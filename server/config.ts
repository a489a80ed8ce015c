import path from "node:path";
import { z } from "zod";

/**
 * All configuration comes from environment variables, checked here once at start-up. Every variable is
 * listed in README.md ("Configuration").
 */

const flag = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const s = v.trim().toLowerCase();
      if (["1", "true", "yes", "on"].includes(s)) return true;
      if (["0", "false", "no", "off"].includes(s)) return false;
      ctx.addIssue({ code: "custom", message: `${name} must be true or false (or on/off), got "${v}".` });
      return z.NEVER;
    });

/** A whole number from `min` to `max`, `fallback` when unset or empty. */
const wholeNumber = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${name} must be a whole number from ${min} to ${max}, got "${v}".` });
        return z.NEVER;
      }
      return n;
    });

const envSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    PORT: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return 3000;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0 || n > 65535) {
          ctx.addIssue({ code: "custom", message: `PORT must be a whole number from 0 to 65535, got "${v}".` });
          return z.NEVER;
        }
        return n;
      }),
    HOST: z.string().trim().min(1, "HOST must not be empty.").optional(),
    DATA_DIR: z.string().trim().min(1, "DATA_DIR must not be empty.").default("./data"),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .refine(
        (v) => v === undefined || v === "" || /^postgres(ql)?:\/\//.test(v),
        "DATABASE_URL must start with postgres:// or postgresql:// (leave it unset to use the embedded database).",
      ),
    UPLOAD_DIR: z.string().trim().optional(),
    ADMIN_USERNAME: z.string().trim().optional(),
    ADMIN_PASSWORD: z.string().optional(),
    SEED_DEMO: flag("SEED_DEMO", true),
    CONTENT_CACHE: flag("CONTENT_CACHE", true),
    MAX_UPLOAD_MB: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return 10;
        const n = Number(v);
        if (!Number.isFinite(n) || n <= 0 || n > 200) {
          ctx.addIssue({ code: "custom", message: `MAX_UPLOAD_MB must be a number of megabytes from 0 to 200, got "${v}".` });
          return z.NEVER;
        }
        return n;
      }),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx): false | number | string => {
        if (v === undefined || v.trim() === "" || v.trim().toLowerCase() === "false") return false;
        const s = v.trim();
        // "true" trusts every X-Forwarded-For entry, so the client's own leftmost one becomes its address.
        if (s.toLowerCase() === "true") {
          ctx.addIssue({
            code: "custom",
            message:
              "TRUST_PROXY=true would let any client choose its own address (the first X-Forwarded-For entry). Set the number of proxies in front of the server (1 for one nginx) or their addresses (loopback when nginx runs on this machine, or e.g. 10.0.0.5).",
          });
          return z.NEVER;
        }
        if (/^\d+$/.test(s)) return Number(s);
        if (/^[0-9a-fA-F.:/, a-z]+$/.test(s)) return s; // addresses, subnets or express names (loopback, uniquelocal)
        ctx.addIssue({
          code: "custom",
          message: `TRUST_PROXY must be false, a hop count (1) or the proxies' addresses (loopback, 10.0.0.5), got "${v}".`,
        });
        return z.NEVER;
      }),
    RATE_LIMITS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return true;
        const s = v.trim().toLowerCase();
        if (s === "on") return true;
        if (s === "off") return false;
        ctx.addIssue({ code: "custom", message: `RATE_LIMITS must be "on" or "off", got "${v}".` });
        return z.NEVER;
      }),
    SITE_URL: z
      .string()
      .trim()
      .optional()
      .refine(
        (v) => v === undefined || v === "" || /^https?:\/\/[^/\s]+$/.test(v.replace(/\/$/, "")),
        "SITE_URL must be the site's origin, like https://www.example.com (no path).",
      ),
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .refine(
        (v) => v === undefined || v === "" || (/^smtps?:\/\/[^\s]+$/.test(v) && URL.canParse(v)),
        "SMTP_URL must look like smtp://user:password@mail.example.com:587 or smtps://user:password@mail.example.com:465.",
      ),
    MAIL_FROM: z
      .string()
      .trim()
      .optional()
      .refine(
        (v) => v === undefined || v === "" || /^([^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(v),
        'MAIL_FROM must be an e-mail address, optionally with a name: "Pneuma Website <website@example.com>".',
      ),
    ENQUIRY_HOURLY_CAP: wholeNumber("ENQUIRY_HOURLY_CAP", 300, 1, 1_000_000),
    ACTIVITY_RETENTION_DAYS: wholeNumber("ACTIVITY_RETENTION_DAYS", 365, 1, 36_500),
    REVISIONS_KEEP: wholeNumber("REVISIONS_KEEP", 50, 1, 10_000),
    INDIAMART_API_URL: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || v === "" || /^https?:\/\/\S+$/.test(v), "INDIAMART_API_URL must be an http(s) URL."),
    INDIAMART_MIN_INTERVAL_S: wholeNumber("INDIAMART_MIN_INTERVAL_S", 300, 1, 86_400),
    TRASH_DAYS: wholeNumber("TRASH_DAYS", 30, 1, 3_650),
    BACKUP_KEEP_DAYS: wholeNumber("BACKUP_KEEP_DAYS", 35, 1, 36_500),
    RENDER_CONCURRENCY: wholeNumber("RENDER_CONCURRENCY", 4, 1, 1_000),
    BUILD_DIR: z.string().trim().min(1, "BUILD_DIR must not be empty.").default("build"),
    LOG_LEVEL: z
      .enum(["debug", "info", "warn", "error", "silent"], { error: "LOG_LEVEL must be debug, info, warn, error or silent." })
      .default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD && !env.ADMIN_USERNAME) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_USERNAME"], message: "ADMIN_USERNAME must be set when ADMIN_PASSWORD is." });
    }
    if (env.ADMIN_USERNAME && !env.ADMIN_PASSWORD) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "ADMIN_PASSWORD must be set when ADMIN_USERNAME is." });
    }
    if (env.SMTP_URL && !env.MAIL_FROM && !smtpUserAddress(env.SMTP_URL)) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message:
          'MAIL_FROM must be set when SMTP_URL is (the sender of notifications, e.g. "Pneuma Website <website@example.com>").',
      });
    }
    if (env.SMTP_URL && !env.SITE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message:
          "SITE_URL must be set when SMTP_URL is: every link and Message-ID in the e-mails comes from it (the site's public origin, e.g. https://www.pneuma-air.example).",
      });
    }
    if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length > 0 && env.ADMIN_PASSWORD.length < 8) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "ADMIN_PASSWORD must be at least 8 characters." });
    }
  });

/** The SMTP user name when it is an e-mail address (smtp://website%40example.com:secret@host): a fine sender. */
function smtpUserAddress(smtpUrl: string): string | null {
  try {
    const user = decodeURIComponent(new URL(smtpUrl).username);
    return /^[^\s@<>]+@[^\s@<>]+$/.test(user) ? user : null;
  } catch {
    return null;
  }
}

export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://… (TLS from the start). */
  smtpUrl: string;
  from: string;
}

export interface Config {
  dev: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  uploadDir: string;
  admin: { username: string; password: string } | null;
  seedDemo: boolean;
  /** Keep public content reads in memory until the next change (off: every read queries the database). */
  contentCache: boolean;
  maxUploadBytes: number;
  /** Express's "trust proxy": false, a hop count, or the proxies' addresses (never true: see TRUST_PROXY). */
  trustProxy: false | number | string;
  rateLimits: boolean;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** The public origin for canonical links, the sitemap and e-mails; null = taken from each request (never with mail on). */
  siteUrl: string | null;
  buildDir: string;
  /** Outgoing e-mail (enquiry notifications); null when SMTP_URL is unset: nothing is sent. */
  mail: MailConfig | null;
  /** Anonymous enquiries accepted per hour, site-wide. */
  enquiryHourlyCap: number;
  /** Days the activity log keeps an entry. */
  activityRetentionDays: number;
  /** Versions kept per content record (the newest). */
  revisionsKeep: number;
  /** Days a deleted record stays in the trash. */
  trashDays: number;
  /**
   * Days `npm run backup` keeps a backup (older ones are deleted after each backup): erased people's data leaves
   * the backups within this time (35: a month of nightly backups and a margin).
   */
  backupKeepDays: number;
  /** Pages rendered at the same time; more wait in line (server/http/render-queue.ts). */
  renderConcurrency: number;
  /** IndiaMART Lead Manager's CRM API v2 and the least time between two calls to it (server/sales/indiamart.ts). */
  indiamart: { apiUrl: string; minIntervalMs: number };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    dev: e.NODE_ENV === "development",
    port: e.PORT,
    // Development serves Vite's dev middleware (source files, /@fs/): this machine only, unless HOST says so.
    host: e.HOST ?? (e.NODE_ENV === "development" ? "127.0.0.1" : "0.0.0.0"),
    dataDir,
    databaseUrl: e.DATABASE_URL ? e.DATABASE_URL : null,
    uploadDir: e.UPLOAD_DIR ? path.resolve(e.UPLOAD_DIR) : path.join(dataDir, "uploads"),
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : null,
    seedDemo: e.SEED_DEMO,
    contentCache: e.CONTENT_CACHE,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    trustProxy: e.TRUST_PROXY,
    rateLimits: e.RATE_LIMITS,
    logLevel: e.LOG_LEVEL,
    siteUrl: e.SITE_URL ? e.SITE_URL.replace(/\/$/, "") : null,
    buildDir: path.resolve(e.BUILD_DIR),
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM || (smtpUserAddress(e.SMTP_URL) ?? "") } : null,
    enquiryHourlyCap: e.ENQUIRY_HOURLY_CAP,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    revisionsKeep: e.REVISIONS_KEEP,
    trashDays: e.TRASH_DAYS,
    backupKeepDays: e.BACKUP_KEEP_DAYS,
    renderConcurrency: e.RENDER_CONCURRENCY,
    indiamart: {
      apiUrl: e.INDIAMART_API_URL || "https://mapi.indiamart.com/wservce/crm/crmListing/v2/",
      minIntervalMs: e.INDIAMART_MIN_INTERVAL_S * 1000,
    },
  };
}
