import { defineConfig } from '@playwright/test';
import { findChromium } from '../../../scripts/chromium.mjs';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * End-to-end tests in Chromium (CHROMIUM_PATH, /usr/bin/chromium, one on the PATH or Playwright's own: scripts/chromium.mjs)
 * against the stack `npm start` runs (started once in global setup).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // The repository's test-results/ (this file is in apps/web/e2e): traces and screenshots of failed tests.
  outputDir: '../../../test-results/e2e',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium()?.path, args: chromiumArgs },
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
});
