import { describe, expect, it, vi } from 'vitest';
import { reloadOnChunkFailure } from '../../src/features/pwa/chunk-reload';

describe('chunk load failure', () => {
  it('reloads once, and not again within 60 s', () => {
    let now = 1_000_000;
    const reload = vi.fn();
    const stop = reloadOnChunkFailure(sessionStorage, () => now, reload);
    const fail = () => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    now += 30_000;
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    now += 31_000;
    fail();
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does not reload offline: a chunk never fetched is missing, not replaced', () => {
    const reload = vi.fn();
    let online = false;
    sessionStorage.clear();
    const stop = reloadOnChunkFailure(sessionStorage, () => 5_000_000, reload, () => online);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    online = true;
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not reload for a load that fails as the connection returns, only later', () => {
    const reload = vi.fn();
    let now = 9_000_000;
    sessionStorage.clear();
    const stop = reloadOnChunkFailure(sessionStorage, () => now, reload, () => true);
    window.dispatchEvent(new Event('online'));
    now += 1_000;
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).not.toHaveBeenCalled();
    now += 5_000;
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });
});
