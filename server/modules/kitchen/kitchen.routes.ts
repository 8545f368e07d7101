import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '#shared/api/auth';
import { nonJsonAnswer } from '#shared/api/documents';
import { kitchenPrintBodySchema, kitchenSheetSchema, staffDateQuerySchema, type StaffRoleName } from '#shared/api/staff';
import { renderKitchenSheet } from '../../pdf/kitchen-sheet';
import { requireStaffMember } from '../../plugins/staff-session';
import { kitchenSheet, sheetPrinted } from './kitchen.service';
import { sendPdf } from '../../lib/pdf-reply';

const KITCHEN: StaffRoleName[] = ['cuisine'];

/** The kitchen's production sheet (cuisine, admin): on screen, on paper, and when it was printed. */
export const kitchenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/kitchen-sheet',
    { config: { staff: KITCHEN }, schema: { summary: 'Team: what to cook for a delivery date', querystring: staffDateQuerySchema, response: { 200: kitchenSheetSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return kitchenSheet(app.db, request.query.date, requireStaffMember(request).id, app.clock.now());
    },
  );

  app.get(
    '/api/staff/kitchen-sheet.pdf',
    { config: { staff: KITCHEN }, schema: { summary: 'Team: the production sheet as a PDF (A4)', querystring: staffDateQuerySchema, response: { 200: nonJsonAnswer('application/pdf', 'The production sheet') } } },
    async (request, reply) => {
      const sheet = await kitchenSheet(app.db, request.query.date, requireStaffMember(request).id, app.clock.now());
      const pdf = await renderKitchenSheet(sheet);
      return sendPdf(reply, pdf, `fiche-production-${sheet.date}.pdf`);
    },
  );

  app.post(
    '/api/staff/kitchen-sheet/printed',
    { config: { staff: KITCHEN }, schema: { summary: 'Team: this member printed the day’s sheet (later changes show as such)', body: kitchenPrintBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await sheetPrinted(app.db, requireStaffMember(request).id, request.body.date, app.clock.now());
      return { message: 'Impression notée.' };
    },
  );
};
