import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nonJsonAnswer } from '#shared/api/documents';
import { staffDateQuerySchema, staffIdParamsSchema } from '#shared/api/staff';
import { ROUND_ERRORS } from '#shared/api/courier-round';
import { ROUNDS_ERRORS, labelsQuerySchema, staffTourSchema, staffToursSchema, tourCouriersBodySchema, tourStopsBodySchema } from '#shared/api/staff-rounds';
import { AppError } from '../../lib/errors';
import { actorOf, requireStaffMember } from '../../plugins/staff-session';
import { renderBagLabels } from '../../pdf/bag-labels';
import { renderRoundSheet } from '../../pdf/round-sheet';
import { roundsOfDate, setTourStops, toursWithStops } from './rounds.service';
import { courierOf, requireRound, setTourCouriers } from './round-couriers.service';
import { sendPdf } from '../../lib/pdf-reply';

const COURIER = ['livreur'] as const;
const KITCHEN = ['cuisine'] as const;

/** The rounds: the order of each tour's stops (admin sets it), the round sheet and the bag labels as PDFs. */
export const roundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/staff/tours', { config: { staff: COURIER }, schema: { summary: 'Team: the tours with their stops in order', response: { 200: staffToursSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { tours: await toursWithStops(app.db) };
  });

  app.put(
    '/api/staff/tours/:id/stops',
    {
      config: { refusals: { 404: ['not_found'], 422: [ROUNDS_ERRORS.stopsMismatch] } },
      schema: { summary: 'Team: set the order of a tour’s stops', params: staffIdParamsSchema, body: tourStopsBodySchema, response: { 200: staffTourSchema } },
    },
    async (request) => setTourStops(app, actorOf(request), request.params.id, request.body.location_ids),
  );

  app.put(
    '/api/staff/tours/:id/couriers',
    {
      config: { refusals: { 404: ['not_found'], 422: [ROUNDS_ERRORS.notACourier] } },
      schema: { summary: 'Team: set a tour’s usual courier of some weekdays (the days ahead follow)', params: staffIdParamsSchema, body: tourCouriersBodySchema, response: { 200: staffTourSchema } },
    },
    async (request) => {
      await setTourCouriers(app, actorOf(request), request.params.id, request.body);
      const [tour] = await toursWithStops(app.db, request.params.id);
      return tour!;
    },
  );

  app.get(
    '/api/staff/rounds/:id/sheet.pdf',
    {
      config: { staff: COURIER, refusals: { 403: [ROUND_ERRORS.notYours], 404: ['not_found'] } },
      schema: { summary: 'Team: a tour’s round sheet for a date, as a PDF', params: staffIdParamsSchema, querystring: staffDateQuerySchema, response: { 200: nonJsonAnswer('application/pdf', 'The round sheet') } },
    },
    async (request, reply) => {
      const [tour] = await roundsOfDate(app.db, request.query.date, request.params.id);
      if (!tour) throw new AppError(404, 'not_found', 'Cette tournée est introuvable.');
      requireRound(requireStaffMember(request), await courierOf(app.db, tour.id, request.query.date));
      const pdf = await renderRoundSheet(tour, request.query.date, app.clock.now());
      return sendPdf(reply, pdf, `feuille-de-route-${request.query.date}-${tour.id}.pdf`);
    },
  );

  app.get(
    '/api/staff/labels.pdf',
    {
      config: { staff: KITCHEN, refusals: { 404: ['not_found'] } },
      schema: { summary: 'Team: the bag labels of a date (A4, 3 × 8 labels of 70 × 37 mm), as a PDF', querystring: labelsQuerySchema, response: { 200: nonJsonAnswer('application/pdf', 'The bag labels') } },
    },
    async (request, reply) => {
      const { date, tour } = request.query;
      const pdf = await renderBagLabels(await roundsOfDate(app.db, date, tour), date, app.clock.now());
      return sendPdf(reply, pdf, `etiquettes-${date}${tour ? `-${tour}` : ''}.pdf`);
    },
  );
};
