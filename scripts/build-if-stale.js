// `npm start` and the command-line tools (scripts/cli.js) run this first: it builds (scripts/build.js) when
// there is no build yet or a source file is newer than it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sources = [
  "app",
  "server",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
  "tsconfig.json",
  "README.md",
]; // README.md: the e-mail help page shows its section

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds unless the build (the site's server, its PDF thread and the last command-line tool written) is newer than every source. */
export function buildIfStale() {
  const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
  const built = ["server/index.js", "server/pdf-worker.js", "cli/retention.js"].map((file) => path.join(buildDir, file));
  const builtAt = Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt !== 0 && changedAt <= builtAt) return;
  // On stderr: a command's own output (stdout) stays what it prints.
  console.error(builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: building…");
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "build.js")], { cwd: root, stdio: ["ignore", 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfStale();
