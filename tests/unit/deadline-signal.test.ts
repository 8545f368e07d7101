import { afterEach, describe, expect, it, vi } from 'vitest';
import { deadlineSignal } from '../../src/lib/deadline-signal';

afterEach(() => {
  vi.useRealTimers();
});

describe('a deadline signal', () => {
  it('aborts at its deadline, not a millisecond before, with a TimeoutError as AbortSignal.timeout does', () => {
    vi.useFakeTimers();
    const { signal } = deadlineSignal(10_000);
    vi.advanceTimersByTime(9_999);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(DOMException);
    expect(signal.reason).toMatchObject({ name: 'TimeoutError' });
  });

  it('gives a fetch it ends the same rejection as AbortSignal.timeout', async () => {
    const ours = deadlineSignal(5);
    const theirs = AbortSignal.timeout(5);
    const stalled = (signal: AbortSignal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    const [mine, native] = await Promise.allSettled([stalled(ours.signal), stalled(theirs)]);
    expect(mine).toMatchObject({ status: 'rejected', reason: { name: 'TimeoutError' } });
    expect(native).toMatchObject({ status: 'rejected', reason: { name: 'TimeoutError' } });
  });

  it('cleared once its call has ended, it leaves no timer and never aborts', () => {
    vi.useFakeTimers();
    const { signal, clear } = deadlineSignal(10_000);
    expect(vi.getTimerCount()).toBe(1);
    clear();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(signal.aborted).toBe(false);
  });
});
