import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROUND_ERRORS, roundEventsAnswerSchema, roundEventsBodySchema, roundParamsSchema, roundQuerySchema, roundSchema, roundsAnswerSchema } from '#shared/api/courier-round';
import { ROUNDS_ERRORS, roundCourierAnswerSchema, roundCourierBodySchema, staffDaySchema } from '#shared/api/staff-rounds';
import { actorOf, requireStaffMember } from '../../plugins/staff-session';
import { recordEvents, roundView, roundsOfDay } from './courier-round.service';
import { closeRound } from './round-closing';
import { setRoundCourier } from './round-couriers.service';
import { workingDay } from './team-day.service';

const COURIER = ['livreur'] as const;

/**
 * The courier's round on the phone (docs/product/team.md): the date's rounds, one round, the
 * events recorded at the stops (sent late and more than once: applied once by their id), and the
 * closing that settles vouchers, containers and states.
 */
export const courierRoundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/day',
    { config: { staff: 'any' }, schema: { summary: 'Team: the day the team works on now (every team page opens on it)', response: { 200: staffDaySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { date: await workingDay(app.db, app.clock.now()) };
    },
  );

  app.get(
    '/api/staff/rounds',
    {
      config: { staff: COURIER },
      schema: { summary: 'Team: the rounds of a date (tours with bags); a courier gets their own, and those nobody was named for', querystring: roundQuerySchema, response: { 200: roundsAnswerSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return roundsOfDay(app.db, request.query.date, requireStaffMember(request));
    },
  );

  app.put(
    '/api/staff/rounds/:id/courier',
    {
      config: { refusals: { 404: ['not_found'], 409: [ROUND_ERRORS.closed], 422: [ROUNDS_ERRORS.notACourier] } },
      schema: {
        summary: 'Team: name a round’s courier for its day (the tour’s usual courier no longer decides it)',
        params: roundParamsSchema,
        querystring: roundQuerySchema,
        body: roundCourierBodySchema,
        response: { 200: roundCourierAnswerSchema },
      },
    },
    async (request) => setRoundCourier(app, actorOf(request), request.params.id, request.query.date, request.body.staff_id),
  );

  app.get(
    '/api/staff/rounds/:id',
    {
      config: { staff: COURIER, refusals: { 403: [ROUND_ERRORS.notYours], 404: ['not_found'] } },
      schema: { summary: 'Team: a tour’s round on a date, with what was recorded at its stops', params: roundParamsSchema, querystring: roundQuerySchema, response: { 200: roundSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return roundView(app.db, request.params.id, request.query.date, requireStaffMember(request));
    },
  );

  app.post(
    '/api/staff/rounds/:id/events',
    {
      config: { staff: COURIER, refusals: { 403: [ROUND_ERRORS.notYours, ROUND_ERRORS.notAuthor], 404: ['not_found'] } },
      schema: {
        summary: 'Team: what the courier’s phone recorded at the stops (by `author`, the member logged in); each event applied once by its id',
        params: roundParamsSchema,
        querystring: roundQuerySchema,
        body: roundEventsBodySchema,
        response: { 200: roundEventsAnswerSchema },
      },
    },
    async (request) => ({ results: await recordEvents(app, actorOf(request), requireStaffMember(request), request.params.id, request.query.date, request.body.events, request.body.author) }),
  );

  app.post(
    '/api/staff/rounds/:id/close',
    {
      config: { staff: COURIER, refusals: { 403: [ROUND_ERRORS.notYours], 404: ['not_found'], 409: [ROUND_ERRORS.closed, ROUND_ERRORS.incomplete, ROUND_ERRORS.notOver] } },
      schema: { summary: 'Team: close a round: states, paper vouchers, containers and balances settled', params: roundParamsSchema, querystring: roundQuerySchema, response: { 200: roundSchema } },
    },
    async (request) => closeRound(app, actorOf(request), requireStaffMember(request), request.params.id, request.query.date),
  );
};
