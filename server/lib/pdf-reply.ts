import type { FastifyReply } from 'fastify';

/**
 * Sends a PDF to open in the browser's tab: private (an invoice, a round's customers), never kept
 * by a shared cache. The bytes go as they are; a route's schema (a string) only documents them.
 */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf as unknown as string);
}
