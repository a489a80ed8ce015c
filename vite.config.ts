import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type InlineConfig, type Plugin } from "vite";
// With its extension: Vite's native config loader (planned to become the default) needs one, and warns
// on every config load without it (tsconfig: allowImportingTsExtensions).
import { compress, type Effort } from "./server/http/compress.ts";
import { readmeSections } from "./server/vite-plugins/readme-section.ts";

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

/** Built files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each built text file (`main-x.js.br`,
 * `main-x.js.gz`), which the server sends as they are (server/app.ts `builtAssets`; nginx's gzip_static):
 * no compressing per request, and about 15% fewer bytes than compressing on the fly does. A file whose
 * copies would not be smaller gets none.
 */
function precompressBuiltFiles(): Plugin {
  const effort: Effort = { gzipLevel: 9, brotliQuality: 11 };
  return {
    name: "pneuma:precompress-built-files",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    async writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      const names = (await readdir(dir, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          if (!(await stat(file)).isFile()) return;
          const body = await readFile(file);
          const [br, gz] = await Promise.all([compress(body, "br", effort), compress(body, "gzip", effort)]);
          if (br.length >= body.length || gz.length >= body.length) return;
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * React Router 7 (@react-router/dev 7.18.4, the last 7.x) starts a child Vite server with our plugins and
 * `envFile: false`, which Vite 8.1+ reports as deprecated on every start. `envDir: false` is what Vite
 * itself turns it into, so this says the same in the current words before Vite reads it (fixed upstream in
 * React Router 8: remix-run/react-router#15230). React Router's config loader, which reads
 * react-router.config.ts, starts Vite servers of its own with `envFile: false` and neither our config nor
 * our plugins: their warnings (five in a build) cannot be reached from here and stay until React Router 8.
 */
function envDirInsteadOfEnvFile(): Plugin {
  return {
    name: "pneuma:env-dir-instead-of-env-file",
    config(config: InlineConfig) {
      if (config.envFile === false) {
        delete config.envFile;
        config.envDir = false;
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build bundles our Express app (server/main.ts) together with the React Router server build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" } : undefined,
  plugins: [
    envDirInsteadOfEnvFile(),
    tailwindcss(),
    reactRouter(),
    readmeSections(),
    serverCodeStaysOnTheServer(),
    precompressBuiltFiles(),
  ],
  // The public pages' scripts (app/enhance/main.ts and calculator-page.ts, built as "workers" for their URLs)
  // are loaded as ES modules (`<script type="module">`), so they are built as ES modules.
  worker: { format: "es" },
}));
