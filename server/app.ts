import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from './db/client';
import { openMigratedDatabase } from './db/open';
import { seed } from './db/seed';
import { claimDatabaseMode } from './db/database-mode';
import type { Env } from './env';
import { createClock, type Clock } from './lib/clock';
import { REQUEST_ID_HEADER, requestId } from './lib/request-id';
import { redactUrl } from './lib/secret-urls';
import { AppError } from './lib/errors';
import { ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import { createEdenredClient, edenredConfig } from './payments/edenred/edenred-client';
import type { EdenredClient } from './payments/edenred/edenred-types';
import { createPayGreenClient, payGreenConfig, payGreenConfigured, type PayGreenClient } from './payments/paygreen/paygreen-client';
import { payGreenUnavailable, refusingUnknownPayloads } from './payments/provider-refusals';
import { apiReferenceRoutes, openApiCollector } from './plugins/api-reference';
import csrf from './plugins/csrf';
import dbPlugin from './plugins/db';
import errors, { isDatabaseUnavailable } from './plugins/errors';
import security from './plugins/security';
import apiCompression from './plugins/api-compression';
import session, { isApiRequest } from './plugins/session';
import idempotency from './plugins/idempotency';
import metrics from './plugins/metrics';
import overload, { type OverloadLimits } from './plugins/overload';
import pages from './plugins/pages';
import staticFiles from './plugins/static';
import { accountRoutes } from './modules/account/account.routes';
import { invoiceRoutes } from './modules/account/invoice.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { cardRoutes } from './modules/checkout/card.routes';
import { balanceDueRoutes } from './modules/checkout/balance-due.routes';
import { edenredPaymentRoutes } from './modules/checkout/edenred-payment.routes';
import { edenredRoutes } from './modules/edenred/edenred.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { lockWhileCardPending } from './modules/checkout/card-pending.service';
import { staffAccountRoutes } from './modules/staff/staff.routes';
import { dayOrdersRoutes } from './modules/day-orders/day-orders.routes';
import { stockRoutes } from './modules/stock/stock.routes';
import { catalogImportRoutes } from './modules/catalog/catalog-import.routes';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes';
import { closingRoutes } from './modules/closing/closing.routes';
import { remittancesRoutes } from './modules/closing/remittances.routes';
import { ledgerTeamRoutes } from './modules/ledger/ledger.routes';
import { eventsPlugin, shopEventsRoutes, teamEventsRoutes } from './modules/events/events.routes';
import { courierRoundRoutes } from './modules/rounds/courier-round.routes';
import { roundsRoutes } from './modules/rounds/rounds.routes';
import { guardStaffRoutes } from './plugins/staff-session';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { healthRoutes } from './modules/health/health.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { mediaRoutes } from './media/media.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { stateRoutes } from './modules/state/state.routes';
import { sandboxCatalogRoutes } from './sandbox/catalog.routes';
import { sandboxChecksRoutes } from './sandbox/checks.routes';
import { sandboxClockRoutes } from './sandbox/clock.routes';
import { inProcessFetch } from './sandbox/in-process-fetch';
import { registerSandboxScopes, scopedClock } from './sandbox/scope';
import { sandboxEdenredRoutes } from './sandbox/edenred.routes';
import { sandboxMailboxRoutes } from './sandbox/mailbox.routes';
import { sandboxPaygreenRoutes } from './sandbox/paygreen.routes';
import { sandboxPushRoutes } from './sandbox/push.routes';
import { pushPlugin, pushRoutes } from './modules/push/push.routes';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    clock: Clock;
    /** The PayGreen adapter (real API or the sandbox emulator), made on first use. */
    paygreen: () => PayGreenClient;
    /** The Edenred adapter (real APIs or the sandbox emulator), made on first use; null when Edenred is not configured. */
    edenred: () => EdenredClient | null;
    /** Every route registered, so tests enumerate them (CSRF, bad input) and a new route cannot be forgotten. */
    routeList: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** false: exempt from the anti-forgery check (provider notifications). */
  csrf: boolean;
  /** The team's rule for a route under /api/staff/ ('public', 'any' or roles; admin when unset). */
  staff?: unknown;
  /** An answer that never ends by itself (server-sent events): a test calling every route leaves it out. */
  stream: boolean;
}

