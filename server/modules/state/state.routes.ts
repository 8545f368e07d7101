import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stateSchema } from '#shared/api/state';
import { chosenDeliveryId } from '../delivery/delivery.service';
import { OPENS_A_SESSION } from '../../plugins/openapi-contract';
import { appState } from './state.service';

export const stateRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The whole app state; gives an anonymous visitor a session (and its cookies) on first call. */
  app.get('/api/state', { config: { cart: true, refusals: OPENS_A_SESSION }, schema: { summary: 'The visitor’s state: customer, cart, delivery, settings', response: { 200: stateSchema } } }, async (request, reply) => {
    const session = await request.ensureSession();
    reply.header('cache-control', 'no-store');
    return appState(app.db, session, app.clock.now(), chosenDeliveryId(request), request.sessionCart);
  });
};
