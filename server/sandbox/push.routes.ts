import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxPushMessages, sandboxPushRefusals } from '../db/schema';

const boxParams = z.object({ id: z.string().regex(/^[\w.-]{1,100}$/) });
/** Push headers worth reading back (RFC 8030, 8291, 8292): the rest is transport. */
const KEPT_HEADERS = ['ttl', 'urgency', 'topic', 'content-encoding', 'content-type', 'authorization'];

/**
 * An emulated push service (RFC 8030) at /__sandbox/push/{box}, so that the demo and the tests
 * read real pushes, encrypted and signed: POST receives a push as a push service would (201), GET
 * lists what the box received (`[{headers, body_base64}]`, oldest first). PUT …/refusal `{status}`
 * makes the box answer 404 or 410 from then on, as a push service does once the browser dropped
 * the subscription, or 503 as one that is down (0 ends it). Kept in the database: every server of the demo sees the same boxes.
 */
export const sandboxPushRoutes: FastifyPluginAsyncZod = async (app) => {
  // A push is bytes (aes128gcm): any type but JSON is taken as bytes (this plugin's routes only).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 8 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/__sandbox/push/:id', { schema: { params: boxParams } }, async (request, reply) => {
    const box = request.params.id;
    const [refusal] = await app.db.select().from(sandboxPushRefusals).where(eq(sandboxPushRefusals.box, box));
    if (refusal)
      return reply.code(refusal.status).send({
        message: refusal.status === 410 ? 'Subscription expired' : refusal.status === 404 ? 'Subscription not found' : 'Service unavailable',
      });
    const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (typeof request.headers[name] === 'string' ? [[name, request.headers[name]]] : [])));
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const [row] = await app.db
      .insert(sandboxPushMessages)
      .values({ box, headers, bodyBase64: body.toString('base64') })
      .returning({ id: sandboxPushMessages.id });
    return reply.code(201).header('location', `/__sandbox/push/${box}/${row!.id}`).send();
  });

  app.get('/__sandbox/push/:id', { schema: { params: boxParams } }, async (request) => {
    const rows = await app.db.select().from(sandboxPushMessages).where(eq(sandboxPushMessages.box, request.params.id)).orderBy(asc(sandboxPushMessages.id));
    return rows.map((r) => ({
      headers: r.headers,
      body_base64: r.bodyBase64,
    }));
  });

  app.put(
    '/__sandbox/push/:id/refusal',
    {
      schema: {
        params: boxParams,
        body: z.object({
          status: z.union([z.literal(0), z.literal(404), z.literal(410), z.literal(503)]),
        }),
      },
    },
    async (request) => {
      const box = request.params.id;
      const { status } = request.body;
      if (status === 0) await app.db.delete(sandboxPushRefusals).where(eq(sandboxPushRefusals.box, box));
      else
        await app.db.insert(sandboxPushRefusals).values({ box, status }).onConflictDoUpdate({
          target: sandboxPushRefusals.box,
          set: { status },
        });
      return { box, status };
    },
  );
};
