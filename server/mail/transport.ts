import nodemailer from "nodemailer";
import type { MailConfig } from "../config";

/** Messages one server sends at the same time (the outbox's workers); as many SMTP connections stay open. */
export const SEND_CONCURRENCY = 4;

/** A file sent with an e-mail. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One e-mail as the outbox keeps it, with its attachments made. */
interface OutgoingEmail {
  to: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** "<…@…>", fixed when queued, so a repeat after a crash is recognisably the same message. */
  messageId: string;
  attachments?: MailAttachment[];
}

/** Delivers one e-mail or throws with the mail server's answer. */
export interface MailTransport {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, over a few connections kept open between messages (one per sending worker).
 * Timeouts are short: the outbox retries, and a mail server that hangs must not hold a sending slot (or,
 * on PostgreSQL, an outbox row lock) for nodemailer's default ten minutes.
 */
export function smtpTransport(config: MailConfig): MailTransport {
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: SEND_CONCURRENCY,
    maxMessages: 100,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    dnsTimeout: 15_000,
  });
  return {
    async send(email) {
      await transporter.sendMail({
        from: config.from,
        to: email.to,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        attachments: email.attachments,
        // Our own header, so a reader of the raw message (or a test) can tell automatic mail from staff mail.
        headers: { "Auto-Submitted": "auto-generated" },
      });
    },
    close: () => transporter.close(),
  };
}

/** The mail server's answer for the admin panel: "550 5.1.1 No such user", without our own stack. */
export function mailErrorText(err: unknown): string {
  const e = err as { response?: unknown; responseCode?: unknown; code?: unknown; message?: unknown };
  const text =
    typeof e?.response === "string" && e.response
      ? e.response
      : typeof e?.message === "string"
        ? `${typeof e.code === "string" ? `${e.code}: ` : ""}${e.message}`
        : String(err);
  return text.replace(/\s+/g, " ").trim().slice(0, 500);
}
