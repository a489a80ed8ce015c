// `npm run admin|backup|restore|retention -- …`: `node scripts/cli.js <command> …` builds when the build is
// stale (scripts/build-if-stale.js), then runs the command's bundle from build/cli (scripts/build.js). The
// command reads its own arguments from process.argv, as when it is run by itself.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildIfStale } from "./build-if-stale.js";

const [command] = process.argv.splice(2, 1);
if (!["admin", "backup", "restore", "retention"].includes(command ?? "")) {
  console.error("Usage: node scripts/cli.js admin|backup|restore|retention [arguments]");
  process.exit(2);
}
buildIfStale();
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
await import(pathToFileURL(path.join(path.resolve(root, process.env.BUILD_DIR || "build"), "cli", `${command}.js`)).href);
