import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium.ts";

/**
 * Browser tests against the production build (`npm run build` first), on a
 * fresh embedded database seeded with the demo data, with a local OpenID
 * provider standing in for Google. Debian Chromium; Playwright's own browser
 * download cannot work here.
 */
/** Overridable so two suites (or two people) can run side by side on one machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4179);
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";
export const BASE_URL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: /.*\.e2e\.ts$/,
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Generous: on some of the 2-core machines CI runs on, Debian Chromium is several times slower
  // (each new browser context ~0.7 s, rendering likewise) while Node runs at normal speed; a test
  // that takes 15 s on one machine takes 40 s on another. Tests wait on what a user sees, never on time.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: BASE_URL,
    // A click or a page load that waits this long has hung: failing here names the step
    // (the test's own timeout reports only that time ran out).
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: `node --import tsx tests/e2e/support/oidc-server.ts`,
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OIDC_PORT: String(OIDC_PORT), APP_URL: BASE_URL },
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node server.js`,
      url: `${BASE_URL}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: BASE_URL,
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: "",
        SMTP_URL: "",
        SEED_DEMO: "1",
        AUTH_RATE_LIMIT: "0",
        // Short, so a test can see "Resend" refused and then allowed again.
        CONFIRMATION_RESEND_COOLDOWN_SECONDS: "6",
        LOG_LEVEL: "warn",
        GOOGLE_CLIENT_ID: "marketplace-e2e",
        GOOGLE_CLIENT_SECRET: "marketplace-e2e-secret",
        GOOGLE_ISSUER: `http://localhost:${OIDC_PORT}`,
      },
    },
  ],
});
