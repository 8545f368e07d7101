import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { REMITTANCE_ERRORS, newRemittanceBodySchema, remittancePaidBodySchema, remittanceParamsSchema, remittanceSchema, remittancesSchema } from '#shared/api/staff-remittances';
import { sendPdf } from '../../lib/pdf-reply';
import { renderRemittanceSlip } from '../../pdf/remittance-slip';
import { actorOf } from '../../plugins/staff-session';
import { advanceRemittance, createRemittance, remittanceOf, remittances } from './remittances.service';

/** Paper meal vouchers sent back to their issuers (admin): batches, their slip, sent and paid. */
export const remittancesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/staff/remittances', { schema: { summary: 'Team: paper vouchers waiting per issuer, and the batches', response: { 200: remittancesSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return remittances(app.db, app.clock.now());
  });

  app.post(
    '/api/staff/remittances',
    { config: { refusals: { 409: [REMITTANCE_ERRORS.nothing] } }, schema: { summary: 'Team: a batch of an issuer’s waiting paper vouchers', body: newRemittanceBodySchema, response: { 201: remittanceSchema } } },
    async (request, reply) => reply.code(201).send(await createRemittance(app, actorOf(request), request.body.issuer)),
  );

  app.get(
    '/api/staff/remittances/:id/slip.pdf',
    { config: { refusals: { 404: ['not_found'] } }, schema: { summary: 'Team: a batch’s remittance slip, as a PDF', params: remittanceParamsSchema, response: { 200: nonJsonAnswer('application/pdf', 'The remittance slip') } } },
    async (request, reply) => {
      const remittance = await remittanceOf(app.db, request.params.id);
      return sendPdf(reply, await renderRemittanceSlip(remittance, app.clock.now()), `bordereau-titres-${remittance.id}.pdf`);
    },
  );

  app.post(
    '/api/staff/remittances/:id/sent',
    { config: { refusals: { 404: ['not_found'], 409: [REMITTANCE_ERRORS.state] } }, schema: { summary: 'Team: a batch sent to its issuer', params: remittanceParamsSchema, response: { 200: remittanceSchema } } },
    async (request) => advanceRemittance(app, actorOf(request), request.params.id, { sent: true }),
  );

  app.post(
    '/api/staff/remittances/:id/paid',
    { config: { refusals: { 404: ['not_found'], 409: [REMITTANCE_ERRORS.state] } }, schema: { summary: 'Team: a batch paid by its issuer, with the amount paid', params: remittanceParamsSchema, body: remittancePaidBodySchema, response: { 200: remittanceSchema } } },
    async (request) => advanceRemittance(app, actorOf(request), request.params.id, { paidCents: request.body.amount }),
  );
};
