import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { CLOSING_ERRORS, closeQuerySchema, closingCsvQuerySchema, closingParamsSchema, closingQuerySchema, closingSchema } from '#shared/api/staff-closing';
import { actorOf } from '../../plugins/staff-session';
import { closingCsv } from './closing-csv';
import { closeDay, closingOf, documentsOf, exportRange } from './closing.service';

/** The day's closing (admin): the figures, the accountant's CSV, the closing itself. */
export const closingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/staff/closing', { schema: { summary: 'Team: a day’s closing figures', querystring: closingQuerySchema, response: { 200: closingSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return closingOf(app.db, request.query.date);
  });

  app.get(
    '/api/staff/closing.csv',
    {
      config: { refusals: { 422: [CLOSING_ERRORS.range] } },
      schema: { summary: 'Team: the invoices and credit notes of a day or a period, as CSV', querystring: closingCsvQuerySchema, response: { 200: nonJsonAnswer('text/csv', 'One line per invoice and credit note') } },
    },
    async (request, reply) => {
      const { from, to } = exportRange(request.query);
      const { invoices, notes } = await documentsOf(app.db, from, to);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `attachment; filename="popote-ventes-${from === to ? from : `${from}-au-${to}`}.csv"`);
      reply.type('text/csv; charset=utf-8');
      return closingCsv(invoices, notes);
    },
  );

  app.post(
    '/api/staff/closing/:date/close',
    {
      config: { refusals: { 409: [CLOSING_ERRORS.closed, CLOSING_ERRORS.notOver, CLOSING_ERRORS.undelivered], 422: [CLOSING_ERRORS.beforeFirstSale] } },
      schema: { summary: 'Team: close a day: its figures frozen (confirm=undelivered while some of its deliveries are not done)', params: closingParamsSchema, querystring: closeQuerySchema, response: { 200: closingSchema } },
    },
    async (request) => closeDay(app, actorOf(request), request.params.date, request.query.confirm === 'undelivered'),
  );
};
