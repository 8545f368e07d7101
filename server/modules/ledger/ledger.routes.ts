import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEDGER_ERRORS, decisionAnswerSchema, decisionBodySchema, dueAnswerSchema, heldReceiptParamsSchema, heldReceiptsSchema, staffDueBodySchema } from '#shared/api/staff-ledger';
import { staffIdParamsSchema } from '#shared/api/staff';
import { actorOf } from '../../plugins/staff-session';
import { decideHeld, heldReceiptsView, recordDueReceived } from './ledger-team';

/**
 * The team's doors to the ledger (admin): receipts held for a second pair of eyes, and balances due
 * settled later in paper vouchers or cash (docs/product/money.md).
 */
export const ledgerTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/staff/held-receipts', { schema: { summary: 'Team: what couriers received beyond the declarations, waiting for an admin', response: { 200: heldReceiptsSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { receipts: await heldReceiptsView(app.db) };
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/staff/held-receipts/:id/${decision}`,
      {
        config: { refusals: { 403: [LEDGER_ERRORS.ownReceipt], 404: [LEDGER_ERRORS.heldUnknown] } },
        schema: {
          summary: decision === 'approve' ? 'Team: credit a held receipt to the customer’s pool, with a note' : 'Team: refuse a held receipt, with a note',
          params: heldReceiptParamsSchema,
          body: decisionBodySchema,
          response: { 200: decisionAnswerSchema },
        },
      },
      async (request) => decideHeld(app, actorOf(request), request.params.id, decision, request.body.note),
    );
  }

  app.post(
    '/api/staff/orders/:id/balance',
    {
      config: { refusals: { 404: ['not_found'], 409: [LEDGER_ERRORS.nothingDue], 422: [LEDGER_ERRORS.dueExceeded] } },
      schema: { summary: 'Team: a balance due received later, in paper vouchers or cash', params: staffIdParamsSchema, body: staffDueBodySchema, response: { 200: dueAnswerSchema } },
    },
    async (request) => recordDueReceived(app, actorOf(request), request.params.id, request.body),
  );
};
