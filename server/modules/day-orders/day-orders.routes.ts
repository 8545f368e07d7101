import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_ERRORS, cancelBodySchema, refundAnswerSchema, refundBodySchema, staffDateQuerySchema, staffIdParamsSchema, staffOrderSchema, staffOrdersSchema } from '#shared/api/staff';
import { AppError } from '../../lib/errors';
import { actorOf } from '../../plugins/staff-session';
import { boardOrder, dayOrders } from './day-orders.service';
import { cancelOrder, refundOrder, retryOrderRefunds } from './refunds.service';

/** The day's orders for the team's board (admin): the list, a cancellation, a refund, a refund tried again. */
export const dayOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/staff/orders', { schema: { summary: 'Team: the orders to deliver on a date', querystring: staffDateQuerySchema, response: { 200: staffOrdersSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { date: request.query.date, orders: await dayOrders(app.db, request.query.date) };
  });

  app.post(
    '/api/staff/orders/:id/cancel',
    { config: { refusals: { 409: [STAFF_ERRORS.orderState] } }, schema: { summary: 'Team: cancel an order and pay each means back', params: staffIdParamsSchema, body: cancelBodySchema, response: { 200: refundAnswerSchema } } },
    async (request) => cancelOrder(app, actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/staff/orders/:id/refund',
    { config: { refusals: { 409: [STAFF_ERRORS.orderState], 422: [STAFF_ERRORS.refundTooLarge] } }, schema: { summary: 'Team: refund part of an order', params: staffIdParamsSchema, body: refundBodySchema, response: { 200: refundAnswerSchema } } },
    async (request) => refundOrder(app, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/staff/orders/:id/refunds/retry',
    { schema: { summary: 'Team: try a pending refund again now', params: staffIdParamsSchema, response: { 200: staffOrderSchema } } },
    async (request) => {
      await retryOrderRefunds(app, actorOf(request), request.params.id);
      const order = await boardOrder(app.db, request.params.id);
      if (!order) throw new AppError(404, 'not_found', 'Cette commande est introuvable.');
      return order;
    },
  );
};
