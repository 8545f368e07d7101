import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { PUSH_ERRORS, PUSH_MESSAGES } from '#shared/api/push';
import { AppError } from '../../lib/errors';
import { CUSTOMER_ONLY } from '../../plugins/openapi-contract';
import { requireCustomerId } from '../../plugins/session';
import { deleteSubscription, saveSubscription } from './push.service';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAllowedPushEndpoint } from './push-services';
import { deliverDuePushes, type PushRun } from './push-sender';
import { vapidKeysOf, type VapidKeys } from './vapid';
import { PUSH } from '#shared/api/routes/push';
import { serve } from '../../lib/table-route';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push (server/modules/push/): the VAPID keys, and the background sender of the push outbox. */
    push: {
      /** The key pair, or null when push is off (production without VAPID_* keys). */
      keys(): Promise<VapidKeys | null>;
      /** Sends what is due now (one run at a time in this process; other processes skip what this one holds). */
      deliver(): Promise<PushRun | null>;
      /** Asks for a run soon, without waiting for it: after a request queued pushes, and by the timer of server/index.ts. */
      kick(): void;
      /** Whether the server may push to this endpoint (the allow-list, push-services.ts). */
      allowed(endpoint: string): boolean;
    };
  }
}

/** The push sender of this process; `sandboxFetch` reaches the sandbox's own emulator in process. */
export const pushPlugin = fp(
  async function push(app: FastifyInstance, options: { sandboxFetch: typeof fetch }) {
    const { env } = app;
    let keys: Promise<VapidKeys | null> | null = null;
    const allowed = (endpoint: string) =>
      isAllowedPushEndpoint(endpoint, {
        sandbox: env.SANDBOX,
        publicUrl: env.PUBLIC_URL,
      });
    const own = new URL(env.PUBLIC_URL).origin;
    let running: Promise<PushRun | null> | null = null;
    let again = false;
    let closed = false;
    const readKeys = () => {
      keys ??= vapidKeysOf(app.db, env).catch((err: unknown) => {
        keys = null;
        throw err;
      });
      return keys;
    };
    const deliver = async (): Promise<PushRun | null> => {
      const vapid = await readKeys();
      if (!vapid) return null;
      return deliverDuePushes(
        app.db,
        {
          keys: vapid,
          allowed,
          fetchFor: (endpoint) => (env.SANDBOX && new URL(endpoint).origin === own ? options.sandboxFetch : fetch),
          log: app.log,
        },
        app.clock.now(),
      );
    };
    const kick = () => {
      if (closed) return;
      if (running) return void (again = true);
      running = deliver()
        .catch((err: unknown) => {
          app.log.warn({ err }, 'push sender failed');
          return null;
        })
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            kick();
          }
        });
    };
    app.decorate('push', { keys: readKeys, deliver, kick, allowed });
    // The demo's pair is made at start, not by the first GET of the key (a read never writes);
    // a database down then is tried again at the first need.
    app.addHook('onReady', async () => {
      await readKeys().catch((err: unknown) => app.log.warn({ err }, 'push keys not read yet'));
    });
    app.addHook('preClose', async () => {
      closed = true;
      await running;
    });
  },
  { name: 'push', dependencies: ['db'] },
);

const subscribedSchema = z.object({ subscribed: z.boolean() });

/** Web push for customers (docs/product/notifications.md): the server's key, and a browser's subscription. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const off = () => new AppError(404, PUSH_ERRORS.off, PUSH_MESSAGES.off);

  await serve(app, PUSH.getPushKey, { config: { refusals: { 404: [PUSH_ERRORS.off] } } }, async () => {
      const keys = await app.push.keys();
      if (!keys) throw off();
      return { public_key: keys.publicKey };
    });

  await serve(app, PUSH.postPushSubscriptions, { config: {
        refusals: {
          ...CUSTOMER_ONLY,
          404: [PUSH_ERRORS.off],
          422: [PUSH_ERRORS.endpointRefused],
        },
      }, schema: { response: { 201: subscribedSchema } } }, async (request, reply) => {
      const customerId = requireCustomerId(request);
      if (!(await app.push.keys())) throw off();
      const { endpoint, keys } = request.body;
      if (!app.push.allowed(endpoint)) throw new AppError(422, PUSH_ERRORS.endpointRefused, PUSH_MESSAGES.endpointRefused, { endpoint: [PUSH_MESSAGES.endpointRefused] });
      await saveSubscription(app.db, customerId, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
      return reply.code(201).send({ subscribed: true });
    });

  await serve(app, PUSH.deletePushSubscriptions, { config: { refusals: CUSTOMER_ONLY }, schema: { response: { 200: subscribedSchema } } }, async (request) => {
      await deleteSubscription(app.db, requireCustomerId(request), request.body.endpoint);
      return { subscribed: false };
    });
};
