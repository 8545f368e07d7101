/**
 * The web floor's server: a bare Fastify with Popote's own static-file plugin (the same headers and
 * cache rules as the app's dist/, the same precompressed .br/.gz files), serving the empty Vite + React
 * page built from bench/floor-web into FLOOR_WEB_ROOT.
 */
import Fastify from 'fastify';
import staticFiles from '../server/plugins/static';

const app = Fastify({ logger: false });
await app.register(staticFiles, { root: process.env.FLOOR_WEB_ROOT! });
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
