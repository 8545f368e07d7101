import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsSchema, shopOpenSchema } from '#shared/api/state';
import { sendCacheable } from '../../lib/http-cache';
import { publicSettings, shopOpen } from './shop.service';

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The shop's settings (social links, banner, features on or off): public, the same for everyone.
   * `sandbox: '1'` while payments are simulated, so every page, server-rendered, says so.
   */
  app.get('/api/settings', { config: { session: false }, schema: { summary: 'The public settings', response: { 200: settingsSchema } } }, async (request, reply) =>
    sendCacheable(request, reply, await publicSettings(app)),
  );

  app.get('/api/state/shop-open', { schema: { summary: 'Whether orders are open now', response: { 200: shopOpenSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return shopOpen(app.db, app.clock.now());
  });
};
