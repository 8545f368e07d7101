import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSerialized } from '../../lib/http-cache';
import { requestedDeliveryDate } from '../shop/shop.service';
import { catalogAnswers, shuffle } from './catalog.service';
import { CATALOG } from '#shared/api/routes/catalog';
import { serve } from '../../lib/table-route';

/**
 * The catalog: public, the same for every visitor of a date, so answered from the in-process copy
 * of each date (server/lib/read-cache.ts, dropped on any catalog change) serialized once, with an
 * ETag. No session is read: nothing here depends on the visitor.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRoute = { session: false };

  await serve(app, CATALOG.getMenus, { config: publicRoute }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    return sendSerialized(request, reply, await catalogAnswers.menus(app.db, date));
  });

  await serve(app, CATALOG.getMenusById, { config: publicRoute }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    return sendSerialized(request, reply, await catalogAnswers.menu(app.db, date, request.params.id));
  });

  await serve(app, CATALOG.getProducts, { config: publicRoute }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    return sendSerialized(request, reply, await catalogAnswers.products(app.db, date));
  });

  await serve(app, CATALOG.getProductsShuffle, { config: publicRoute }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    // Random on purpose: the service worker may keep a copy, browsers should not.
    reply.header('cache-control', 'no-cache');
    return shuffle(app.db, date, request.query.number);
  });

  await serve(app, CATALOG.getProductsById, { config: publicRoute }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    return sendSerialized(request, reply, await catalogAnswers.product(app.db, date, request.params.id));
  });
};
