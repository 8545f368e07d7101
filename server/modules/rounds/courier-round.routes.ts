import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROUND_ERRORS } from '#shared/api/courier-round';
import { ROUNDS_ERRORS } from '#shared/api/staff-rounds';
import { actorOf, requireStaffMember } from '../../plugins/staff-session';
import { recordEvents, roundView, roundsOfDay } from './courier-round.service';
import { closeRound } from './round-closing';
import { setRoundCourier } from './round-couriers.service';
import { workingDay } from './team-day.service';
import { ROUNDS } from '#shared/api/routes/rounds';
import { serve } from '../../lib/table-route';

const COURIER = ['livreur'] as const;

/**
 * The courier's round on the phone (docs/product/team.md): the date's rounds, one round, the
 * events recorded at the stops (sent late and more than once: applied once by their id), and the
 * closing that settles vouchers, containers and states.
 */
export const courierRoundRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, ROUNDS.getStaffDay, { config: { staff: 'any' } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { date: await workingDay(app.db, app.clock.now()) };
    });

  await serve(app, ROUNDS.getStaffRounds, { config: { staff: COURIER } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return roundsOfDay(app.db, request.query.date, requireStaffMember(request));
    });

  await serve(app, ROUNDS.putStaffRoundsByIdCourier, { config: { refusals: { 404: ['not_found'], 409: [ROUND_ERRORS.closed], 422: [ROUNDS_ERRORS.notACourier] } } }, async (request) => setRoundCourier(app, actorOf(request), request.params.id, request.query.date, request.body.staff_id));

  await serve(app, ROUNDS.getStaffRoundsById, { config: { staff: COURIER, refusals: { 403: [ROUND_ERRORS.notYours], 404: ['not_found'] } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return roundView(app.db, request.params.id, request.query.date, requireStaffMember(request));
    });

  await serve(app, ROUNDS.postStaffRoundsByIdEvents, { config: { staff: COURIER, refusals: { 403: [ROUND_ERRORS.notYours, ROUND_ERRORS.notAuthor], 404: ['not_found'] } } }, async (request) => ({ results: await recordEvents(app, actorOf(request), requireStaffMember(request), request.params.id, request.query.date, request.body.events, request.body.author) }));

  await serve(app, ROUNDS.postStaffRoundsByIdClose, { config: { staff: COURIER, refusals: { 403: [ROUND_ERRORS.notYours], 404: ['not_found'], 409: [ROUND_ERRORS.closed, ROUND_ERRORS.incomplete, ROUND_ERRORS.notOver] } } }, async (request) => closeRound(app, actorOf(request), requireStaffMember(request), request.params.id, request.query.date));
};
