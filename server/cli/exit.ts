import { type Config, ConfigError, loadConfig } from "../config";

/** The command-line tools' way out: the message on stderr, exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The server's configuration (same environment as the server), or a clear message and exit 1. */
export function loadConfigOrFail(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}
