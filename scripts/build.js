// `npm run build`: the site (React Router's build: build/client and build/server), the PDF thread
// (build/server/pdf-worker.js) and the command-line tools (build/cli: `npm run admin`, `backup`, `restore`,
// `retention`), bundled so that they start as plain JavaScript: through tsx each one compiled its TypeScript
// first, twice the CPU of the command's own work.
// BUILD_DIR (default ./build) lets several builds live side by side.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The commands of server/cli/ (exit.ts is their shared helper, not a command). */
const CLI_COMMANDS = ["admin", "backup", "restore", "retention"];

const site = spawnSync(process.execPath, [path.join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
  cwd: root,
  stdio: "inherit",
  // Called from test set-ups too (NODE_ENV=test), which would otherwise bundle React's development build.
  env: { ...process.env, NODE_ENV: "production" },
});
if (site.status !== 0) process.exit(site.status ?? 1);

const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
// Packages stay outside the bundles (sharp, argon2 and PGlite load files of their own); our code goes in.
const bundle = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  jsx: "automatic",
  logLevel: "warning",
};
await build({
  ...bundle,
  entryPoints: CLI_COMMANDS.map((name) => path.join(root, "server", "cli", `${name}.ts`)),
  outdir: path.join(buildDir, "cli"),
});
// The thread that makes PDFs (server/pdf/off-thread.ts), beside the server that starts it.
await build({
  ...bundle,
  entryPoints: [path.join(root, "server", "pdf-worker.ts")],
  outfile: path.join(buildDir, "server", "pdf-worker.js"),
});
