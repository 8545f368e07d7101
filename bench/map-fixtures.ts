/**
 * The public map service (tiles.openfreemap.org) is outside this machine. The bench's Chromium
 * resolves that host to this HTTPS server (--host-resolver-rules, --ignore-certificate-errors: the
 * certificate in bench/fixtures is a self-signed one for that name, for this use only), which
 * answers the style and the vector tiles in their real formats (Mapbox Vector Tile protobufs), cut
 * from the small GeoJSON of Lyon the e2e tests use (tests/fixtures/map/map-service.ts). The production
 * build is measured unchanged: its default style URL, its CSP and its service worker's map routes.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { mapService } from '../tests/fixtures/map/map-service';
import { ROOT } from './processes';

export const MAP_HOST = 'tiles.openfreemap.org';

export interface MapFixtureServer {
  port: number;
  /** Requests answered so far (style and tiles). */
  served: () => number;
  close: () => Promise<void>;
}

export async function startMapFixtures(port: number): Promise<MapFixtureServer> {
  const answer = mapService();
  let served = 0;
  const server: Server = createServer(
    { key: readFileSync(join(ROOT, 'bench/fixtures/map-tls-key.pem')), cert: readFileSync(join(ROOT, 'bench/fixtures/map-tls-cert.pem')) },
    (req, res) => {
      const url = new URL(req.url ?? '/', `https://${MAP_HOST}`);
      // maplibre fetches with CORS; the real service answers with these headers too.
      const headers = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=86400' };
      const found = answer(url.pathname);
      if (!found) {
        res.writeHead(404, headers).end();
        return;
      }
      served++;
      res.writeHead(200, { ...headers, 'content-type': found.contentType }).end(found.body);
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
