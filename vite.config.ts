import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const SERVER_DIR = path.resolve("server") + path.sep;

/**
 * Fails the browser build when a module of server/ reaches it (docs/decisions/011-code-layout.md).
 * Route modules may import server/ in their loader and action; React Router strips those from the browser
 * build, so anything of server/ still loaded there is a leak of server code (and of its secrets' names).
 */
function serverCodeStaysOnTheServer(): Plugin {
  return {
    name: "pneuma:server-code-stays-on-the-server",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    load(id) {
      if (path.resolve(id.split("?")[0] ?? id).startsWith(SERVER_DIR)) {
        this.error(`server-only module ${path.relative(".", id)} was imported into the browser build`);
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build bundles our Express app (server/main.ts) together with the React Router server build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" } : undefined,
  plugins: [tailwindcss(), reactRouter(), serverCodeStaysOnTheServer()],
  // The public pages' script (app/enhance/main.ts, built as a "worker" for its URL) is an ES module, so a
  // behaviour only some pages need can load as a chunk of its own (app/enhance/modules.ts).
  worker: { format: "es" },
}));
