import { describe, expect, it, vi } from 'vitest';
import { reloadOnChunkFailure } from '../../src/features/pwa/chunk-reload';

describe('chunk load failure (shop.md §4)', () => {
  it('reloads once, and not again within 60 s', () => {
    let now = 1_000_000;
    const reload = vi.fn();
    reloadOnChunkFailure(sessionStorage, () => now, reload);
    const fail = () => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    now += 30_000;
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    now += 31_000;
    fail();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
