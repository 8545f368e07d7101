import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsSchema, shopOpenSchema, stateSchema } from '#shared/api/state';
import { sendCacheable } from '../../lib/http-cache';
import { chosenDeliveryId } from '../delivery/delivery.service';
import { OPENS_A_SESSION } from '../../plugins/openapi-contract';
import { appState } from './app-state.service';
import { publicSettings, shopOpen } from './state.service';

export const stateRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The whole app state; gives an anonymous visitor a session (and its cookies) on first call. */
  app.get('/api/state', { config: { cart: true, refusals: OPENS_A_SESSION }, schema: { summary: 'The visitor’s state: customer, cart, delivery, settings', response: { 200: stateSchema } } }, async (request, reply) => {
    const session = await request.ensureSession();
    reply.header('cache-control', 'no-store');
    return appState(app.db, session, app.clock.now(), chosenDeliveryId(request), request.sessionCart);
  });

  /**
   * The shop's settings (social links, banner, features on or off): public, the same for everyone.
   * `sandbox: '1'` while payments are simulated, so every page, server-rendered, says so.
   */
  app.get('/api/settings', { config: { session: false }, schema: { summary: 'The public settings', response: { 200: settingsSchema } } }, async (request, reply) =>
    sendCacheable(request, reply, await publicSettings(app)),
  );

  app.get('/api/state/shop-open', { schema: { summary: 'Whether orders are open now', response: { 200: shopOpenSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return shopOpen(app.db, app.clock.now());
  });
};
