import type { Page } from './fixtures';

/**
 * Waits until the service worker in control has kept the day's catalog for offline use (it fetches
 * it once a page has loaded, and answers a WARM message with a port when done), or with 'map' the
 * map around the delivery points as well (its code, style and tiles).
 */
export function catalogKept(page: Page, until: 'catalog' | 'map' = 'catalog'): Promise<void> {
  return page.evaluate(
    (until) =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        navigator.serviceWorker.controller!.postMessage({ type: 'WARM', ...(until === 'map' ? { until } : {}) }, [channel.port2]);
      }),
    until,
  );
}