export interface BuildOptions {
  env: Env;
  /** An already-open database (tests share one per file); otherwise opened from env and closed with the app. */
  database?: Database;
  clock?: Clock;
  /** The built PWA to serve; defaults to dist/ at the project root. */
  distDir?: string;
  /** The server's page renderer (vite build --ssr); defaults to dist-server/ssr/entry-server.js. */
  ssrEntry?: string;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read what would be written). */
  logStream?: { write(line: string): void };
  /** How the provider adapters (PayGreen, Edenred) reach their APIs; by default the emulators in process, real providers over the network. */
  providerFetch?: typeof fetch;
  /** When to refuse API calls as overloaded (tests lower them); OVERLOAD_LIMITS otherwise. */
  overload?: Partial<OverloadLimits>;
}

// Messages a schema does not set itself (a body of the wrong shape…) are in French too.
z.config(z.locales.fr());

/** A hop count trusts that many proxies from the server outwards (the entries they appended), no more. */
function trustProxy(setting: Env['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole application (plugins, modules) without listening. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env } = options;
  const baseClock = options.clock ?? createClock();
  // In the sandbox, a test or QA run may move the time of its own requests only (sandbox/scope.ts).
  const scoped = env.SANDBOX ? scopedClock(baseClock) : null;
  const clock = scoped?.clock ?? baseClock;
  // Migrated (and seeded) through the owner's address when there is one: docs/operations.md, "Two
  // roles". Before anything is seeded, the database's mode is claimed: production never starts on
  // what the demo made, nor the demo on production's (server/db/database-mode.ts).
  const mode = env.DEMO_DATA ? 'demo' : 'production';
  const database =
    options.database ??
    (await openMigratedDatabase(env, async (db) => {
      await claimDatabaseMode(db, mode, clock.now());
      if (env.SEED_ON_START) await seed(db, clock.now(), { demo: env.DEMO_DATA, mediaDir: env.MEDIA_DIR });
    }));
  try {
    // A database handed over by the caller (tests) is claimed here; it may be down, and the app then
    // answers 503 while it is, as to any request.
    if (options.database) {
      await claimDatabaseMode(database.db, mode, clock.now()).catch((err: unknown) => {
        if (!isDatabaseUnavailable(err)) throw err;
      });
    }
  } catch (err) {
    if (!options.database) await database.close();
    throw err;
  }

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
            // Fastify's own, with the address's secrets hidden: a reset link's token, an OAuth code.
            serializers: { req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort }) },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: trustProxy(env.TRUST_PROXY),
    // The id of each request: in every log line as reqId, and answered as X-Request-Id. Fastify's
    // requestIdHeader would take any incoming value as is; requestId() keeps only a safe one.
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 256 * 1024,
    // Deep or huge query strings are refused, not parsed.
    routerOptions: { maxParamLength: 200 },
    // What the router refuses before any route (a path parameter past that length, a broken %
    // escape) gets the envelope in French too, not Fastify's English body. The route is unknown
    // then, so the parameter is named only as the address's.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        const message = 'Un élément de l’adresse est trop long : 200 caractères au plus.';
        return reply.code(422).send({ message, code: ERROR_CODES.validation, errors: { params: [message] } });
      }
      return reply.code(400).send({ message: 'L’adresse demandée est mal formée.', code: ERROR_CODES.badRequest });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  if (scoped) registerSandboxScopes(app, scoped.scopes);
  const routeList: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const config = route.config as { csrf?: boolean; staff?: unknown; stream?: boolean } | undefined;
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, csrf: config?.csrf !== false, staff: config?.staff, stream: config?.stream === true });
  });
  app.decorate('routeList', routeList);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('clock', clock);
  let paygreen: PayGreenClient | null = null;
  // The emulators are reached in process; real providers over the network.
  const sandboxFetch = inProcessFetch(() => app, env.PUBLIC_URL);
  const fetchFor = (config: { sandbox: boolean }) => options.providerFetch ?? (config.sandbox ? sandboxFetch : undefined);
  app.decorate('paygreen', () => {
    if (!paygreen) {
      if (!payGreenConfigured(env)) throw payGreenUnavailable();
      const config = payGreenConfig(env);
      paygreen = createPayGreenClient({ ...config, fetch: fetchFor(config), now: () => clock.now().getTime() });
    }
    return paygreen;
  });
  let edenred: EdenredClient | null | undefined;
  app.decorate('edenred', () => {
    if (edenred === undefined) {
      const config = edenredConfig(env);
      edenred = config ? refusingUnknownPayloads(createEdenredClient({ ...config, fetch: fetchFor(config), now: () => clock.now().getTime() })) : null;
    }
    return edenred;
  });

  // Each plugin names the plugins it needs (fastify-plugin's `dependencies`, server/plugins/): Fastify
  // refuses to start when one is registered before them.
  // Before any route: it collects them as they are added (the API reference).
  await app.register(openApiCollector);
  await app.register(dbPlugin, { database, ownsDatabase: !options.database });
  // Counts every answer (its hook is in place before any other route is added) and serves /metrics.
  await app.register(metrics);
  await app.register(errors);
  // Before the session (a dependency of it): a refused request costs no database round trip.
  await app.register(overload, { limits: options.overload });
  await app.register(security);
  await app.register(fastifyCookie);
  await app.register(session);
  await app.register(csrf);
  await app.register(idempotency);
  // Its hook comes after the others' that set an answer's headers (its ETag, its Vary).
  await app.register(apiCompression);
  // Per-route flood guards counted in memory (cart changes); limits that must hold across
  // instances count in the database (server/lib/rate-limit.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, ERROR_CODES.rateLimited, MESSAGES.rateLimited, undefined, { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) }),
  });

  // Once closing, each answer closes its connection: a keep-alive connection left idle after the
  // last in-flight request would hold app.close() for Fastify's 72 s keep-alive timeout, and the
  // shutdown would time out (tests/stress/graceful-shutdown.test.ts).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // API answers are personal or short-lived unless a route says otherwise, however the path is
  // spelt (/%61pi/me reaches /api/me).
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && isApiRequest(request)) reply.header('cache-control', 'no-store');
    if (closing) reply.header('connection', 'close');
  });

  await app.register(eventsPlugin);
  await app.register(pushPlugin, { sandboxFetch });
  await app.register(apiReferenceRoutes);
  await app.register(healthRoutes);
  await app.register(shopRoutes);
  await app.register(stateRoutes);
  await app.register(newsletterRoutes);
  await app.register(contactRoutes);
  await app.register(catalogRoutes);
  await app.register(deliveryRoutes);
  // The cart's changes wait for a card payment under way: checkout's rule, handed down to the cart.
  await app.register(cartRoutes, { whileCardPending: lockWhileCardPending(app) });
  await app.register(authRoutes);
  await app.register(checkoutRoutes);
  await app.register(cardRoutes);
  await app.register(balanceDueRoutes);
  await app.register(edenredRoutes);
  await app.register(edenredPaymentRoutes);
  await app.register(accountRoutes);
  await app.register(invoiceRoutes);
  await app.register(shopEventsRoutes);
  await app.register(pushRoutes);
  // The team app's API (/api/staff/), in one scope: its guard (the member's own session, roles,
  // anti-forgery) covers every route registered here and nothing of the shop's.
  await app.register(async (team) => {
    guardStaffRoutes(team);
    await team.register(staffAccountRoutes);
    await team.register(dayOrdersRoutes);
    await team.register(stockRoutes);
    await team.register(catalogImportRoutes);
    await team.register(kitchenRoutes);
    await team.register(roundsRoutes);
    await team.register(courierRoundRoutes);
    await team.register(closingRoutes);
    await team.register(remittancesRoutes);
    await team.register(ledgerTeamRoutes);
    await team.register(teamEventsRoutes);
  });
  await app.register(seoRoutes);
  await app.register(mediaRoutes, { mediaDir: env.MEDIA_DIR });
  if (env.SANDBOX) {
    await app.register(sandboxCatalogRoutes);
    await app.register(sandboxClockRoutes);
    await app.register(sandboxChecksRoutes);
    await app.register(sandboxMailboxRoutes);
    await app.register(sandboxPaygreenRoutes);
    await app.register(sandboxEdenredRoutes);
    await app.register(sandboxPushRoutes);
  }

  const distDir = options.distDir ?? fileURLToPath(new URL('../dist', import.meta.url));
  await app.register(staticFiles, { root: distDir });
  // The same path from server/app.ts (tsx) and from the compiled dist-server/index.mjs.
  await app.register(pages, { distDir, ssrEntry: options.ssrEntry ?? fileURLToPath(new URL('../dist-server/ssr/entry-server.js', import.meta.url)) });
  return app;
}
