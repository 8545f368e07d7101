import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH } from '#shared/api/routes/health';
import { serve } from '../../lib/table-route';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * For load balancers and operators: 200 when the database answers, 503 otherwise. It never reads
   * the caller's session: with a session cookie and the database down, that read would fail first
   * and its error envelope does not fit this route's 503 answer (it came out as a 500).
   */
  await serve(app, HEALTH.getHealth, { config: { session: false }, schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await app.database.ping();
      return { status: 'ok' as const, database: 'up' as const };
    } catch (err) {
      request.log.warn({ err }, 'health: database unreachable');
      return reply.code(503).send({ status: 'degraded', database: 'down' });
    }
  });
};
