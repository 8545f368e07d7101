/**
 * The web floor's server: a bare Fastify with Popote's own static-file plugin (the same headers and
 * cache rules as the app's dist/, the same precompressed .br/.gz files), serving the empty Vite + React
 * page built from bench/floor-web into FLOOR_WEB_ROOT.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import staticFiles from '../server/plugins/static';

const root = process.env.FLOOR_WEB_ROOT!;
const app = Fastify({ logger: false });
await app.register(staticFiles, { root });
// Popote's pages come from its renderer, not from the static files: the floor's one page is sent
// here, as a page is (revalidated on each visit).
const page = readFileSync(join(root, 'index.html'));
app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
