import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_ERRORS, staffDateQuerySchema, staffStockRowSchema, staffStockSchema, stockBodySchema, stockParamsSchema } from '#shared/api/staff';
import { actorOf } from '../../plugins/staff-session';
import { setStock, stockOfDate } from './stock.service';

const KITCHEN = ['cuisine'] as const;

/** The day's stock for the kitchen (and admin): each dish's portions, its cap, sold out and back. */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/staff/stock', { config: { staff: KITCHEN }, schema: { summary: 'Team: the stock of a date', querystring: staffDateQuerySchema, response: { 200: staffStockSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { date: request.query.date, dishes: await stockOfDate(app.db, request.query.date) };
  });

  app.put(
    '/api/staff/stock/:date/:productId',
    { config: { staff: KITCHEN, refusals: { 409: [STAFF_ERRORS.stockBelowOrdered] } }, schema: { summary: 'Team: set a dish’s cap, or mark it sold out and back', params: stockParamsSchema, body: stockBodySchema, response: { 200: staffStockRowSchema } } },
    async (request) => setStock(app, actorOf(request), request.params.date, request.params.productId, request.body),
  );
};
