import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '#shared/api/messages';
import { rateLimit } from '../../lib/rate-limit';
import { subscribe, unsubscribe } from './newsletter.repo';
import { NEWSLETTER } from '#shared/api/routes/newsletter';
import { serve } from '../../lib/table-route';

const limited = rateLimit({ name: 'newsletter', max: 10, windowMs: 10 * 60 * 1000 });

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  await serve(app, NEWSLETTER.postNewsletter, { preHandler: limited }, async (request) => {
    await subscribe(app.db, request.body.email, app.clock.now(), 'site');
    return { message: MESSAGES.newsletterSuccess, subscribed: true };
  });

  /** Always the same answer, whether the address was subscribed or not (no enumeration). */
  await serve(app, NEWSLETTER.deleteNewsletter, { preHandler: limited }, async (request) => {
    await unsubscribe(app.db, request.body.email, app.clock.now());
    return { message: 'Vous êtes désinscrit de notre lettre d’information.', subscribed: false };
  });
};
