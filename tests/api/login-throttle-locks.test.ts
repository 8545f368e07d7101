import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_THROTTLE, claimLoginAttempt, recordLoginFailure, throttleKeys } from '../../server/lib/login-throttle';
import { AppError } from '../../server/lib/errors';
import { createTestApp, type TestApp } from './helpers';

/**
 * The throttle's statements, sent at once straight to the database (on PostgreSQL, over the pool's
 * connections): each takes the rows of its keys in one order, so a burst of guesses is judged or
 * held back, never turned into deadlocks (40P01). Before the give-back and the failure took their
 * rows in key order, 20 bursts of 100 deadlocked a few tries on every run.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ overload: { databaseWaiting: 1_000_000 } });
});
afterAll(() => app.close());

it('20 bursts of 100 tries on one address and account: 3 judged each time, the others held back, no deadlock', async () => {
  for (let burst = 0; burst < 20; burst++) {
    const keys = throttleKeys(`198.51.100.${burst + 1}`, `staff:verrou-${burst}@example.test`);
    const now = app.clock.now();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, async () => {
        try {
          await claimLoginAttempt(app.database.db, keys, now);
          await recordLoginFailure(app.database.db, keys, now);
          return 'judged';
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 429) return 'held back';
          const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
          return `failed: ${cause ?? String(error)}`;
        }
      }),
    );
    expect(outcomes.filter((o) => o.startsWith('failed'))).toEqual([]);
    expect(outcomes.filter((o) => o === 'judged')).toHaveLength(LOGIN_THROTTLE.pair.free);
  }
}, 60_000);
