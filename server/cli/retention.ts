// The retention pass at once (docs/decisions/030-privacy.md), for operators and tests:
//   npm run retention
// The same pass the server runs every day: it e-mails the people whose records fell due (to be erased in 48
// hours) and erases what was warned at least 48 hours ago and is still due. The warning e-mails go into the
// outbox: the server sends them (at once when it runs; with the embedded database, when it next starts).
import { openDatabase } from "../db/client";
import { DataDirLockedError } from "../db/lock";
import { setLogLevel } from "../log";
import { MAIL_OFF } from "../mail/outbox";
import { type RetentionResult, runRetention } from "../privacy/retention";
import { fail, loadConfigOrFail } from "./exit";

const USAGE = "Usage: npm run retention";

const records = (n: number) => (n === 1 ? "1 record" : `${n} records`);

function report(result: RetentionResult, mailOn: boolean): string {
  const mails = result.emailed === 1 ? "1 warning e-mail" : `${result.emailed} warning e-mails`;
  const warned =
    result.warned === 0
      ? "Nothing newly due: nobody was warned."
      : `Warned: ${records(result.warned)} will be erased in 48 hours; ${
          mailOn ? `${mails} queued (one per person with an e-mail address).` : "e-mail is off (SMTP_URL), so nobody was told."
        }`;
  const erased = `Erased: ${records(result.erased)} (warned at least 48 hours ago and still without activity).`;
  return `${warned}\n${erased}\n`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (args.length > 0) fail(`Unknown option "${args[0]}".\n${USAGE}`);
  const config = loadConfigOrFail();
  setLogLevel("warn");
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, lockHolder: "retention CLI" });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      fail(
        `${err.message}\nThe embedded database can be used by one process at a time. The running server does this pass every day; to run it now, use Run the pass now on the dashboard, or stop the server and run this again.`,
      );
    }
    throw err;
  }
  try {
    // Queued only: the outbox's sender lives in the server.
    const mail = config.mail ? { ...MAIL_OFF, enabled: true } : MAIL_OFF;
    const result = await runRetention({ db: database.db, config, mail });
    process.stdout.write(report(result, config.mail !== null));
  } finally {
    await database.close();
  }
}

await main();
