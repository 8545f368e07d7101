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
} from '#shared/api/catalog';
import { sendSerialized } from '../../lib/http-cache';
import { requestedDeliveryDate } from '../shop/shop.service';
import { catalogAnswers, shuffle } from './catalog.service';

/**
 * The catalog: public, the same for every visitor of a date, so answered from the in-process copy
 * of each date (server/lib/read-cache.ts, dropped on any catalog change) serialized once, with an
 * ETag. No session is read: nothing here depends on the visitor.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicRoute = { session: false };

  app.get('/api/menus', { config: publicRoute, schema: { summary: 'The formulas offered on a date', querystring: catalogQuerySchema, response: { 200: menusSchema } } }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    return sendSerialized(request, reply, await catalogAnswers.menus(app.db, date));
  });

  app.get(
    '/api/menus/:id',
    { config: publicRoute, schema: { summary: 'One formula offered on a date', params: menuParamsSchema, querystring: catalogQuerySchema, response: { 200: menuSchema } } },
    async (request, reply) => {
      const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
      return sendSerialized(request, reply, await catalogAnswers.menu(app.db, date, request.params.id));
    },
  );

  app.get(
    '/api/products',
    { config: publicRoute, schema: { summary: 'Every dish cooked on a date', querystring: catalogQuerySchema, response: { 200: productListSchema } } },
    async (request, reply) => {
      const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
      return sendSerialized(request, reply, await catalogAnswers.products(app.db, date));
    },
  );

  app.get(
    '/api/products/shuffle',
    { config: publicRoute, schema: { summary: 'Random dishes of the day with portions left', querystring: shuffleQuerySchema, response: { 200: productListSchema } } },
    async (request, reply) => {
      const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
      // Random on purpose: the service worker may keep a copy, browsers should not.
      reply.header('cache-control', 'no-cache');
      return shuffle(app.db, date, request.query.number);
    },
  );

  app.get(
    '/api/products/:id',
    { config: publicRoute, schema: { summary: 'One dish, by id or slug', params: productParamsSchema, querystring: catalogQuerySchema, response: { 200: productDetailSchema } } },
    async (request, reply) => {
      const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
      return sendSerialized(request, reply, await catalogAnswers.product(app.db, date, request.params.id));
    },
  );
};
