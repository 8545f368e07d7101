/**
 * The one clock of the server. Everything that asks "what time is it" asks it, so tests (and the
 * sandbox, for e2e) can set the time; Paris dates are derived from it with src/shared/time.
 */
export interface Clock {
  now(): Date;
  /** Freeze time at an instant (tests, sandbox); null returns to real time. */
  set(instant: Date | null): void;
}

export function createClock(initial: Date | null = null): Clock {
  let frozen = initial;
  return {
    now: () => (frozen ? new Date(frozen.getTime()) : new Date()),
    set: (instant) => {
      frozen = instant;
    },
  };
}
