import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_ERRORS, STAFF_MESSAGES, type StaffMe, type StaffMember } from '#shared/api/staff';
import type { AuditChanges } from '#shared/audit-changes';
import type { Db, Tx } from '../../db/client';
import type { StaffRole } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { hashToken, randomToken } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { claimLoginAttempt, clearLoginFailures, recordLoginFailure, throttleKeys } from '../../lib/login-throttle';
import { audit, type Actor } from '../../lib/audit';
import { clearStaffCookies, openStaffSession } from '../../plugins/staff-session';
import {
  deleteSessionsOf,
  deleteStaffSession,
  insertPasswordToken,
  insertStaff,
  listStaff,
  lockActiveAdmins,
  spendPasswordToken,
  staffByEmail,
  staffById,
  updateStaff,
  type StaffRow,
} from './staff.repo';

/** A one-time link to set one's password lasts three days (an invitation read on Monday). */
const PASSWORD_LINK_TTL_MS = 3 * 24 * 3600 * 1000;
export const TEAM_WELCOME_PATH = '/equipe/bienvenue';

export const toMe = (row: StaffRow): StaffMe => ({ id: row.id, email: row.email, name: row.name, roles: row.roles });
const toMember = (row: StaffRow): StaffMember => ({ ...toMe(row), active: !row.disabledAt, password_set: Boolean(row.passwordHash) });

let dummyHash: Promise<string> | undefined;

/**
 * A member's login, throttled as customers' are (its slot claimed before the password is
 * compared), apart from theirs: staff keys are their own. Disabled members, those who never set
 * a password, and the demo's accounts outside the demo are refused with the same words.
 */
export async function loginStaff(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, email: string, password: string): Promise<StaffMe> {
  const keys = throttleKeys(request.ip, `staff:${email}`);
  const now = app.clock.now();
  await claimLoginAttempt(app.db, keys, now);
  const member = await staffByEmail(app.db, email);
  dummyHash ??= hashPassword('popote-dummy-password');
  const usable = member && member.passwordHash && !member.disabledAt && (app.env.DEMO_DATA || !member.demo);
  const ok = await verifyPassword(password, (usable && member.passwordHash) || (await dummyHash));
  if (!usable || !ok) {
    await recordLoginFailure(app.db, keys, now);
    throw new AppError(422, 'validation_failed', STAFF_MESSAGES.badCredentials, { email: [STAFF_MESSAGES.badCredentials] });
  }
  await clearLoginFailures(app.db, keys);
  await openStaffSession(app, reply, member);
  await audit(app.db, { staffId: member.id, staffEmail: member.email, requestId: request.id }, { action: 'staff.login' }, now);
  return toMe(member);
}

export async function logoutStaff(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, actor: Actor): Promise<void> {
  if (request.staff) {
    await deleteStaffSession(app.db, request.staff.sessionId);
    await audit(app.db, actor, { action: 'staff.logout' }, app.clock.now());
  }
  clearStaffCookies(app, reply);
}

/** What inviting needs: the database, the clock and the public address (the app, or the CLI's own). */
export type StaffDeps = Pick<FastifyInstance, 'db' | 'clock' | 'env'>;

/** A one-time link for a member to set their password, sent by mail (the outbox); also answered, for the CLI to print. */
async function sendPasswordLink(app: StaffDeps, db: Db | Tx, member: StaffRow, invitedBy: string | null): Promise<string> {
  const token = randomToken();
  await insertPasswordToken(db, hashToken(token), member.id, new Date(app.clock.now().getTime() + PASSWORD_LINK_TTL_MS));
  // In the fragment: the token never travels to a server, so no log or proxy sees it.
  const link = `${app.env.PUBLIC_URL.replace(/\/+$/, '')}${TEAM_WELCOME_PATH}#${token}`;
  await enqueueMail(db, {
    to: member.email,
    subject: 'Votre accès à Popote Équipe',
    text: [
      'Bonjour,',
      '',
      `${invitedBy ? `${invitedBy} vous a ouvert` : 'Un accès vous est ouvert à'} Popote Équipe, l’application de l’équipe Popote.`,
      'Pour choisir votre mot de passe, ouvrez ce lien (valable 3 jours, une seule fois) :',
      link,
      '',
      'Si vous ne vous attendiez pas à ce message, ignorez-le.',
      'L’équipe Popote',
    ].join('\n'),
  });
  return link;
}

