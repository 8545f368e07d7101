import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '#shared/api/auth';
import {
  STAFF_ERRORS,
  auditSchema,
  staffDateQuerySchema,
  staffCodeBodySchema,
  staffEnrolledSchema,
  staffEnrolmentSchema,
  staffIdParamsSchema,
  staffInviteBodySchema,
  staffInvitedSchema,
  staffLinkSchema,
  staffLoginBodySchema,
  staffMeSchema,
  staffMemberPatchSchema,
  staffMemberSchema,
  staffMembersSchema,
  staffPasswordBodySchema,
} from '#shared/api/staff';
import { confirmPaperVouchers } from '../checkout/paper-vouchers.service';
import { auditOfDay } from '../../lib/audit';
import { THROTTLED_LOGIN } from '../../plugins/openapi-contract';
import { actorOf, requireStaffMember } from '../../plugins/staff-session';
import { confirmEnrolment, startEnrolment, verifySecondFactor } from './second-factor.service';
import { changeStaffMember, inviteStaff, loginStaff, logoutStaff, resendStaffLink, resetSecondFactor, setStaffPassword, staffMembers, toMe } from './staff.service';
import { staffById } from './staff.repo';

/** The team's accounts and sessions, its members (admin), its audit trail (admin). */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/staff/login',
    // Never replayed: its answer carries a new session's cookies.
    { config: { staff: 'public', idempotent: false, refusals: THROTTLED_LOGIN }, schema: { summary: 'Team: log in', body: staffLoginBodySchema, response: { 200: staffMeSchema } } },
    async (request, reply) => loginStaff(app, request, reply, request.body.email, request.body.password),
  );

  app.post('/api/staff/logout', { config: { staff: 'pending' }, schema: { summary: 'Team: log out', response: { 200: messageSchema } } }, async (request, reply) => {
    await logoutStaff(app, request, reply, actorOf(request));
    return { message: 'Vous êtes déconnecté de Popote Équipe.' };
  });

  app.get(
    '/api/staff/me',
    { config: { staff: 'pending' }, schema: { summary: 'Team: who is logged in, and the second factor’s step left (pending)', response: { 200: staffMeSchema } } },
    async (request) => {
      const session = requireStaffMember(request);
      const member = await staffById(app.db, session.id);
      return toMe(member!, session.stage);
    },
  );

  // The second factor (second-factor.service.ts): a pending session's only doors.
  app.post(
    '/api/staff/second-factor/verify',
    {
      // Never replayed: its answer carries a new session's cookies.
      config: { staff: 'pending', idempotent: false, refusals: { 409: [STAFF_ERRORS.secondFactorState], 429: THROTTLED_LOGIN[429] } },
      schema: { summary: 'Team: the login’s second step (a TOTP code or a recovery code)', body: staffCodeBodySchema, response: { 200: staffMeSchema } },
    },
    async (request, reply) => verifySecondFactor(app, request, reply, request.body.code),
  );

  app.post(
    '/api/staff/second-factor/enrolment',
    { config: { staff: 'pending', refusals: { 409: [STAFF_ERRORS.secondFactorState] } }, schema: { summary: 'Team: a new TOTP secret to enrol (QR code), for an admin without one', response: { 200: staffEnrolmentSchema } } },
    async (request) => startEnrolment(app, request),
  );

  app.post(
    '/api/staff/second-factor/enrolment/confirm',
    {
      config: { staff: 'pending', idempotent: false, refusals: { 409: [STAFF_ERRORS.secondFactorState], 429: THROTTLED_LOGIN[429] } },
      schema: { summary: 'Team: the enrolment confirmed by a code; answers the recovery codes, once', body: staffCodeBodySchema, response: { 200: staffEnrolledSchema } },
    },
    async (request, reply) => confirmEnrolment(app, request, reply, request.body.code),
  );

  app.post(
    '/api/staff/password',
    { config: { staff: 'public', idempotent: false, refusals: { 410: [STAFF_ERRORS.linkInvalid] } }, schema: { summary: 'Team: set a password through a one-time link', body: staffPasswordBodySchema, response: { 200: staffMeSchema } } },
    async (request, reply) => setStaffPassword(app, request, reply, request.body.token, request.body.password),
  );

  app.get('/api/staff/members', { schema: { summary: 'Team: the members', response: { 200: staffMembersSchema } } }, async () => staffMembers(app.db));

  app.post('/api/staff/members', { config: { refusals: { 409: [STAFF_ERRORS.emailTaken] } }, schema: { summary: 'Team: invite a member', body: staffInviteBodySchema, response: { 201: staffInvitedSchema } } }, async (request, reply) => {
    const { member, delivery } = await inviteStaff(app, actorOf(request), request.body);
    return reply.code(201).send({ member, delivery });
  });

  app.patch(
    '/api/staff/members/:id',
    { config: { refusals: { 409: [STAFF_ERRORS.lastAdmin] } }, schema: { summary: 'Team: change roles, disable or enable a member', params: staffIdParamsSchema, body: staffMemberPatchSchema, response: { 200: staffMemberSchema } } },
    async (request) => changeStaffMember(app, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/staff/members/:id/link',
    { schema: { summary: 'Team: send a member a new one-time link (it replaces the earlier ones)', params: staffIdParamsSchema, response: { 200: staffLinkSchema } } },
    async (request) => resendStaffLink(app, actorOf(request), request.params.id),
  );

  app.post(
    '/api/staff/members/:id/second-factor/reset',
    {
      config: { refusals: { 409: [STAFF_ERRORS.lastAdmin, STAFF_ERRORS.secondFactorState] } },
      schema: { summary: 'Team: remove a member’s second factor (a lost phone); they enrol again at their next login', params: staffIdParamsSchema, response: { 200: staffMemberSchema } },
    },
    async (request) => resetSecondFactor(app, actorOf(request), request.params.id),
  );

  app.get('/api/staff/audit', { schema: { summary: 'Team: the audit trail of a day', querystring: staffDateQuerySchema, response: { 200: auditSchema } } }, async (request) => ({
    date: request.query.date,
    entries: await auditOfDay(app.db, request.query.date),
  }));

  app.post(
    '/api/staff/orders/:id/paper-vouchers/confirm',
    {
      // The courier who received them, or an admin.
      config: { staff: ['livreur'], refusals: { 409: ['already_confirmed'] } },
      schema: {
        summary: 'Team: the paper vouchers of an order were received (credits the excess to the pool)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ order_id: z.number(), paper_vouchers: z.number(), pool_credited: z.number(), confirmed_at: z.string() }) },
      },
    },
    async (request) => {
      return confirmPaperVouchers(app.db, actorOf(request), request.params.id, app.clock.now());
    },
  );
};
