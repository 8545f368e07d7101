/**
 * The API test files that replace a module of the server (vi.mock): they need a module registry of
 * their own, so they run isolated (tests/vitest.config.ts); the others share their worker's. A
 * unit test (tests/unit/test-isolation.test.ts) fails when a file using vi.mock is missing here.
 */
export const REPLACING_MODULES = ['tests/api/auth-login.test.ts'];
