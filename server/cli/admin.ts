// Staff accounts from the command line (the way in when no owner can sign in):
//   npm run admin -- create <username>        a new owner
//   npm run admin -- set-password <username>  a new password; signs the account out everywhere and clears
//                                             its failed sign-in counters
// The password is read from standard input when it is piped, otherwise asked for (twice, hidden).
import { clearAccountFailures } from "../auth/login-throttle";
import { createUser, setPasswordFromCli, UserInputError } from "../auth/users";
import { openDatabase } from "../db/client";
import { DataDirLockedError } from "../db/lock";
import { setLogLevel } from "../log";
import { fail, loadConfigOrFail } from "./exit";

const USAGE = "Usage: npm run admin -- create <username>\n       npm run admin -- set-password <username>";

async function readPipedPassword(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "").trimEnd();
}

/** Reads one line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    process.stdout.write(question);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const onData = (key: string) => {
      for (const ch of key) {
        if (ch === "\r" || ch === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          process.stdout.write("\n");
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedPassword();
  const first = await askHidden("New password: ");
  const second = await askHidden("Repeat the password: ");
  if (first !== second) fail("The two passwords differ; nothing was changed.");
  return first;
}

async function main(): Promise<void> {
  const [command, username] = process.argv.slice(2);
  if (!command || !username || !["create", "set-password"].includes(command)) fail(USAGE);
  const config = loadConfigOrFail();
  setLogLevel("warn");
  const password = await readPassword();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, lockHolder: "admin CLI" });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      fail(`${err.message}\nThe embedded database can be used by one process at a time: stop the server, then run this again.`);
    }
    throw err;
  }
  try {
    if (command === "create") {
      await createUser(database.db, { username, name: "", email: "", role: "owner", password, mustChangePassword: false });
      process.stdout.write(`Created the owner account "${username}".\n`);
    } else {
      await setPasswordFromCli(database.db, username, password);
      await clearAccountFailures(database.db, username);
      process.stdout.write(`Changed the password of "${username}", signed it out everywhere and cleared its failed sign-ins.\n`);
    }
  } catch (err) {
    if (err instanceof UserInputError) {
      await database.close();
      fail(err.message);
    }
    throw err;
  }
  await database.close();
}

await main();
