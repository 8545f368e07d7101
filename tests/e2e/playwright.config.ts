import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, headlessShellPath } from '../../scripts/chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Another port lets a second run (another checkout) go on beside this one. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const phone = { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, browserName: 'chromium' as const };
/** The specs that need the full browser, not the headless shell. */
const FULL_BROWSER = /\/push\.spec\.ts$/;

/**
 * e2e against the production build (`npm run build` first: the PWA and the compiled server) on a fresh
 * in-memory database, sandbox on. Two workers share the server: each test's clock and provider
 * switches live in a sandbox scope of its own (tests/e2e/fixtures.ts).
 */
export default defineConfig({
  testDir: '.',
  outputDir: '.artifacts',
  // Before the server stops: the ledger and the audit trail of everything the suite did, checked.
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 2,
  // One retry: a test that passes only on its second run is reported as flaky, not hidden.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Guards against a hang, not a measure of speed (the bench measures speed): on a shared 2-core
  // machine one long journey alone took 18 s, and twice that beside the other worker.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // The service worker installs in every new context, downloading the whole precache: a test of
    // a screen or a journey does not need it, and runs about a quarter faster without. The specs of
    // offline, flaky networks and the worker itself (and the console watch over every route)
    // allow it.
    serviceWorkers: 'block',
    // Recording every test (and keeping the failures') cost CPU on every passing test: the trace
    // is taken on the retry of a failed test instead.
    trace: 'on-first-retry',
    // The headless shell where it is installed (scripts/chromium.ts); the specs that need the full
    // browser have a project of their own below.
    launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'phone', use: phone, testIgnore: FULL_BROWSER },
    // Push notifications are shown only by a full browser (the offer to install the app too, whose
    // test launches one of its own: offline-sw.spec.ts).
    { name: 'phone-full', use: { ...phone, launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } }, testMatch: FULL_BROWSER },
    // The desktop project runs what changes with the width: every screen and overlay
    // (accessibility.spec.ts: axe and the layout check at both sizes, which also catches a page
    // hydrated differently at this width), the shell's navigation, the contact forms (files are
    // dropped on a desktop), the map beside the list, the keyboard, the server's pages and the
    // team's office screens. Journeys whose logic does not change with the width (payments,
    // offline, flaky networks, the service worker, the courier's round, accounts, cart, catalog,
    // security) run once, on the phone, where customers are: run twice they cost CI minutes and
    // checked nothing more (docs/testing.md).
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' }, testMatch: /\/(accessibility|shell|contact|delivery-map|delivery-search|keyboard|server-rendering|team)\.spec\.ts$/ },
  ],
  webServer: {
    command: 'node --enable-source-maps dist-server/index.mjs',
    cwd: root,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: 'memory://', LOG_LEVEL: 'warn', SANDBOX: '1', RATE_LIMIT_FACTOR: '50', PUBLIC_URL: `http://localhost:${PORT}` },
  },
});
