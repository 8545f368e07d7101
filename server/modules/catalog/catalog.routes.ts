import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogQuerySchema,
  menuParamsSchema,
  menuSchema,
  menusSchema,
  productDetailSchema,
  productListSchema,
  productParamsSchema,
  shuffleQuerySchema,
} from '../../../src/shared/api/catalog';
import { sendCacheable } from '../../lib/http-cache';
import { requestedDeliveryDate } from '../state/state.service';
import { dayProducts, menuById, menusForDate, productDetail, shuffle } from './catalog.service';

/** The catalog: public, the same for every visitor of a date, so briefly cacheable with an ETag. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/menus', { schema: { querystring: catalogQuerySchema, response: { 200: menusSchema } } }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    return sendCacheable(request, reply, await menusForDate(app.db, date));
  });

  app.get(
    '/api/menus/:id',
    { schema: { params: menuParamsSchema, querystring: catalogQuerySchema, response: { 200: menuSchema } } },
    async (request, reply) => {
      const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
      return sendCacheable(request, reply, await menuById(app.db, date, request.params.id));
    },
  );

  app.get('/api/products', { schema: { querystring: catalogQuerySchema, response: { 200: productListSchema } } }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    return sendCacheable(request, reply, await dayProducts(app.db, date));
  });

  app.get(
    '/api/products/shuffle',
    { schema: { querystring: shuffleQuerySchema, response: { 200: productListSchema } } },
    async (request, reply) => {
      const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
      // Random on purpose: the service worker may keep a copy, browsers should not.
      reply.header('cache-control', 'no-cache');
      return shuffle(app.db, date, request.query.number);
    },
  );

  app.get(
    '/api/products/:id',
    { schema: { params: productParamsSchema, querystring: catalogQuerySchema, response: { 200: productDetailSchema } } },
    async (request, reply) => {
      const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
      return sendCacheable(request, reply, await productDetail(app.db, date, request.params.id));
    },
  );
};
