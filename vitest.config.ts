import { defineConfig } from "vitest/config";
import { readmeSections } from "./server/vite-plugins/readme-section.ts";

// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  // The admin's e-mail help page imports a README section made at build time (the screen tests may open it).
  plugins: [readmeSections()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file starts its own server and database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // A worker runs its files one after another in one module graph: each file starts its own server and
          // database, and nothing in server/ keeps state outside them. Loading the server's modules once per
          // worker instead of once per file took the layer from 185 to 137 s on 2 cores (import 27 s → 4 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The real admin screens (route modules, layout and its sign-in check) in happy-dom against a real API
          // server: tests/support/screen.tsx. happy-dom, not jsdom: the dialogs use <dialog>.showModal(), which
          // jsdom lacks, and its fetch and XHR resolve the app's relative /api URLs against the page's URL.
          name: "screen",
          include: ["tests/screen/**/*.test.tsx"],
          globalSetup: ["tests/support/global-setup.ts"],
          environment: "happy-dom",
          environmentOptions: {
            happyDOM: {
              // A desktop width (the admin layout opens its sidebar from 1024 px). A document navigation (the
              // sign-in page, a 401's redirect) only changes location.href here: loading pages is the browser tests'.
              width: 1440,
              height: 900,
              settings: { navigation: { disableMainFrameNavigation: true } },
            },
          },
          // CSS imports (admin.css) load as empty modules, Vitest's default: styles are the browser tests'.
          // A worker runs its files in one module graph and one window (as the API tests do): the screens' modules
          // load once per worker, not once per file. Each file starts its own server, whose new token the panel's
          // cached sign-in check (current-user.tsx) does not match, and Testing Library empties the page after each test.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
