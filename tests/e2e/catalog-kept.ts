import type { Page } from './fixtures';

/**
 * Waits until the service worker in control has kept the day's catalog for offline use (it fetches
 * it once a page has loaded, and answers a WARM message with a port when done).
 */
export function catalogKept(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        navigator.serviceWorker.controller!.postMessage({ type: 'WARM' }, [channel.port2]);
      }),
  );
}
