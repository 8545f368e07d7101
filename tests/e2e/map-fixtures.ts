import type { BrowserContext } from './fixtures';
import { mapService } from '../fixtures/map/map-service';

export interface MapFixtures {
  /** Tiles served so far. */
  tiles: () => number;
  /**
   * A route fulfils requests even when the context is offline: offline, the fixtures answer as the
   * network would (nothing), so what the page shows comes from the service worker's caches.
   */
  setOffline: (offline: boolean) => void;
}

/**
 * The public map service is outside this machine: its style and vector tiles (Mapbox Vector Tile
 * protobufs, the real format) are answered here, cut from a small GeoJSON of Lyon. Routed on the
 * context: the service worker fetches the map (and caches it), and only context routes see its
 * requests.
 */
export async function serveMapFixtures(context: BrowserContext): Promise<MapFixtures> {
  const answer = mapService();
  let served = 0;
  let offline = false;
  await context.route('https://tiles.openfreemap.org/**', async (route) => {
    if (offline) return route.abort('internetdisconnected');
    const found = answer(new URL(route.request().url()).pathname);
    if (!found) return route.fulfill({ status: 404, body: '' });
    if (found.contentType === 'application/x-protobuf') served++;
    return route.fulfill({ status: 200, contentType: found.contentType, body: found.body });
  });
  return { tiles: () => served, setOffline: (value) => (offline = value) };
}
