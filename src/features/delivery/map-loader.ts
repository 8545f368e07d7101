/** The map chunk (maplibre, ~450 KiB gzip) loads only where a map shows. */
export const loadDeliveryMap = () => import('./components/delivery-map');

interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether fetching the map ahead of need is worth it: never on 2g or with data saver on. */
export function shouldPrefetchMap(connection: ConnectionInfo | undefined): boolean {
  return !connection?.saveData && !/2g/.test(connection?.effectiveType ?? '');
}

/** Fetches the map chunk while the browser is idle, where the connection allows it. */
export function prefetchDeliveryMap(connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection) {
  if (!shouldPrefetchMap(connection)) return false;
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
  idle(() => void loadDeliveryMap());
  return true;
}
