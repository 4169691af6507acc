import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chromium';

// One data folder per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sideline-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3217);
// The journeys expect the demo league's week 10 all ahead and weeks 1–9 played. Seeded on a
// Saturday, week 10 is today and part played (server/db/seed/demo-calendar.ts), so on a Saturday
// (UTC) the league is seeded as of the next day.
const DAY = 86_400_000;
const demoSeedAt = new Date(Date.now() + (new Date().getUTCDay() === 6 ? DAY : 0)).toISOString();

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npm start',
    url: `http://localhost:${port}/api/csrf`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      DEMO_SEED_AT: demoSeedAt,
      HOST: '127.0.0.1',
      // Every browser of the suite registers and signs in from 127.0.0.1.
      REGISTER_MAX_PER_ADDRESS: '100000',
      LOGIN_ADDRESS_MAX_FAILURES: '100000',
    },
  },
});
