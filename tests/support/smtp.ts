import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

/** One message a test SMTP server accepted: the envelope as the client gave it, and the parsed mail. */
export interface ReceivedMail {
  from: string;
  /** Envelope recipients (RCPT TO): who the message is really delivered to, whatever the headers say. */
  rcptTo: string[];
  raw: string;
  mail: ParsedMail;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have been accepted (all of them so far), or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Listen on this port (to bring a "down" mail server up where the app expects it). */
  port?: number;
  /** Refuse RCPT TO for these addresses with a permanent error (550). */
  rejectRecipients?: string[];
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1, no TLS and no authentication, that keeps
 * every message it accepts. The app talks to it exactly as to a company's mail server.
 */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const reject = new Set((options.rejectRecipients ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (reject.has(address.address.toLowerCase())) {
        const err = Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : "",
          rcptTo: envelope.rcptTo.map((r) => r.address),
          raw,
          mail: await simpleParser(raw),
        });
        callback();
        for (const wake of waiters.splice(0)) wake();
      });
    },
  });
  await new Promise<void>((resolve, rejectStart) => {
    server.once("error", rejectStart);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  server.on("error", () => {
    // a client that hangs up mid-session: nothing to do
  });
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count, timeoutMs = 60_000) {
      // Woken by every message accepted; the timer only bounds a failure.
      return new Promise<ReceivedMail[]>((resolve, reject) => {
        const wake = () => {
          if (received.length < count) {
            waiters.push(wake);
            return;
          }
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          const waiting = waiters.indexOf(wake);
          if (waiting !== -1) waiters.splice(waiting, 1);
          reject(new Error(`expected ${count} e-mails, got ${received.length} in ${timeoutMs} ms`));
        }, timeoutMs);
        wake();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port where nothing listens (yet): the app's mail server is "down". */
export async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
