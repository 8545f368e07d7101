import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { POINT_ACCESS_ERRORS, TOO_LATE_CODE } from '#shared/api/delivery';
import { ERROR_CODES } from '#shared/api/errors';
import { parisInstant } from '#shared/time';
import { AppError } from '../../lib/errors';
import { sendCacheable, sendSerialized } from '../../lib/http-cache';
import { failureLimit } from '../../lib/rate-limit';
import { mergeRefusals, OPENS_A_SESSION } from '../../plugins/openapi-contract';
import { deliveryDateAt, requestedDeliveryDate } from '../shop/shop.service';
import { recordChoice } from './delivery.repo';
import { checkChoice, DELIVERY_COOKIE, locationsAnswer, searchLocations } from './delivery.service';
import { checkPointChoice } from './point-access.service';
import { DELIVERY } from '#shared/api/routes/delivery';
import { serve } from '../../lib/table-route';

/**
 * Wrong company codes, per visitor and per address, as the cart's promo codes are: a code shared
 * by a whole company is short enough to be guessed at, so past the limit even a right one waits.
 */
export const WRONG_ACCESS_CODES = { perSession: 10, perIp: 30, windowMs: 15 * 60 * 1000 } as const;
const wrongAccessCodes = failureLimit({
  name: 'wrong-access-code',
  windowMs: WRONG_ACCESS_CODES.windowMs,
  limits: (request) => ({ ...(request.session && { [`session:${request.session.id}`]: WRONG_ACCESS_CODES.perSession }), [`ip:${request.ip}`]: WRONG_ACCESS_CODES.perIp }),
});
const isWrongAccessCode = (error: unknown) => error instanceof AppError && error.code === POINT_ACCESS_ERRORS.codeRefused;

/** What choosing a slot may meet besides its input: no such slot, too late, not today, a company point's rule. */
const CHOOSING = mergeRefusals(OPENS_A_SESSION, {
  403: [POINT_ACCESS_ERRORS.reserved],
  404: [ERROR_CODES.notFound],
  409: [TOO_LATE_CODE, 'not_current_delivery_date'],
  422: [POINT_ACCESS_ERRORS.codeRefused],
});

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public and the same for everyone: from the in-process copy (read-cache.ts), no session read.
  await serve(app, DELIVERY.getDeliveryLocations, { config: { session: false } }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    return sendSerialized(request, reply, await locationsAnswer(app.db, date));
  });

  await serve(app, DELIVERY.getDeliveryLocationsSearch, { config: { session: false } }, async (request, reply) => {
    const date = await requestedDeliveryDate(app.db, app.clock.now(), request.query.date);
    return sendCacheable(request, reply, await searchLocations(app.db, date, request.query.search));
  });

  await serve(app, DELIVERY.postDeliveries, { config: { refusals: CHOOSING } }, async (request, reply) => {
    const session = await request.ensureSession();
    const now = app.clock.now();
    const delivery = await checkChoice(app.db, request.body.id, await deliveryDateAt(app.db, now), now);
    const locationId = delivery.delivery_location.id;
    // An emptied field ('') is no code: the session's earlier one, if any, still counts.
    const code = request.body.access_code || undefined;
    const judge = () => checkPointChoice(app.db, locationId, { customerId: session.customerId, codeGivenFor: session.accessCodeLocationId, code });
    // Only a code typed is a guess: it takes its slot before it is judged, and keeps it if wrong.
    const { codeGiven } = code ? await wrongAccessCodes.judge(request, judge, isWrongAccessCode) : await judge();
    await recordChoice(app.db, session.id, session.customerId, delivery.id, codeGiven ? locationId : undefined);
    reply.setCookie(DELIVERY_COOKIE, String(delivery.id), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.env.COOKIE_SECURE,
      expires: parisInstant(delivery.starts_at.slice(0, 10), '23:59:59'),
    });
    return delivery;
  });
};
