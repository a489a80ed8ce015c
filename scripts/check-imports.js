// Import directions (docs/decisions/011-code-layout.md), checked by `npm run lint`:
//   shared/  code for both sides: imports only shared/ and packages (no node: builtins, no React, no database
//            code: tables are built on the server, server/db/content-tables.ts, so drizzle stays out of the browser).
//   server/  server only: never imports app/.
//   app/     the UI: imports server/ only from route modules (their loader/action, which the build strips
//            from the browser bundle) and from *.server.ts(x) files. vite.config.ts fails the browser
//            build if a server/ module reaches it anyway.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const files = execSync("git ls-files -co --exclude-standard 'app/**' 'server/**' 'shared/**'", { cwd: root })
  .toString()
  .split("\n")
  // Tracked files deleted in the working tree are still listed until the deletion is committed.
  .filter((f) => /\.(ts|tsx)$/.test(f) && existsSync(path.join(root, f)));

const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s+(type\s+)?(?:[^"'`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const problems = [];
for (const file of files) {
  const top = file.split("/")[0];
  const text = readFileSync(path.join(root, file), "utf8");
  for (const m of text.matchAll(IMPORT)) {
    const typeOnly = Boolean(m[1]);
    const spec = m[2] ?? m[3];
    const target = spec.startsWith(".") ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec)) : null;
    const targetTop = target?.split("/")[0];
    const say = (why) => problems.push(`${file}: imports "${spec}": ${why}`);
    if (top === "shared") {
      if (target && targetTop !== "shared") say("shared/ may import only shared/ (it runs in the browser and on the server)");
      if (!target && /^(node:|react|express|pg$|@electric-sql|sharp|nodemailer|drizzle-orm)/.test(spec) && !typeOnly)
        say("shared/ must not depend on a server or UI library");
    } else if (top === "server") {
      if (targetTop === "app" && !typeOnly) say("server/ must not import the UI (app/); move shared code to shared/");
    } else if (top === "app") {
      const allowed = file.startsWith("app/routes/") || /\.server\.tsx?$/.test(file);
      if (targetTop === "server" && !typeOnly && !allowed)
        say("only route modules (loader/action) and *.server.ts files may import server/");
    }
  }
}
if (problems.length > 0) {
  console.error(
    `Import direction problems (see docs/decisions/011-code-layout.md):\n${problems.map((p) => `  ${p}`).join("\n")}`,
  );
  process.exit(1);
}
console.log(`imports: ${files.length} files follow shared/ ← server/, shared/ ← app/`);
