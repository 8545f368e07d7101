import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chosenDeliveryId } from '../delivery/delivery.service';
import { OPENS_A_SESSION } from '../../plugins/openapi-contract';
import { appState } from './state.service';
import { STATE } from '#shared/api/routes/state';
import { serve } from '../../lib/table-route';

export const stateRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The whole app state; gives an anonymous visitor a session (and its cookies) on first call. */
  await serve(app, STATE.getState, { config: { cart: true, refusals: OPENS_A_SESSION } }, async (request, reply) => {
    const session = await request.ensureSession();
    reply.header('cache-control', 'no-store');
    return appState(app.db, session, app.clock.now(), chosenDeliveryId(request), request.sessionCart);
  });
};
