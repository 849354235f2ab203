import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./scripts/chromium.mjs";
import { E2E_ACCOUNTS } from "./tests/e2e/accounts";
import { SITE_CLOCK_FILE } from "./tests/e2e/clock";
import { MAIL } from "./tests/e2e/mailbox";
import { PAYSTACK } from "./tests/e2e/paystack";
import { PUSH_SERVICE_FILE } from "./tests/e2e/push-service";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(os.tmpdir(), `newsdesk-e2e-${port}`);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const buildDir = process.env.BUILD_DIR ?? "build";
// UNSAFE_TEST_PUSH_SERVICE: the alert journey's own push service, on 127.0.0.1 (tests/e2e/push-service.ts).
const env = `BUILD_DIR=${buildDir} DATA_DIR=${dataDir} PORT=${port} ADMIN_EMAIL=${E2E_ACCOUNTS.admin.email} ADMIN_PASSWORD=${E2E_ACCOUNTS.admin.password} SCHEDULER_INTERVAL_MS=5000 UNSAFE_TEST_PUSH_SERVICE=${PUSH_SERVICE_FILE}`;
// The e-mail site and its mailbox, on the ports after the main site's (see tests/e2e/mailbox.ts); it
// takes payments through the Paystack stand-in on the port after those (tests/e2e/paystack.ts).
// UNSAFE_TEST_CLOCK_FILE: the day-pass journey moves this site's clock a day ahead (tests/e2e/clock.ts).
const mailDataDir = path.join(os.tmpdir(), `newsdesk-e2e-mail-${port}`);
const mailEnv = `BUILD_DIR=${buildDir} DATA_DIR=${mailDataDir} PORT=${MAIL.sitePort} ADMIN_EMAIL=${E2E_ACCOUNTS.admin.email} ADMIN_PASSWORD=${E2E_ACCOUNTS.admin.password} SMTP_URL=smtp://127.0.0.1:${MAIL.smtpPort} NEWSLETTER_SEND_RATE=1 PAYSTACK_SECRET_KEY=${PAYSTACK.secretKey} PAYSTACK_API_URL=${PAYSTACK.apiUrl} UNSAFE_TEST_CLOCK_FILE=${SITE_CLOCK_FILE}`;
const createAccounts = Object.values(E2E_ACCOUNTS)
  .filter((a) => a.role !== "admin")
  .map(
    (a) =>
      `${env} node bin/newsdesk.mjs user:create --email ${a.email} --password ${a.password} --role ${a.role} --name "${a.name}"`,
  )
  .join(" && ");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "list" : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_FLAGS,
    },
  },
  // One server and one database for the whole run: the reader journeys read the sample content first,
  // then the staff journeys change it (publish, Breaking News, new users).
  projects: [
    {
      name: "reader",
      testMatch: /(foundation|reader-[\w-]+)\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"] },
    },
    {
      // Staff e-mail (password reset, invitations) on the second site, the one with SMTP_URL.
      name: "email",
      testMatch: /(staff-email|newsletter-mail|newsletter-compose|member-sign-in|member-day-pass)\.spec\.ts$/,
      // One journey at a time on this site, even when a run is given more workers: the day-pass journey
      // moves the site's clock a day ahead for a moment (tests/e2e/clock.ts), which no other journey
      // here may meet (a sign-in link or a scheduled issue read a day late).
      workers: 1,
      use: { ...devices["Desktop Chrome"], baseURL: MAIL.site },
    },
    {
      name: "newsroom",
      // Every journey that signs in; they run after the reader journeys on the same server and database.
      testMatch:
        /(back-office|back-office-phone|newsroom|settings|settings-effects|editions|translations|ads|code-snippets|media|media-editor|dashboard-numbers|editor-safety|revisions|messages|scheduling|article-seo|subscribers|push-alerts|back-office-csp|public-csp|profile-sessions|two-factor|slow-hydration|live-coverage|offline-reading|revenue-screens)\.spec\.ts$/,
      dependencies: ["reader"],
      use: { ...devices["Desktop Chrome"] },
    },
  ],
  webServer: [
    {
      // A fresh embedded database for every run, with one account per role.
      command: `rm -rf ${dataDir} ${PUSH_SERVICE_FILE} && ${createAccounts} && ${env} node bin/newsdesk.mjs start`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The mailbox the e-mail journeys read: a real SMTP server (scripts/e2e-mailbox.mjs).
      command: `node scripts/e2e-mailbox.mjs ${MAIL.smtpPort} ${MAIL.httpPort}`,
      url: `${MAIL.inbox}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The Paystack stand-in the e-mail site's readers pay on (scripts/e2e-paystack.ts).
      command: `node --import tsx scripts/e2e-paystack.ts ${PAYSTACK.port} ${PAYSTACK.secretKey} ${PAYSTACK.webhookUrl}`,
      url: `${PAYSTACK.apiUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // A second site, with e-mail configured (SMTP_URL), for the staff e-mail journeys only.
      command: `rm -rf ${mailDataDir} ${SITE_CLOCK_FILE} && ${mailEnv} node bin/newsdesk.mjs start`,
      url: `${MAIL.site}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
