import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmPaperVouchers } from '../checkout/paper-vouchers';
import { requireStaff } from './staff-auth';

/** Routes for the Popote team, behind STAFF_TOKEN (docs/product/vouchers-and-pool.md). No cookie, so no anti-forgery token. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireStaff(app));

  app.post(
    '/api/staff/orders/:id/paper-vouchers/confirm',
    {
      config: { csrf: false },
      schema: {
        summary: 'Staff: the paper vouchers of an order were received (credits the excess to the pool)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ order_id: z.number(), paper_vouchers: z.number(), pool_credited: z.number(), confirmed_at: z.string() }) },
      },
    },
    async (request) => confirmPaperVouchers(app.db, request.params.id, app.clock.now()),
  );
};
