import { useSyncExternalStore } from 'react';

/**
 * Whether the courier's round is in the middle of something: taps recorded and not yet accepted by
 * the server (the outbox holds them or sends them). Said by the round page, read by the team's
 * frame, whose new-version notice waits meanwhile: a reload under a new version never lands
 * between a tap and its sending.
 */
let busy = false;
const listeners = new Set<() => void>();

export function setRoundBusy(value: boolean) {
  if (busy === value) return;
  busy = value;
  for (const listener of listeners) listener();
}

export function useRoundBusy(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => busy,
    () => false,
  );
}
