import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ServerProcess, startServerProcess } from "../support/process";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { ADMIN } from "./support";

/** The public address the server's e-mailed links are built from (SITE_URL); tests swap it for the server's own. */
export const SITE = "https://www.pneuma.example";

export interface MailingServer {
  server: ServerProcess;
  smtp: TestSmtp;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * A server of a spec's own, with e-mail on (a local SMTP stand-in) and SITE_URL, from a copy of the prepared demo
 * data: for flows whose link arrives by e-mail. `prepare` may write into the copy before the server opens it.
 */
export async function startMailingServer(name: string, prepare?: (dataDir: string) => Promise<void>): Promise<MailingServer> {
  const smtp = await startTestSmtp();
  const dataDir = mkdtempSync(path.join(tmpdir(), `pneuma-browser-${name}-`));
  // The system's cp: a data directory is over a thousand small files, which fs.cpSync copies far slower.
  execFileSync("cp", ["-R", "-p", `${process.env.BROWSER_TEST_SEEDED_DATA!}/.`, dataDir]);
  if (prepare) await prepare(dataDir);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMITS: "off",
    SITE_URL: SITE,
    SMTP_URL: smtp.url,
    MAIL_FROM: "Pneuma Air Systems <sales@pneuma.example>",
  });
  const stop = async () => {
    server.proc.kill("SIGTERM");
    await server.exited;
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, smtp, dataDir, stop };
}
