import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEDGER_ERRORS } from '#shared/api/staff-ledger';
import { actorOf } from '../../plugins/staff-session';
import { decideHeld, heldReceiptsView, recordDueReceived } from './ledger-team';
import { LEDGER } from '#shared/api/routes/ledger';
import { serve } from '../../lib/table-route';

/**
 * The team's doors to the ledger (admin): receipts held for a second pair of eyes, and balances due
 * settled later in paper vouchers or cash (docs/product/money.md).
 */
export const ledgerTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, LEDGER.getStaffHeldReceipts, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { receipts: await heldReceiptsView(app.db) };
  });

  for (const [entry, decision] of [
    [LEDGER.postStaffHeldReceiptsByIdApprove, 'approve'],
    [LEDGER.postStaffHeldReceiptsByIdReject, 'reject'],
  ] as const) {
    await serve(app, entry, { config: { refusals: { 403: [LEDGER_ERRORS.ownReceipt], 404: [LEDGER_ERRORS.heldUnknown] } } }, async (request) =>
      decideHeld(app, actorOf(request), request.params.id, decision, request.body.note),
    );
  }

  await serve(app, LEDGER.postStaffOrdersByIdBalance, { config: { refusals: { 404: ['not_found'], 409: [LEDGER_ERRORS.nothingDue], 422: [LEDGER_ERRORS.dueExceeded] } } }, async (request) => recordDueReceived(app, actorOf(request), request.params.id, request.body));
};
