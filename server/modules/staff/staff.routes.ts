import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_ERRORS } from '#shared/api/staff';
import { confirmPaperVouchers } from '../checkout/paper-vouchers.service';
import { auditOfDay } from '../../lib/audit';
import { THROTTLED_LOGIN } from '../../plugins/openapi-contract';
import { actorOf, requireStaffMember } from '../../plugins/staff-session';
import { confirmEnrolment, startEnrolment, verifySecondFactor } from './second-factor.service';
import { changeStaffMember, inviteStaff, loginStaff, logoutStaff, resendStaffLink, resetSecondFactor, setStaffPassword, staffMembers, toMe } from './staff.service';
import { staffById } from './staff.repo';
import { STAFF } from '#shared/api/routes/staff';
import { serve } from '../../lib/table-route';

/** The team's accounts and sessions, its members (admin), its audit trail (admin). */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Never replayed: its answer carries a new session's cookies.
  await serve(app, STAFF.postStaffLogin, { config: { staff: 'public', idempotent: false, refusals: THROTTLED_LOGIN } }, async (request, reply) => loginStaff(app, request, reply, request.body.email, request.body.password));

  await serve(app, STAFF.postStaffLogout, { config: { staff: 'pending' } }, async (request, reply) => {
    await logoutStaff(app, request, reply, actorOf(request));
    return { message: 'Vous êtes déconnecté de Popote Équipe.' };
  });

  await serve(app, STAFF.getStaffMe, { config: { staff: 'pending' } }, async (request) => {
    const session = requireStaffMember(request);
    const member = await staffById(app.db, session.id);
    return toMe(member!, session.stage);
  });

  // The second factor (second-factor.service.ts): a pending session's only doors.
  // Never replayed: its answer carries a new session's cookies.
  await serve(app, STAFF.postStaffSecondFactorVerify, { config: { staff: 'pending', idempotent: false, refusals: { 409: [STAFF_ERRORS.secondFactorState], 429: THROTTLED_LOGIN[429] } } }, async (request, reply) => verifySecondFactor(app, request, reply, request.body.code));

  await serve(app, STAFF.postStaffSecondFactorEnrolment, { config: { staff: 'pending', refusals: { 409: [STAFF_ERRORS.secondFactorState] } } }, async (request) => startEnrolment(app, request));

  await serve(app, STAFF.postStaffSecondFactorEnrolmentConfirm, { config: { staff: 'pending', idempotent: false, refusals: { 409: [STAFF_ERRORS.secondFactorState], 429: THROTTLED_LOGIN[429] } } }, async (request, reply) => confirmEnrolment(app, request, reply, request.body.code));

  await serve(app, STAFF.postStaffPassword, { config: { staff: 'public', idempotent: false, refusals: { 410: [STAFF_ERRORS.linkInvalid] } } }, async (request, reply) => setStaffPassword(app, request, reply, request.body.token, request.body.password));

  await serve(app, STAFF.getStaffMembers, {}, async () => staffMembers(app.db));

  await serve(app, STAFF.postStaffMembers, { config: { refusals: { 409: [STAFF_ERRORS.emailTaken] } } }, async (request, reply) => {
    const { member, delivery } = await inviteStaff(app, actorOf(request), request.body);
    return reply.code(201).send({ member, delivery });
  });

  await serve(app, STAFF.patchStaffMembersById, { config: { refusals: { 409: [STAFF_ERRORS.lastAdmin] } } }, async (request) => changeStaffMember(app, actorOf(request), request.params.id, request.body));

  await serve(app, STAFF.postStaffMembersByIdLink, {}, async (request) => resendStaffLink(app, actorOf(request), request.params.id));

  await serve(app, STAFF.postStaffMembersByIdSecondFactorReset, { config: { refusals: { 409: [STAFF_ERRORS.lastAdmin, STAFF_ERRORS.secondFactorState] } } }, async (request) => resetSecondFactor(app, actorOf(request), request.params.id));

  await serve(app, STAFF.getStaffAudit, {}, async (request) => ({
    date: request.query.date,
    entries: await auditOfDay(app.db, request.query.date),
  }));

  // The courier who received them, or an admin.
  await serve(app, STAFF.postStaffOrdersByIdPaperVouchersConfirm, { config: { staff: ['livreur'], refusals: { 409: ['already_confirmed'] } }, schema: { params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: z.object({ order_id: z.number(), paper_vouchers: z.number(), pool_credited: z.number(), confirmed_at: z.string() }) } } }, async (request) => {
    return confirmPaperVouchers(app.db, actorOf(request), request.params.id, app.clock.now());
  });
};
