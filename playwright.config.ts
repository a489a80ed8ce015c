import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The browser tests run against the production build on a fresh database with demo content.
const PORT = Number(process.env.BROWSER_TEST_PORT ?? 4173);
const dataDir = process.env.BROWSER_TEST_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "pneuma-browser-"));
process.env.BROWSER_TEST_DATA_DIR = dataDir; // workers re-read this file; keep one directory

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/browser",
  outputDir: "test-results/browser",
  timeout: 30_000,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/browser.json" }]],
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: "retain-on-failure", launchOptions: chromium },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions: chromium } },
    { name: "phone", use: { ...devices["Pixel 5"], viewport: { width: 360, height: 780 }, launchOptions: chromium } },
  ],
  webServer: {
    command: "node server.js",
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "browser-test-password",
      LOG_LEVEL: "warn",
      RATE_LIMITS: "off",
    },
  },
});
