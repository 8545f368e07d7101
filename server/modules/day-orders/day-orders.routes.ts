import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_ERRORS } from '#shared/api/staff';
import { AppError } from '../../lib/errors';
import { actorOf } from '../../plugins/staff-session';
import { boardOrder, dayOrders } from './day-orders.service';
import { cancelOrder, refundOrder, retryOrderRefunds } from './refunds.service';
import { DAY_ORDERS } from '#shared/api/routes/day-orders';
import { serve } from '../../lib/table-route';

/** The day's orders for the team's board (admin): the list, a cancellation, a refund, a refund tried again. */
export const dayOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, DAY_ORDERS.getStaffOrders, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { date: request.query.date, orders: await dayOrders(app.db, request.query.date) };
  });

  await serve(app, DAY_ORDERS.postStaffOrdersByIdCancel, { config: { refusals: { 409: [STAFF_ERRORS.orderState] } } }, async (request) => cancelOrder(app, actorOf(request), request.params.id, request.body.reason));

  await serve(app, DAY_ORDERS.postStaffOrdersByIdRefund, { config: { refusals: { 409: [STAFF_ERRORS.orderState], 422: [STAFF_ERRORS.refundTooLarge] } } }, async (request) => refundOrder(app, actorOf(request), request.params.id, request.body));

  await serve(app, DAY_ORDERS.postStaffOrdersByIdRefundsRetry, {}, async (request) => {
    await retryOrderRefunds(app, actorOf(request), request.params.id);
    const order = await boardOrder(app.db, request.params.id);
    if (!order) throw new AppError(404, 'not_found', 'Cette commande est introuvable.');
    return order;
  });
};
