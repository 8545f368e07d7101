import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instantField } from '#shared/api/fields';

// The API's instants: a clock set in year 0000 or 9999 would make every date computed from it invalid.
const clockBodySchema = z.object({ now: z.nullable(instantField('L’heure doit être un instant ISO 8601 avec son décalage, entre 2000 et 2099.')) });

/**
 * Sandbox only: sets the server's clock so QA and the e2e tests can see the shop after a cut-off
 * or on another day. `{now: null}` returns to real time.
 */
export const sandboxClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/__sandbox/clock', { schema: { body: clockBodySchema } }, async (request) => {
    app.clock.set(request.body.now ? new Date(request.body.now) : null);
    return { now: app.clock.now().toISOString() };
  });
  app.get('/__sandbox/clock', async () => ({ now: app.clock.now().toISOString() }));
};
