import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { idField } from '#shared/api/fields';
import { notFound } from '../../lib/errors';
import { CUSTOMER_ONLY } from '../../plugins/openapi-contract';
import { requireCustomerId } from '../../plugins/session';
import { renderInvoice } from '../../pdf/invoice';
import { SELLER } from '../../pdf/seller';
import { customerById, orderOf } from './account.repo';
import { sendPdf } from '../../lib/pdf-reply';
import { ACCOUNT } from '#shared/api/routes/account';
import { serve } from '../../lib/table-route';

const NOT_FOUND = 'Facture introuvable.';
export const invoiceParamsSchema = z.object({ id: z.coerce.number({ error: NOT_FOUND }).pipe(idField(NOT_FOUND)) });

/**
 * GET /api/pdfs/invoices/{order id}: the logged-in customer's invoice as a PDF, opened in a new tab.
 * Another customer's order answers 404 like a missing one, so ids reveal nothing.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anonymous callers learn nothing, not even whether the id is well formed.
  await serve(app, ACCOUNT.getPdfsInvoicesById, { config: { refusals: CUSTOMER_ONLY }, preValidation: async (request) => void requireCustomerId(request), schema: { params: invoiceParamsSchema, response: { 200: nonJsonAnswer('application/pdf', 'The invoice') } } }, async (request, reply) => {
    const customerId = requireCustomerId(request);
    const [found, customer] = await Promise.all([orderOf(app.db, customerId, request.params.id), customerById(app.db, customerId)]);
    if (!found?.order.invoiceNumber || !customer) throw notFound(NOT_FOUND);
    const pdf = await renderInvoice({ seller: SELLER, customer, order: found.order, lines: found.lines });
    return sendPdf(reply, pdf, `facture-${found.order.invoiceNumber}.pdf`);
  });
};
