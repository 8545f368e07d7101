import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Faults, concurrency and two instances: real server processes on a PostgreSQL database of each
 * file's own (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres). Files run one
 * after another: each starts server processes of its own and some measure concurrency.
 */
export default defineConfig({
  test: {
    root,
    name: 'stress',
    environment: 'node',
    include: ['tests/stress/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 90_000,
  },
});
