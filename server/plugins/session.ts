import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env';
import { sessions } from '../db/schema';
import { AUTH_MESSAGES } from '#shared/api/auth';
import { AppError } from '../lib/errors';
import { rateLimit } from '../lib/rate-limit';
import { hashToken, randomToken } from '../lib/tokens';
import { keepSession, keptSession, readSessionWithCart, type SessionCart } from '../modules/cart/session-cart.service';
import { sessionOwnerAllowed } from '../db/demo-rows';
import { API_PREFIX } from '#shared/api/route-table';

export const SESSION_COOKIE = 'popote_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Anonymous and "remember me" sessions last 7 days; a plain login lasts the browser session (server-side 1 day). */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
export const SHORT_SESSION_TTL_MS = 24 * 3600 * 1000;
/**
 * New anonymous sessions per address: each is a row, and a cart that holds stock. Generous, since
 * a whole office shares one address, but a script minting sessions by the thousand is stopped.
 */
export const NEW_SESSIONS_PER_IP = { max: 300, windowMs: 10 * 60 * 1000 } as const;
const newSessionsPerIp = rateLimit({ name: 'new-session', ...NEW_SESSIONS_PER_IP });

/** A session is extended at most once an hour, so reads stay reads. */
const TOUCH_EVERY_MS = 3600 * 1000;

export type Session = typeof sessions.$inferSelect;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for public routes that never look at the visitor (the catalog): their session is not read. */
    session?: boolean;
    /** true for the routes that read or change the cart: the session query reads it too (one round trip). */
    cart?: boolean;
  }
  interface FastifyRequest {
    /** The request's session, if its cookie names a live one. */
    session: Session | null;
    /** The session, created (with its cookies) when the visitor has none yet. */
    ensureSession(): Promise<Session>;
    /** The cart read with the session, on the routes whose config asks for it (undefined elsewhere). */
    sessionCart: SessionCart | undefined;
    /**
     * Reads the session (and its cart) from the database again, for a cart change whose kept
     * session its statement could not confirm (server/modules/cart/kept-sessions.ts).
     */
    readSession(): Promise<void>;
  }
}

function cookieOptions(env: Env, session: Session, httpOnly: boolean) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: env.COOKIE_SECURE,
    // A non-remembered login lives as long as the browser session.
    ...(session.customerId && !session.remember ? {} : { expires: session.expiresAt }),
  };
}

/**
 * Whether the request reached an API route, judged on the route the router matched, never on the
 * raw URL: `/%61pi/logout` matches `/api/logout` too, and must meet the same session and
 * anti-forgery checks.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith(API_PREFIX) ?? false;
}

/**
 * Whether the request is for the API, however its path is spelt: the route matched, or for a path
 * no route matches, the decoded path (`/%61pi/…` is `/api/…`).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (isApiRoute(request)) return true;
  const path = request.url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path).startsWith(API_PREFIX);
  } catch {
    return path.startsWith(API_PREFIX);
  }
}

/** The code of the 401 every customer-only route answers. */
export const UNAUTHENTICATED = 'unauthenticated';

/** The logged-in customer's id, or the 401 every customer-only route answers. */
export function requireCustomerId(request: FastifyRequest): number {
  const customerId = request.session?.customerId;
  if (!customerId) throw new AppError(401, UNAUTHENTICATED, AUTH_MESSAGES.unauthenticated);
  return customerId;
}

/** Writes the session and anti-forgery cookies for a session (after creation or rotation). */
export function setSessionCookies(app: FastifyInstance, reply: FastifyReply, session: Session, token?: string) {
  if (token) reply.setCookie(SESSION_COOKIE, token, cookieOptions(app.env, session, true));
  reply.setCookie(XSRF_COOKIE, session.csrfToken, cookieOptions(app.env, session, false));
}

