import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Never download a browser: Debian's Chromium (ARCHITECTURE). Its headless shell (Debian's package
 * chromium-headless-shell, the same Chromium release without the browser's windowing layers, which
 * Playwright itself uses for headless runs) when installed, else the browser; CHROMIUM_PATH overrides.
 * The shell needs half the CPU for the same tests (docs/decisions/025-headless-shell.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'on-first-retry',
    // The app's service worker would answer requests page.route() should see; pwa.spec.ts allows it.
    serviceWorkers: 'block',
    // The buyer has asked for less motion (the OS setting every phone and desktop offers): the ticker
    // stands still and the carousel does not turn by itself. A moving ticker and carousel kept every
    // open page drawing frames in software (no GPU here): idle, /bmpl cost Chromium 0.36 s of CPU a
    // second and a storefront page 0.10-0.12 s, against under 0.01 s; the suite is bound by its 2 cores. The tests of the motion itself ask for it
    // (modern-shop.spec.ts, "12: comboboxes and carousel"). docs/decisions/020-suite-time.md.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } },
    // 375 px runs what can differ on a phone: layout, navigation, accessibility (axe), the console
    // walk, and the buyer flows through screens that change below 768 px (marketplace, ordering bar,
    // listings, carousel, /pending). A test tagged @width-independent proves a rule that does not
    // depend on the width (server answers, forms and flows through the same responsive screens, which
    // the 375 px axe and layout checks cover) and runs at 1280 px only. Staff screens skip themselves
    // here (desktop screens). docs/decisions/020-suite-time.md.
    { name: 'mobile', grepInvert: /@width-independent/, use: { ...devices['Pixel 5'], viewport: { width: 375, height: 740 }, channel: undefined } },
  ],
  webServer: {
    command: `node serve.mjs`,
    url: `${baseURL}/api/health`,
    // A fresh embedded database, migrations and the demo seed: 5 s on a quiet machine, 396 s once at a
    // load average of 32 on 2 cores (issue 14, docs/performance-changelog.md), where 120 s failed runs.
    timeout: 600_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1' },
  },
});
