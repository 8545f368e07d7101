/**
 * The public map service (tiles.openfreemap.org) is outside this machine. The bench's Chromium
 * resolves that host to this HTTPS server (--host-resolver-rules, --ignore-certificate-errors: the
 * certificate in bench/fixtures is a self-signed one for that name, for this use only), which
 * answers the style and the vector tiles in their real formats (Mapbox Vector Tile protobufs), cut
 * from the small GeoJSON of Lyon the e2e tests use (tests/e2e/map-fixtures.ts). The production
 * build is measured unchanged: its default style URL, its CSP and its service worker's map routes.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { ROOT } from './processes';

export const MAP_HOST = 'tiles.openfreemap.org';

export interface MapFixtureServer {
  port: number;
  /** Requests answered so far (style and tiles). */
  served: () => number;
  close: () => Promise<void>;
}

export async function startMapFixtures(port: number): Promise<MapFixtureServer> {
  const fixture = (name: string) => readFileSync(join(ROOT, 'tests/fixtures/map', name), 'utf8');
  const style = fixture('style.json');
  const collection = JSON.parse(fixture('lyon.geojson')) as { features: { properties: { layer: string } }[] };
  const layers = new Map<string, GeoJSONVT>();
  for (const name of new Set(collection.features.map((f) => f.properties.layer))) {
    const features = collection.features.filter((f) => f.properties.layer === name);
    layers.set(name, new GeoJSONVT({ type: 'FeatureCollection', features } as never, { maxZoom: 14 }));
  }
  let served = 0;
  const server: Server = createServer(
    { key: readFileSync(join(ROOT, 'bench/fixtures/map-tls-key.pem')), cert: readFileSync(join(ROOT, 'bench/fixtures/map-tls-cert.pem')) },
    (req, res) => {
      const url = new URL(req.url ?? '/', `https://${MAP_HOST}`);
      // maplibre fetches with CORS; the real service answers with these headers too.
      const headers = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=86400' };
      if (url.pathname === '/styles/liberty') {
        served++;
        res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(style);
        return;
      }
      const match = /^\/fixture\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(url.pathname);
      if (!match) {
        res.writeHead(404, headers).end();
        return;
      }
      const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
      const tiles: Record<string, GeoJSONVTTile> = {};
      for (const [name, index] of layers) {
        const tile = index.getTile(z, x, y);
        if (tile) tiles[name] = tile;
      }
      served++;
      res.writeHead(200, { ...headers, 'content-type': 'application/x-protobuf' }).end(Buffer.from(fromGeojsonVt(tiles, { version: 2, extent: 4096 })));
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
