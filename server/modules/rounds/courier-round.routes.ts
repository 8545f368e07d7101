import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROUND_ERRORS, roundEventsAnswerSchema, roundEventsBodySchema, roundParamsSchema, roundQuerySchema, roundSchema, roundsAnswerSchema } from '#shared/api/courier-round';
import { actorOf } from '../../plugins/staff-session';
import { recordEvents, roundView, roundsOfDay } from './courier-round.service';
import { closeRound } from './round-closing';

const COURIER = ['livreur'] as const;

/**
 * The courier's round on the phone (docs/product/team.md): the date's rounds, one round, the
 * events recorded at the stops (sent late and more than once: applied once by their id), and the
 * closing that settles vouchers, containers and states.
 */
export const courierRoundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/rounds',
    { config: { staff: COURIER }, schema: { summary: 'Team: the rounds of a date (tours with bags)', querystring: roundQuerySchema, response: { 200: roundsAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return roundsOfDay(app.db, request.query.date);
    },
  );

  app.get(
    '/api/staff/rounds/:id',
    {
      config: { staff: COURIER, refusals: { 404: ['not_found'] } },
      schema: { summary: 'Team: a tour’s round on a date, with what was recorded at its stops', params: roundParamsSchema, querystring: roundQuerySchema, response: { 200: roundSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return roundView(app.db, request.params.id, request.query.date);
    },
  );

  app.post(
    '/api/staff/rounds/:id/events',
    {
      config: { staff: COURIER, refusals: { 404: ['not_found'] } },
      schema: {
        summary: 'Team: what the courier’s phone recorded at the stops; each event applied once by its id',
        params: roundParamsSchema,
        querystring: roundQuerySchema,
        body: roundEventsBodySchema,
        response: { 200: roundEventsAnswerSchema },
      },
    },
    async (request) => ({ results: await recordEvents(app, actorOf(request), request.params.id, request.query.date, request.body.events) }),
  );

  app.post(
    '/api/staff/rounds/:id/close',
    {
      config: { staff: COURIER, refusals: { 404: ['not_found'], 409: [ROUND_ERRORS.closed, ROUND_ERRORS.incomplete] } },
      schema: { summary: 'Team: close a round: states, paper vouchers, containers and balances settled', params: roundParamsSchema, querystring: roundQuerySchema, response: { 200: roundSchema } },
    },
    async (request) => closeRound(app, actorOf(request), request.params.id, request.query.date),
  );
};