/** A new member (the admin's invitation, or `npm run staff:add`): the link to set their password goes by mail. */
export async function inviteStaff(app: StaffDeps, actor: Actor, values: { email: string; name: string; roles: StaffRole[] }): Promise<{ member: StaffMember; link: string }> {
  return app.db.transaction(async (tx) => {
    const member = await insertStaff(tx, values);
    if (!member) throw new AppError(409, STAFF_ERRORS.emailTaken, STAFF_MESSAGES.emailTaken, { email: [STAFF_MESSAGES.emailTaken] });
    const link = await sendPasswordLink(app, tx, member, actor.staffEmail);
    const changes: AuditChanges = { roles: { to: member.roles } };
    await audit(tx, actor, { action: 'staff.invite', details: { member: member.email, changes } }, app.clock.now());
    return { member: toMember(member), link };
  });
}

/** The one-time link spent: the password set, every older session of the member ended, a new one opened. */
export async function setStaffPassword(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string, password: string): Promise<StaffMe> {
  const passwordHash = await hashPassword(password);
  const member = await app.db.transaction(async (tx) => {
    const staffId = await spendPasswordToken(tx, hashToken(token), app.clock.now());
    const found = staffId === null ? null : await staffById(tx, staffId, true);
    if (!found || found.disabledAt) throw new AppError(410, STAFF_ERRORS.linkInvalid, STAFF_MESSAGES.linkInvalid);
    await deleteSessionsOf(tx, found.id);
    const updated = await updateStaff(tx, found.id, { passwordHash });
    await audit(tx, { staffId: found.id, staffEmail: found.email, requestId: request.id }, { action: 'staff.password' }, app.clock.now());
    return updated;
  });
  await openStaffSession(app, reply, member);
  return toMe(member);
}

export async function staffMembers(db: Db): Promise<StaffMember[]> {
  return (await listStaff(db)).map(toMember);
}

/**
 * Roles changed, or an account disabled (its sessions ended) or enabled again. The last active
 * admin keeps the role and the account: the admins are locked, so two admins removing each other
 * at once cannot both succeed.
 */
export async function changeStaffMember(app: FastifyInstance, actor: Actor, id: number, patch: { roles?: StaffRole[]; active?: boolean }): Promise<StaffMember> {
  return app.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const member = await staffById(tx, id, true);
    if (!member) throw new AppError(404, 'not_found', 'Ce membre de l’équipe est introuvable.');
    const staysAdmin = (patch.active ?? !member.disabledAt) && (patch.roles ?? member.roles).includes('admin');
    if (admins.includes(member.id) && admins.length === 1 && !staysAdmin) throw new AppError(409, STAFF_ERRORS.lastAdmin, STAFF_MESSAGES.lastAdmin);
    const now = app.clock.now();
    let updated = member;
    if (patch.roles && patch.roles.join() !== member.roles.join()) {
      updated = await updateStaff(tx, id, { roles: patch.roles });
      const changes: AuditChanges = { roles: { from: member.roles, to: patch.roles } };
      await audit(tx, actor, { action: 'staff.roles', details: { member: member.email, changes } }, now);
    }
    if (patch.active === false && !member.disabledAt) {
      updated = await updateStaff(tx, id, { disabledAt: now });
      await deleteSessionsOf(tx, id);
      const changes: AuditChanges = { active: { from: true, to: false } };
      await audit(tx, actor, { action: 'staff.disable', details: { member: member.email, changes } }, now);
    }
    if (patch.active === true && member.disabledAt) {
      updated = await updateStaff(tx, id, { disabledAt: null });
      const changes: AuditChanges = { active: { from: false, to: true } };
      await audit(tx, actor, { action: 'staff.enable', details: { member: member.email, changes } }, now);
    }
    return toMember(updated);
  });
}

/** A new one-time link for a member (forgotten password, lost invitation), by an admin. */
export async function resendStaffLink(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const member = await staffById(tx, id);
    if (!member || member.disabledAt) throw new AppError(404, 'not_found', 'Ce membre de l’équipe est introuvable.');
    await sendPasswordLink(app, tx, member, actor.staffEmail);
    await audit(tx, actor, { action: 'staff.invite', details: { member: member.email, resent: true } }, app.clock.now());
  });
}
