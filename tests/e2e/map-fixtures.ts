import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { BrowserContext } from '@playwright/test';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../fixtures/map/${name}`, import.meta.url)), 'utf8');

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
  const style = fixture('style.json');
  const collection = JSON.parse(fixture('lyon.geojson')) as { features: { properties: { layer: string } }[] };
  const layers = new Map<string, GeoJSONVT>();
  for (const name of new Set(collection.features.map((f) => f.properties.layer))) {
    const features = collection.features.filter((f) => f.properties.layer === name);
    layers.set(name, new GeoJSONVT({ type: 'FeatureCollection', features } as never, { maxZoom: 14 }));
  }
  let served = 0;
  let offline = false;
  await context.route('https://tiles.openfreemap.org/**', async (route) => {
    if (offline) return route.abort('internetdisconnected');
    const url = new URL(route.request().url());
    if (url.pathname === '/styles/liberty') return route.fulfill({ status: 200, contentType: 'application/json', body: style });
    const match = /^\/fixture\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(url.pathname);
    if (!match) return route.fulfill({ status: 404, body: '' });
    const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
    const tiles: Record<string, GeoJSONVTTile> = {};
    for (const [name, index] of layers) {
      const tile = index.getTile(z, x, y);
      if (tile) tiles[name] = tile;
    }
    served++;
    return route.fulfill({ status: 200, contentType: 'application/x-protobuf', body: Buffer.from(fromGeojsonVt(tiles, { version: 2, extent: 4096 })) });
  });
  return { tiles: () => served, setOffline: (value) => (offline = value) };
}
