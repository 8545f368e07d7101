import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryLocationsQuerySchema,
  deliveryLocationsSchema,
  deliverySchema,
  deliverySearchQuerySchema,
  selectDeliveryBodySchema,
} from '#shared/api/delivery';
import { parisInstant } from '#shared/time';
import { sendCacheable, sendSerialized } from '../../lib/http-cache';
import { deliveryDateAt, requestedDeliveryDate } from '../state/state.service';
import { recordChoice } from './delivery.repo';
import { checkChoice, DELIVERY_COOKIE, locationsAnswer, searchLocations } from './delivery.service';

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/delivery-locations',
    // Public and the same for everyone: from the in-process copy (read-cache.ts), no session read.
    { config: { session: false }, schema: { summary: 'Delivery points with their slots on a date', querystring: deliveryLocationsQuerySchema, response: { 200: deliveryLocationsSchema } } },
    async (request, reply) => {
      const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
      return sendSerialized(request, reply, await locationsAnswer(app.db, date));
    },
  );

  app.get(
    '/api/delivery-locations/search',
    { config: { session: false }, schema: { summary: 'Delivery points matching a search', querystring: deliverySearchQuerySchema, response: { 200: deliveryLocationsSchema } } },
    async (request, reply) => {
      const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
      return sendCacheable(request, reply, await searchLocations(app.db, date, request.query.search));
    },
  );

  app.post('/api/deliveries', { schema: { summary: 'Choose a delivery slot', body: selectDeliveryBodySchema, response: { 200: deliverySchema } } }, async (request, reply) => {
    const session = await request.ensureSession();
    const now = app.clock.now();
    const delivery = await checkChoice(app.db, request.body.id, await deliveryDateAt(app.db, now), now);
    await recordChoice(app.db, session.id, session.customerId, delivery.id);
    reply.setCookie(DELIVERY_COOKIE, String(delivery.id), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.env.COOKIE_SECURE,
      expires: parisInstant(delivery.starts_at.slice(0, 10), '23:59:59'),
    });
    return delivery;
  });
};
