import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../lib/http-cache';
import { publicSettings, shopOpen } from './shop.service';
import { SHOP } from '#shared/api/routes/shop';
import { serve } from '../../lib/table-route';

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The shop's settings (social links, banner, features on or off): public, the same for everyone.
   * `sandbox: '1'` while payments are simulated, so every page, server-rendered, says so.
   */
  await serve(app, SHOP.getSettings, { config: { session: false } }, async (request, reply) =>
    sendCacheable(request, reply, await publicSettings(app)));

  await serve(app, SHOP.getStateShopOpen, {}, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return shopOpen(app.db, app.clock.now());
  });
};
