/**
 * A signal aborted `ms` from now with a TimeoutError, as `AbortSignal.timeout(ms)`, but on
 * `setTimeout`: a test's clock (Playwright's `page.clock`, vitest's fake timers) moves it, where
 * the browser's own timeout cannot be moved, so a test proves a deadline without waiting it out.
 * `clear()` stops the timer once the call has ended: no timer outlives its call.
 */
export interface Deadline {
  signal: AbortSignal;
  clear: () => void;
}

export function deadlineSignal(ms: number): Deadline {
  const controller = new AbortController();
  // The reason AbortSignal.timeout gives: a fetch it ends rejects with it, a TimeoutError.
  const timer = setTimeout(() => controller.abort(new DOMException('signal timed out', 'TimeoutError')), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
