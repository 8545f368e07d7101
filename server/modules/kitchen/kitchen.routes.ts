import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { type StaffRoleName } from '#shared/api/staff';
import { renderKitchenSheet } from '../../pdf/kitchen-sheet';
import { requireStaffMember } from '../../plugins/staff-session';
import { kitchenSheet, sheetPrinted } from './kitchen.service';
import { sendPdf } from '../../lib/pdf-reply';
import { KITCHEN_SHEET } from '#shared/api/routes/kitchen';
import { serve } from '../../lib/table-route';

const KITCHEN: StaffRoleName[] = ['cuisine'];

/** The kitchen's production sheet (cuisine, admin): on screen, on paper, and when it was printed. */
export const kitchenRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, KITCHEN_SHEET.getStaffKitchenSheet, { config: { staff: KITCHEN } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return kitchenSheet(app.db, request.query.date, requireStaffMember(request).id, app.clock.now());
  });

  await serve(app, KITCHEN_SHEET.getStaffKitchenSheetPdf, { config: { staff: KITCHEN }, schema: { response: { 200: nonJsonAnswer('application/pdf', 'The production sheet') } } }, async (request, reply) => {
    const sheet = await kitchenSheet(app.db, request.query.date, requireStaffMember(request).id, app.clock.now());
    const pdf = await renderKitchenSheet(sheet);
    return sendPdf(reply, pdf, `fiche-production-${sheet.date}.pdf`);
  });

  await serve(app, KITCHEN_SHEET.postStaffKitchenSheetPrinted, { config: { staff: KITCHEN } }, async (request) => {
    await sheetPrinted(app.db, requireStaffMember(request).id, request.body.date, app.clock.now());
    return { message: 'Impression notée.' };
  });
};
