import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { REMITTANCE_ERRORS } from '#shared/api/staff-remittances';
import { sendPdf } from '../../lib/pdf-reply';
import { renderRemittanceSlip } from '../../pdf/remittance-slip';
import { actorOf } from '../../plugins/staff-session';
import { advanceRemittance, createRemittance, remittanceOf, remittances } from './remittances.service';
import { CLOSING } from '#shared/api/routes/closing';
import { serve } from '../../lib/table-route';

/** Paper meal vouchers sent back to their issuers (admin): batches, their slip, sent and paid. */
export const remittancesRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, CLOSING.getStaffRemittances, {}, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return remittances(app.db, app.clock.now());
  });

  await serve(app, CLOSING.postStaffRemittances, { config: { refusals: { 409: [REMITTANCE_ERRORS.nothing] } } }, async (request, reply) => reply.code(201).send(await createRemittance(app, actorOf(request), request.body.issuer)));

  await serve(app, CLOSING.getStaffRemittancesByIdSlipPdf, { config: { refusals: { 404: ['not_found'] } }, schema: { response: { 200: nonJsonAnswer('application/pdf', 'The remittance slip') } } }, async (request, reply) => {
    const remittance = await remittanceOf(app.db, request.params.id);
    return sendPdf(reply, await renderRemittanceSlip(remittance, app.clock.now()), `bordereau-titres-${remittance.id}.pdf`);
  });

  await serve(app, CLOSING.postStaffRemittancesByIdSent, { config: { refusals: { 404: ['not_found'], 409: [REMITTANCE_ERRORS.state] } } }, async (request) => advanceRemittance(app, actorOf(request), request.params.id, { sent: true }));

  await serve(app, CLOSING.postStaffRemittancesByIdPaid, { config: { refusals: { 404: ['not_found'], 409: [REMITTANCE_ERRORS.state] } } }, async (request) => advanceRemittance(app, actorOf(request), request.params.id, { paidCents: request.body.amount }));
};
