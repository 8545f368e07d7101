/**
 * The one clock of the server. Everything that asks "what time is it" asks it, so tests (and the
 * sandbox, for e2e) can set the time; Paris dates are derived from it with src/shared/time.
 */
export interface Clock {
  now(): Date;
  /** Freeze time at an instant (tests, sandbox); null returns to real time. */
  set(instant: Date | null): void;
  /**
   * Whether now() is everyone's time, so that work on other customers' rows may go by it
   * (releasing abandoned carts, deleting expired rows). Always, except in the sandbox while test
   * scopes keep times of their own (server/sandbox/scope.ts): a scope set a day ahead would
   * release every other test's cart. Each customer's own rows still expire by their own time, as
   * their requests read them.
   */
  shared(): boolean;
}

export function createClock(initial: Date | null = null): Clock {
  let frozen = initial;
  return {
    now: () => (frozen ? new Date(frozen.getTime()) : new Date()),
    set: (instant) => {
      frozen = instant;
    },
    shared: () => true,
  };
}
