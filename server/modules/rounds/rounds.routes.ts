import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { ROUND_ERRORS } from '#shared/api/courier-round';
import { ROUNDS_ERRORS } from '#shared/api/staff-rounds';
import { AppError } from '../../lib/errors';
import { actorOf, requireStaffMember } from '../../plugins/staff-session';
import { renderBagLabels } from '../../pdf/bag-labels';
import { renderRoundSheet } from '../../pdf/round-sheet';
import { roundsOfDate, setTourStops, toursWithStops } from './rounds.service';
import { courierOf, requireRound, setTourCouriers } from './round-couriers.service';
import { sendPdf } from '../../lib/pdf-reply';
import { ROUNDS } from '#shared/api/routes/rounds';
import { serve } from '../../lib/table-route';

const COURIER = ['livreur'] as const;
const KITCHEN = ['cuisine'] as const;

/** The rounds: the order of each tour's stops (admin sets it), the round sheet and the bag labels as PDFs. */
export const roundsRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, ROUNDS.getStaffTours, { config: { staff: COURIER } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { tours: await toursWithStops(app.db) };
  });

  await serve(app, ROUNDS.putStaffToursByIdStops, { config: { refusals: { 404: ['not_found'], 422: [ROUNDS_ERRORS.stopsMismatch] } } }, async (request) => setTourStops(app, actorOf(request), request.params.id, request.body.location_ids));

  await serve(app, ROUNDS.putStaffToursByIdCouriers, { config: { refusals: { 404: ['not_found'], 422: [ROUNDS_ERRORS.notACourier] } } }, async (request) => {
      await setTourCouriers(app, actorOf(request), request.params.id, request.body);
      const [tour] = await toursWithStops(app.db, request.params.id);
      return tour!;
    });

  await serve(app, ROUNDS.getStaffRoundsByIdSheetPdf, { config: { staff: COURIER, refusals: { 403: [ROUND_ERRORS.notYours], 404: ['not_found'] } }, schema: { response: { 200: nonJsonAnswer('application/pdf', 'The round sheet') } } }, async (request, reply) => {
      const [tour] = await roundsOfDate(app.db, request.query.date, request.params.id);
      if (!tour) throw new AppError(404, 'not_found', 'Cette tournée est introuvable.');
      requireRound(requireStaffMember(request), await courierOf(app.db, tour.id, request.query.date));
      const pdf = await renderRoundSheet(tour, request.query.date, app.clock.now());
      return sendPdf(reply, pdf, `feuille-de-route-${request.query.date}-${tour.id}.pdf`);
    });

  await serve(app, ROUNDS.getStaffLabelsPdf, { config: { staff: KITCHEN, refusals: { 404: ['not_found'] } }, schema: { response: { 200: nonJsonAnswer('application/pdf', 'The bag labels') } } }, async (request, reply) => {
      const { date, tour } = request.query;
      const pdf = await renderBagLabels(await roundsOfDate(app.db, date, tour), date, app.clock.now());
      return sendPdf(reply, pdf, `etiquettes-${date}${tour ? `-${tour}` : ''}.pdf`);
    });
};
