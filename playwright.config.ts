import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `rbqm-e2e-${PORT}`);
/** Where the SMTP peer of the e2e service writes the messages it receives (tests/e2e/peers/mailbox.ts). */
export const E2E_MAIL_DIR = path.join(os.tmpdir(), `rbqm-e2e-${PORT}-mail`);

/**
 * Browser tests against the production build on a fresh embedded database, driving Debian's Chromium.
 * Every flow runs twice: with JavaScript enabled and disabled. The "service" project tests the process itself.
 */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js-on", testIgnore: /service\.spec\.ts/, use: { javaScriptEnabled: true } },
    // *.js-only.spec.ts: behaviour that exists only with scripts (the browser shows an offline page without them).
    { name: "js-off", testIgnore: /service\.spec\.ts|\.js-only\.spec\.ts/, use: { javaScriptEnabled: false } },
    { name: "service", testMatch: /service\.spec\.ts/ },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      E2E_MAIL_DIR,
      // Short-lived access tokens: every flow then also exercises the silent refresh.
      ACCESS_TOKEN_TTL_SECONDS: "20",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: "warn",
      // The configured addresses behind the header's Help, Study Wizard and Study Designer entries.
      HELP_URL: "https://help.rbqm.example/articles",
      KRI_WIKI_URL: "https://wiki.rbqm.example/kri",
      STUDY_DESIGNER_URL: "https://designer.rbqm.example/app",
      NODE_ENV: "production",
      ENV_FILE: "none",
      // Protocol Analysis (issue 15): a small upload limit, so that "too large" is quick to show.
      UPLOAD_MAX_BYTES: String(4 * 1024 * 1024),
      // Protocol Analysis STEP 1's external tool (issue 24: a monitor is told it is there).
      PROTOCOL_COMPLEXITY_TOOL_URL: "https://complexity.rbqm.example/assess",
    },
  },
});
