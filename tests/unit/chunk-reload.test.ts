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

  it('never reloads where the tab has no storage to note it in (site data blocked): it could loop', () => {
    const reload = vi.fn();
    const refusing = { getItem: () => { throw new DOMException('The operation is insecure.', 'SecurityError'); } } as unknown as Storage;
    for (const storage of [null, refusing]) {
      const stop = reloadOnChunkFailure(storage, () => 9_000_000, reload, () => true);
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
      stop();
    }
    expect(reload).not.toHaveBeenCalled();
    // The storage's very getter throws there: starting must not (the app would never hydrate).
    const own = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
    Object.defineProperty(window, 'sessionStorage', { configurable: true, get: () => { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
    try {
      expect(() => reloadOnChunkFailure()()).not.toThrow();
    } finally {
      if (own) Object.defineProperty(window, 'sessionStorage', own);
      else delete (window as unknown as Record<string, unknown>).sessionStorage;
    }
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