/** Creates a fresh session row and its cookies; `from` carries a rotated session's state over. */
export async function createSession(
  app: FastifyInstance,
  reply: FastifyReply,
  values: { customerId?: number | null; remember?: boolean; deliveryId?: number | null; accessCodeLocationId?: number | null } = {},
): Promise<Session> {
  const token = randomToken();
  const now = app.clock.now();
  const ttl = values.customerId && !values.remember ? SHORT_SESSION_TTL_MS : SESSION_TTL_MS;
  const [session] = await app.db
    .insert(sessions)
    .values({
      id: hashToken(token),
      customerId: values.customerId ?? null,
      remember: values.remember ?? false,
      deliveryId: values.deliveryId ?? null,
      accessCodeLocationId: values.accessCodeLocationId ?? null,
      csrfToken: randomToken(),
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + ttl),
    })
    .returning();
  setSessionCookies(app, reply, session!, token);
  return session!;
}

/**
 * Server-side sessions in the database (any instance can serve any request). The cookie holds a
 * random token; the table holds its hash. After the overload guard (a dependency, so Fastify checks
 * the order): its hook runs first, and a refused request costs no database round trip.
 */
export default fp(async function session(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionCart', undefined);
  app.decorateRequest('ensureSession', async function (this: FastifyRequest) {
    throw new Error('ensureSession is set per request');
  });

  app.decorateRequest('readSession', async function (this: FastifyRequest) {
    throw new Error('readSession is set per request');
  });

  /**
   * The session of the request's cookie, with its cart on the routes that ask for it. A change of
   * the cart may take the session as this server kept it (no round trip): its statement confirms
   * it. `kept`: whether it may.
   */
  async function loadSession(request: FastifyRequest, reply: FastifyReply, token: string, kept: boolean) {
    const withCart = request.routeOptions.config.cart === true;
    const now = app.clock.now();
    const id = hashToken(token);
    let found: Session | undefined;
    const memory = kept && withCart ? keptSession(app.db, id, now) : null;
    if (memory && now.getTime() - memory.session.updatedAt.getTime() <= TOUCH_EVERY_MS) {
      request.session = memory.session;
      request.sessionCart = memory.cart;
      return;
    }
    if (withCart) {
      const read = await readSessionWithCart(app.db, id, now, app.env.DEMO_DATA);
      found = read?.session;
      request.sessionCart = read?.cart;
      if (read) keepSession(app.db, read.session, read.cart, now);
    } else {
      [found] = await app.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), sessionOwnerAllowed(app.env.DEMO_DATA)))
        .limit(1);
    }
    request.session = found ?? null;
    if (!found) return;
    if (now.getTime() - found.updatedAt.getTime() > TOUCH_EVERY_MS) {
      const ttl = found.customerId && !found.remember ? SHORT_SESSION_TTL_MS : SESSION_TTL_MS;
      const [touched] = await app.db
        .update(sessions)
        .set({ updatedAt: now, expiresAt: new Date(now.getTime() + ttl) })
        .where(eq(sessions.id, found.id))
        .returning();
      if (touched) {
        request.session = touched;
        setSessionCookies(app, reply, touched, token);
        if (withCart && request.sessionCart) keepSession(app.db, touched, request.sessionCart, now);
      }
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    request.session = null;
    const withCart = request.routeOptions.config.cart === true;
    request.sessionCart = undefined;
    request.ensureSession = async () => {
      if (!request.session) {
        await newSessionsPerIp(request);
        request.session = await createSession(app, reply);
        // A new session owns no cart yet.
        if (withCart) request.sessionCart = { snapshot: null, cardPending: false };
      }
      return request.session;
    };
    if (!isApiRoute(request) || request.routeOptions.config.session === false) return;
    const token = request.cookies[SESSION_COOKIE];
    request.readSession = async () => {
      request.session = null;
      request.sessionCart = undefined;
      if (token) await loadSession(request, reply, token, false);
    };
    if (token) await loadSession(request, reply, token, request.method !== 'GET');
  });
}, { name: 'session', dependencies: ['@fastify/cookie', 'db', 'overload'] });
