import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { REPLACING_MODULES } from './api/replacing-modules';

const root = fileURLToPath(new URL('..', import.meta.url));
// Two files at a time even on 2 cores: a file spends much of its time waiting on its database
// (PostgreSQL's own process, or PGlite between statements), so the default of cores − 1 (one at a
// time here) left a core idle.
const apiBase = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 60_000, maxWorkers: 2, globalSetup: ['tests/api/database-images.ts'] };
// Each worker keeps the modules it loaded from one API file to the next (not isolated): the server
// was imported anew for every file, some 2 s each, which made the API phase 2.4 times longer (670 s
// against 275 s for both databases). Every file makes its own app and database all the same
// (tests/api/helpers.ts). A file that replaces a module (vi.mock) needs a registry of its own: it
// is listed (tests/api/replacing-modules.ts) and runs isolated, in a project of its own.
const api = { ...apiBase, include: ['tests/api/**/*.test.ts'], exclude: REPLACING_MODULES, isolate: false };
const apiIsolated = { ...apiBase, include: REPLACING_MODULES, isolate: true };
const onPostgres = { env: { API_TEST_DATABASE: 'postgres' } };

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
          // Two files at a time (the default is cores − 1: one here): each file's jsdom is most of
          // its time, 86 s against 55 s for the phase. Still isolated: sharing a worker's modules
          // (9 s) made files depend on each other's order (a replaced module, a module's own
          // state), seen with --sequence.shuffle.
          maxWorkers: 2,
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      { test: { name: 'api', root, ...api } },
      { test: { name: 'api-isolated', root, ...apiIsolated } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            { test: { name: 'api-postgres', root, ...api, ...onPostgres } },
            { test: { name: 'api-postgres-isolated', root, ...apiIsolated, ...onPostgres } },
          ]
        : []),
    ],
  },
});
