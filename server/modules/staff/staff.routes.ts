import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '#shared/api/auth';
import {
  STAFF_ERRORS,
  auditSchema,
  staffDateQuerySchema,
  staffIdParamsSchema,
  staffInviteBodySchema,
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
import { changeStaffMember, inviteStaff, loginStaff, logoutStaff, resendStaffLink, setStaffPassword, staffMembers, toMe } from './staff.service';
import { staffById } from './staff.repo';

/** The team's accounts and sessions, its members (admin), its audit trail (admin). */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/staff/login',
    // Never replayed: its answer carries a new session's cookies.
    { config: { staff: 'public', idempotent: false, refusals: THROTTLED_LOGIN }, schema: { summary: 'Team: log in', body: staffLoginBodySchema, response: { 200: staffMeSchema } } },
    async (request, reply) => loginStaff(app, request, reply, request.body.email, request.body.password),
  );

  app.post('/api/staff/logout', { config: { staff: 'any' }, schema: { summary: 'Team: log out', response: { 200: messageSchema } } }, async (request, reply) => {
    await logoutStaff(app, request, reply, actorOf(request));
    return { message: 'Vous êtes déconnecté de Popote Équipe.' };
  });

  app.get('/api/staff/me', { config: { staff: 'any' }, schema: { summary: 'Team: who is logged in', response: { 200: staffMeSchema } } }, async (request) => {
    const member = await staffById(app.db, requireStaffMember(request).id);
    return toMe(member!);
  });

  app.post(
    '/api/staff/password',
    { config: { staff: 'public', idempotent: false, refusals: { 410: [STAFF_ERRORS.linkInvalid] } }, schema: { summary: 'Team: set a password through a one-time link', body: staffPasswordBodySchema, response: { 200: staffMeSchema } } },
    async (request, reply) => setStaffPassword(app, request, reply, request.body.token, request.body.password),
  );

  app.get('/api/staff/members', { schema: { summary: 'Team: the members', response: { 200: staffMembersSchema } } }, async () => staffMembers(app.db));

  app.post('/api/staff/members', { config: { refusals: { 409: [STAFF_ERRORS.emailTaken] } }, schema: { summary: 'Team: invite a member', body: staffInviteBodySchema, response: { 201: staffMemberSchema } } }, async (request, reply) => {
    const { member } = await inviteStaff(app, actorOf(request), request.body);
    return reply.code(201).send(member);
  });

  app.patch(
    '/api/staff/members/:id',
    { config: { refusals: { 409: [STAFF_ERRORS.lastAdmin] } }, schema: { summary: 'Team: change roles, disable or enable a member', params: staffIdParamsSchema, body: staffMemberPatchSchema, response: { 200: staffMemberSchema } } },
    async (request) => changeStaffMember(app, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/staff/members/:id/link',
    { schema: { summary: 'Team: send a member a new one-time link', params: staffIdParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      await resendStaffLink(app, actorOf(request), request.params.id);
      return { message: 'Un nouveau lien lui a été envoyé par e-mail.' };
    },
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
