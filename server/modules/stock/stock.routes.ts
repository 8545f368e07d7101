import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_ERRORS } from '#shared/api/staff';
import { actorOf } from '../../plugins/staff-session';
import { setStock, stockOfDate } from './stock.service';
import { STOCK } from '#shared/api/routes/stock';
import { serve } from '../../lib/table-route';

const KITCHEN = ['cuisine'] as const;

/** The day's stock for the kitchen (and admin): each dish's portions, its cap, sold out and back. */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, STOCK.getStaffStock, { config: { staff: KITCHEN } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { date: request.query.date, dishes: await stockOfDate(app.db, request.query.date) };
  });

  await serve(app, STOCK.putStaffStockByDateByProductId, { config: { staff: KITCHEN, refusals: { 409: [STAFF_ERRORS.stockBelowOrdered] } } }, async (request) => setStock(app, actorOf(request), request.params.date, request.params.productId, request.body));
};
