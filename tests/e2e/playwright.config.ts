import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Another port lets a second run (another checkout) go on beside this one. */
const PORT = Number(process.env.E2E_PORT ?? 4173);

/**
 * e2e against the production build (`npm run build` first: the PWA and the compiled server) on a fresh
 * in-memory database, sandbox on. Two workers share the server: each test's clock and provider
 * switches live in a sandbox scope of its own (tests/e2e/fixtures.ts).
 */
export default defineConfig({
  testDir: '.',
  outputDir: '.artifacts',
  fullyParallel: false,
  workers: 2,
  // One retry: a test that passes only on its second run is reported as flaky, not hidden.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, browserName: 'chromium' } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' } },
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
