import { randomBytes } from "node:crypto";
import { and, asc, eq, lte, notInArray, sql } from "drizzle-orm";
import { newId } from "../../shared/lib/ids";
import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";
import { errorFields, log } from "../log";
import type { AttachmentMaker, OutboxAttachment } from "./attachments";
import type { RenderedEmail } from "./enquiry-emails";
import { type MailTransport, mailErrorText, SEND_CONCURRENCY } from "./transport";

/**
 * The e-mail outbox (docs/decisions/010-enquiries-and-email-outbox.md). An e-mail is a row written in the same
 * transaction as the enquiry it tells of, so it exists exactly when the enquiry does. A sender in every app
 * server delivers due rows: one server per row (on PostgreSQL the row stays locked FOR UPDATE while it is
 * sent, and other servers SKIP LOCKED it), retries with growing delays for at least a day, then marks it
 * failed with the mail server's answer. A crash after the mail server took a message but before the row
 * says "sent" repeats that one message, with the same Message-ID.
 */

export type OutboxPurpose = "staff" | "customer" | "alert" | "quotation" | "privacy";
type OutboxRow = typeof emailOutbox.$inferSelect;

/** Waits after the 1st, 2nd, … failed try; the last one repeats until the day is over. */
const DEFAULT_RETRY_DELAYS_MS = [
  10_000,
  30_000,
  60_000,
  2 * 60_000,
  5 * 60_000,
  10 * 60_000,
  20 * 60_000,
  30 * 60_000,
  60 * 60_000,
];
/** A message still failing this long after it was queued is marked failed. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The site's address for every link and Message-ID in an e-mail: SITE_URL, never the request's Host (a client
 * chooses that). The configuration refuses to start with SMTP_URL set and SITE_URL unset, so with e-mail on
 * it is always there.
 */
export function emailSiteUrl(config: { siteUrl: string | null }): string {
  if (!config.siteUrl) throw new Error("E-mail is on but SITE_URL is unset: links in e-mails need SITE_URL.");
  return config.siteUrl;
}

/** "<time.random@host of SITE_URL>". */
function messageIdFor(siteUrl: string): string {
  let domain = "pneuma.local";
  try {
    domain = new URL(siteUrl).hostname || domain;
  } catch {
    // not a URL: keep the fallback
  }
  return `<${Date.now().toString(36)}.${randomBytes(9).toString("hex")}@${domain}>`;
}

/**
 * Queues one e-mail inside the caller's transaction; `origin` is SITE_URL (`emailSiteUrl`), the domain of its
 * Message-ID. With a `dedupeKey`, a second e-mail with the same key is not queued (alerts: one an hour).
 * Returns whether a row was written.
 */
