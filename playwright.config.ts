import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium';
import { smtpSinkUrl } from './test/smtp-sink';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * A fresh embedded database per run, seeded with the demo business. Named once, in the runner, and handed to
 * the workers in the environment: tests/e2e/db.ts opens it for what no endpoint makes (a company's manager).
 */
/**
 * Where the server sends mail: a sink that a browser test starts on this port while it needs one
 * (tests/e2e/rider-reset.e2e.ts); at other times nothing listens, every send is refused at once and the
 * app behaves as when a mail server is down (nothing is reported as e-mailed).
 */
export const E2E_SMTP_PORT = PORT + 2000;
const DB_FILE = (process.env.E2E_DB_FILE ??= `./.tmp/e2e-${Date.now()}.db`);

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'bun src/server/index.ts',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${DB_FILE}`,
      SEED_DEMO: 'true',
      // The demo simulator would move the seeded riders and deliver their orders under the tests' feet.
      SIMULATE_DEMO: 'false',
      NODE_ENV: 'test',
      SMTP_URL: smtpSinkUrl(E2E_SMTP_PORT),
      SMTP_TIMEOUT_MS: '2000',
      // Every browser test signs in from 127.0.0.1; the lock-out itself is covered by the API tests.
      LOGIN_MAX_FAILURES: '1000',
      // Map tiles from the test server itself (src/server/http/e2e-tiles.ts, NODE_ENV=test only): the closed network
      // reaches no tile host, and these go through the service worker's tile cache as a real host's would.
      MAP_TILE_URL: `http://127.0.0.1:${PORT}/e2e-tiles/{z}/{x}/{y}.png`,
    },
  },
});
