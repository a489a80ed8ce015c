// A real SMTP server (the `smtp-server` package) on 127.0.0.1 for the benchmarks: it accepts every message
// and notes when it arrived, its recipients and its subject. No TLS, no authentication.
import { SMTPServer } from "smtp-server";

export async function startSmtpSink() {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let head = "";
      stream.on("data", (chunk) => {
        if (head.length < 8192) head += chunk.toString("utf8");
      });
      stream.on("end", () => {
        // Subject lines are short ASCII or RFC 2047 words; the reference (Q-2026-00042) is plain ASCII in them.
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "";
        received.push({ at: performance.now(), to: session.envelope.rcptTo.map((r) => r.address), subject });
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address();
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}
