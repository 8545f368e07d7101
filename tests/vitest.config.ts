import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));
// Two files at a time even on 2 cores: a file spends much of its time waiting on its database
// (PostgreSQL's own process, or PGlite between statements), so the default of cores − 1 (one at a
// time here) left a core idle.
const api = { environment: 'node' as const, include: ['tests/api/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: 2, globalSetup: ['tests/api/pglite-image.ts'] };

/**
 * unit: pure rules and components in jsdom. api: buildApp() with app.inject on an in-memory PGlite;
 * api-postgres: the same files on a PostgreSQL database of their own when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    root,
    projects: [
      {
        test: {
          name: 'unit',
          root,
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      { test: { name: 'api', root, ...api } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'api-postgres', root, ...api, env: { API_TEST_DATABASE: 'postgres' } } }]
        : []),
    ],
  },
});
