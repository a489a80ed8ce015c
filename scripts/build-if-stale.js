// `npm start` runs this first: it builds when there is no build yet or a source file is newer than it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const builtFile = path.join(path.resolve(root, process.env.BUILD_DIR || "build"), "server", "index.js");
const sources = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json", "tsconfig.json"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = existsSync(builtFile) ? statSync(builtFile).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));

if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: building…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    // Called from test set-ups too (NODE_ENV=test), which would otherwise bundle React's development build.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
