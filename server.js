// The one entry point: `node server.js` (production, what `npm start` runs) or NODE_ENV=development
// (`npm run dev`: Vite middleware, hot reload). All server code lives in server/ and is bundled into
// build/server/index.js by `react-router build`.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dev = process.env.NODE_ENV === "development";

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { boot } = await vite.ssrLoadModule("./server/main.ts");
  await boot({
    dev: {
      middleware: vite.middlewares,
      loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
    },
  });
} else {
  // React, react-dom and Express pick their production code from NODE_ENV when first loaded; anything but
  // "production" (unset, "test") would render every page with React's much slower development build.
  process.env.NODE_ENV = "production";
  // BUILD_DIR: relative to this file's folder, or absolute.
  const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), process.env.BUILD_DIR || "build");
  const entry = pathToFileURL(path.join(buildDir, "server", "index.js"));
  if (!existsSync(entry)) {
    process.stderr.write("\nNo production build found. Run `npm run build` first (or use `npm start`, which builds).\n\n");
    process.exit(1);
  }
  const { boot } = await import(entry.href);
  await boot();
}
