import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { CLOSING_ERRORS } from '#shared/api/staff-closing';
import { actorOf } from '../../plugins/staff-session';
import { closingCsv } from './closing-csv';
import { closeDay, closingOf, documentsOf, exportRange } from './closing.service';
import { CLOSING } from '#shared/api/routes/closing';
import { serve } from '../../lib/table-route';

/** The day's closing (admin): the figures, the accountant's CSV, the closing itself. */
export const closingRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, CLOSING.getStaffClosing, {}, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return closingOf(app.db, request.query.date);
  });

  await serve(app, CLOSING.getStaffClosingCsv, { config: { refusals: { 422: [CLOSING_ERRORS.range] } }, schema: { response: { 200: nonJsonAnswer('text/csv', 'One line per invoice and credit note') } } }, async (request, reply) => {
    const { from, to } = exportRange(request.query);
    const { invoices, notes } = await documentsOf(app.db, from, to);
    reply.header('cache-control', 'private, no-store');
    reply.header('content-disposition', `attachment; filename="popote-ventes-${from === to ? from : `${from}-au-${to}`}.csv"`);
    reply.type('text/csv; charset=utf-8');
    return closingCsv(invoices, notes);
  });

  await serve(app, CLOSING.postStaffClosingByDateClose, { config: { refusals: { 409: [CLOSING_ERRORS.closed, CLOSING_ERRORS.notOver, CLOSING_ERRORS.undelivered], 422: [CLOSING_ERRORS.beforeFirstSale] } } }, async (request) => closeDay(app, actorOf(request), request.params.date, request.query.confirm === 'undelivered'));
};
