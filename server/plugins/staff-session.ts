import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_STATUS, ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import { STAFF_ERRORS, STAFF_MESSAGES } from '#shared/api/staff';
import { STAFF_PENDING_TTL_MS, STAFF_SESSION_COOKIE, STAFF_SESSION_TTL_MS, STAFF_XSRF_COOKIE } from '#shared/api/staff-session';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { staff, staffSessions, type StaffRole, type StaffSessionStage } from '../db/schema';
import type { Actor } from '../lib/audit';
import { AppError } from '../lib/errors';
import { hashToken, randomToken } from '../lib/tokens';

type StaffRow = typeof staff.$inferSelect;

/** The member a team request comes from. */
export interface StaffContext {
  id: number;
  email: string;
  name: string;
  roles: StaffRole[];
  sessionId: string;
  csrfToken: string;
  /** 'full', or the second factor's step this session still has to pass (it opens nothing else). */
  stage: StaffSessionStage;
  /** The sealed TOTP secret this pending session is enrolling, if one was drawn. */
  pendingTotpSecret: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a team route: 'public' (login, the one-time link), 'pending' (a session still
     * at its second factor's step, or a full one: who is this, the second factor, logout), 'any'
     * member signed in, or the roles listed (admin may do everything). Unset: admin only, so a
     * route forgotten is closed.
     */
    staff?: 'public' | 'pending' | 'any' | readonly StaffRole[];
  }
  interface FastifyRequest {
    staff: StaffContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const staffUnauthenticated = () => new AppError(401, STAFF_ERRORS.unauthenticated, STAFF_MESSAGES.unauthenticated);

/**
 * Whether a member signs in with a second factor: every admin (an admin refunds money and reads
 * every customer), but for the demo's three public accounts, whose password is published and
 * which exist only in the demo (they never log in to production).
 */
export const needsSecondFactor = (member: Pick<StaffRow, 'roles' | 'demo'>) => member.roles.includes('admin') && !member.demo;

/**
 * Where a session stands, from its stored stage and its member as they are now: a full session of
 * a member who became admin without a second factor must enrol before going on; a pending
 * enrolment whose member enrolled meanwhile (another device) must give a code.
 */
export function effectiveStage(stage: StaffSessionStage, member: Pick<StaffRow, 'roles' | 'demo' | 'totpEnabledAt'>): StaffSessionStage {
  if (stage === 'totp') return 'totp';
  if (stage === 'enrol') return member.totpEnabledAt ? 'totp' : 'enrol';
  return needsSecondFactor(member) && !member.totpEnabledAt ? 'enrol' : 'full';
}

/** The member and their request, as the audit trail writes them. */
export function actorOf(request: FastifyRequest): Actor {
  return { staffId: request.staff?.id ?? null, staffEmail: request.staff?.email ?? null, requestId: request.id };
}

export function requireStaffMember(request: FastifyRequest): StaffContext {
  if (!request.staff) throw staffUnauthenticated();
  return request.staff;
}

function cookieOptions(app: FastifyInstance, expires: Date, httpOnly: boolean) {
  // Strict: a link from another site never carries the team's session.
  return { path: '/', httpOnly, sameSite: 'strict' as const, secure: app.env.COOKIE_SECURE, expires };
}

/**
 * A new session for a member who proved who they are (`full`), or who gave their password and
 * has the second factor's step left (`totp`, `enrol`: ten minutes, nothing else opens): its cookie
 * and its anti-forgery token. Each step opens a new session (a new token), so a token seen before
 * the second factor is worth nothing after it.
 */
export async function openStaffSession(app: FastifyInstance, reply: FastifyReply, member: Pick<StaffRow, 'id'>, stage: StaffSessionStage = 'full'): Promise<void> {
  const token = randomToken();
  const now = app.clock.now();
  const ttl = stage === 'full' ? STAFF_SESSION_TTL_MS : STAFF_PENDING_TTL_MS;
  const [session] = await app.db
    .insert(staffSessions)
    .values({ id: hashToken(token), staffId: member.id, csrfToken: randomToken(), stage, expiresAt: new Date(now.getTime() + ttl), createdAt: now })
    .returning();
  reply.setCookie(STAFF_SESSION_COOKIE, token, cookieOptions(app, session!.expiresAt, true));
  reply.setCookie(STAFF_XSRF_COOKIE, session!.csrfToken, cookieOptions(app, session!.expiresAt, false));
}

export function clearStaffCookies(app: FastifyInstance, reply: FastifyReply): void {
  const past = new Date(0);
  reply.setCookie(STAFF_SESSION_COOKIE, '', cookieOptions(app, past, true));
  reply.setCookie(STAFF_XSRF_COOKIE, '', cookieOptions(app, past, false));
}

/**
 * A live session with its member, in one statement: an expired session, a disabled member, or a
 * demo account where demo data is not allowed reads as none.
 */
async function readStaffSession(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select({ session: staffSessions, member: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, id), gt(staffSessions.expiresAt, app.clock.now()), isNull(staff.disabledAt), app.env.DEMO_DATA ? undefined : eq(staff.demo, false)))
    .limit(1);
  return row ?? null;
}

/**
 * The team's guard, for the routes registered in the scope that calls it: each request reads the
 * member's session (its own cookie: a customer's session is never one), then the route's `staff`
 * rule decides (401 without a session, 403 for a role that may not), and a change must echo the
 * session's anti-forgery token (419). The shop's own session and anti-forgery check are left out.
 */
export function guardStaffRoutes(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, csrf: false, session: false };
  });
  app.addHook('onRequest', async (request, reply) => {
    const rule = request.routeOptions.config.staff ?? ['admin'];
    const token = request.cookies[STAFF_SESSION_COOKIE];
    if (token) {
      const read = await readStaffSession(app, hashToken(token));
      if (read) {
        const { session, member } = read;
        request.staff = {
          id: member.id,
          email: member.email,
          name: member.name,
          roles: member.roles,
          sessionId: session.id,
          csrfToken: session.csrfToken,
          stage: effectiveStage(session.stage, member),
          pendingTotpSecret: session.pendingTotpSecret,
        };
      }
    }
    if (rule === 'public') {
      // No session to carry a token yet (the login, the one-time link): a browser says where the
      // call comes from, and another site's page may not log anyone in.
      const site = request.headers['sec-fetch-site'];
      if (!SAFE_METHODS.has(request.method) && site && site !== 'same-origin' && site !== 'none') {
        return reply.code(CSRF_STATUS).send({ message: MESSAGES.csrf, code: ERROR_CODES.csrf });
      }
      return;
    }
    const member = requireStaffMember(request);
    // Before the second factor, a session opens only its own step (and who it is, and logout).
    if (rule !== 'pending' && member.stage !== 'full') throw new AppError(401, STAFF_ERRORS.secondFactorPending, STAFF_MESSAGES.secondFactorPending);
    if (rule !== 'any' && rule !== 'pending' && !member.roles.includes('admin') && !rule.some((role) => member.roles.includes(role))) {
      throw new AppError(403, STAFF_ERRORS.forbidden, STAFF_MESSAGES.forbidden);
    }
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers['x-xsrf-token'];
    const given = Array.isArray(header) ? header[0] : header;
    if (!given || !sameToken(given, member.csrfToken)) return reply.code(CSRF_STATUS).send({ message: MESSAGES.csrf, code: ERROR_CODES.csrf });
  });
}