export async function queueEmail(
  tx: Database,
  email: RenderedEmail & {
    purpose: OutboxPurpose;
    contactId?: string | null;
    dedupeKey?: string;
    origin: string;
    attachments?: OutboxAttachment[];
  },
): Promise<boolean> {
  if (email.to.length === 0) return false;
  const rows = await tx
    .insert(emailOutbox)
    .values({
      id: newId(),
      contactId: email.contactId ?? null,
      purpose: email.purpose,
      recipients: email.to,
      replyTo: email.replyTo,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: messageIdFor(email.origin),
      dedupeKey: email.dedupeKey ?? null,
      attachments: email.attachments ?? [],
    })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

export interface OutboxSenderOptions {
  retryDelaysMs?: number[];
  giveUpAfterMs?: number;
  /** How often the sender looks for due rows when nobody kicks it. */
  pollMs?: number;
  /** Messages sent at the same time (each over its own SMTP connection). */
  concurrency?: number;
  /** Makes the files rows name (a quotation's PDF); without it a row with attachments cannot be sent. */
  makeAttachments?: AttachmentMaker;
}

/** What the rest of the server sees of the sender. */
export interface Mailer {
  /** SMTP is configured: enquiries queue e-mails. */
  readonly enabled: boolean;
  /** Something was queued: look now rather than at the next poll. */
  kick(): void;
  start(): void;
  /** Stops polling and waits for the message being sent. */
  stop(): Promise<void>;
}

export const MAIL_OFF: Mailer = { enabled: false, kick() {}, start() {}, stop: async () => {} };

/**
 * Delivers the outbox. `start()` begins polling; `kick()` makes it look at once; `stop()` waits for the
 * messages being sent. A few workers each take one due message at a time, oldest due first.
 */
export class OutboxSender implements Mailer {
  readonly enabled = true;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly retryDelaysMs: number[];
  private readonly giveUpAfterMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly makeAttachments: AttachmentMaker | undefined;
  /** PGlite: rows a worker of this process has taken and not finished. */
  private readonly inFlight = new Set<string>();
  private taking: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly dbKind: "pglite" | "postgres",
    private readonly transport: MailTransport,
    options: OutboxSenderOptions = {},
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.giveUpAfterMs = options.giveUpAfterMs ?? GIVE_UP_AFTER_MS;
    this.pollMs = options.pollMs ?? 5_000;
    this.concurrency = Math.max(1, options.concurrency ?? SEND_CONCURRENCY);
    this.makeAttachments = options.makeAttachments;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = (async () => {
      do {
        this.again = false;
        const worker = async () => {
          try {
            while (!this.stopped && (await this.deliverOne())) {
              // next message
            }
          } catch (err) {
            log.warn("outbox: could not read the outbox", errorFields(err));
          }
        };
        await Promise.all(Array.from({ length: this.concurrency }, worker));
      } while (this.again && !this.stopped);
    })();
    await this.running;
    this.running = null;
    this.schedule(this.pollMs);
  }

  /** Takes one due message and tries it. Returns false when nothing was due. */
  private async deliverOne(): Promise<boolean> {
    if (this.dbKind === "postgres") {
      // The row stays locked while it is sent: a second server skips it, and a crash releases it.
      return this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
          .orderBy(asc(emailOutbox.nextAttemptAt))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!row) return false;
        await this.attempt(tx as unknown as Database, row);
        return true;
      });
    }
    // PGlite: this process is the only one on the database (the data-directory lock), and a transaction
    // would hold its single connection while the mail server answers. The workers take rows one after the
    // other and skip the ones another worker holds.
    const row = await this.oneAtATime(async () => {
      const [due] = await this.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.status, "queued"),
            lte(emailOutbox.nextAttemptAt, sql`now()`),
            this.inFlight.size ? notInArray(emailOutbox.id, [...this.inFlight]) : undefined,
          ),
        )
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(1);
      if (due) this.inFlight.add(due.id);
      return due;
    });
    if (!row) return false;
    try {
      await this.attempt(this.db, row);
    } finally {
      this.inFlight.delete(row.id);
    }
    return true;
  }

  /** Runs `fn` after every earlier call has finished (PGlite workers taking rows). */
  private oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.taking.then(fn, fn);
    this.taking = result.catch(() => {});
    return result;
  }

  private async attempt(db: Database, row: OutboxRow): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      let attachments: Awaited<ReturnType<AttachmentMaker>> = [];
      if (row.attachments.length > 0) {
        if (!this.makeAttachments) throw new Error("This server cannot make the e-mail's attachments.");
        attachments = await this.makeAttachments(db, row.attachments);
      }
      await this.transport.send({
        attachments,
        to: row.recipients,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: row.messageId,
      });
    } catch (err) {
      const error = mailErrorText(err);
      const age = Date.now() - row.createdAt.getTime();
      const giveUp = age >= this.giveUpAfterMs;
      const delay = this.retryDelaysMs[Math.min(attempts - 1, this.retryDelaysMs.length - 1)] ?? 60_000;
      await db
        .update(emailOutbox)
        .set({
          attempts,
          lastError: error,
          status: giveUp ? "failed" : "queued",
          nextAttemptAt: new Date(Date.now() + delay),
        })
        // An erasure may have cancelled it meanwhile (PGlite sends outside a transaction): it stays cancelled.
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "queued")));
      (giveUp ? log.error : log.warn)(giveUp ? "e-mail failed for good" : "e-mail not delivered; will retry", {
        outboxId: row.id,
        purpose: row.purpose,
        attempts,
        error,
      });
      return;
    }
    await db
      .update(emailOutbox)
      .set({ attempts, status: "sent", sentAt: new Date(), lastError: null })
      .where(eq(emailOutbox.id, row.id));
    log.info("e-mail sent", { outboxId: row.id, purpose: row.purpose, attempts });
  }
}
