/**
 * The floor: a bare Fastify (no plugins, no hooks, no schema, no database) answering, from memory,
 * the very bytes Popote answers on the same paths. Whatever Popote does above this costs.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = JSON.parse(readFileSync(process.env.FLOOR_BODIES!, 'utf8')) as Record<string, string>;
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(bodies)) {
  app.get(path, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
}
app.get('/ready', (_request, reply) => {
  reply.send({ ok: true });
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
