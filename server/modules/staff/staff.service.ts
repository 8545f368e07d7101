import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_ERRORS, STAFF_MESSAGES, type StaffMe, type StaffMember } from '#shared/api/staff';
import type { AuditChanges } from '#shared/audit-changes';
import type { Db, Tx } from '../../db/client';
import type { StaffRole, StaffSessionStage } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { judgeTeamPassword } from '../../lib/password-strength';
import { hashToken, randomToken } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { claimLoginAttempt, clearLoginFailures, recordLoginFailure, staffThrottleKeys } from '../../lib/login-throttle';
import { audit, type Actor } from '../../lib/audit';
import { clearStaffCookies, needsSecondFactor, openStaffSession } from '../../plugins/staff-session';
import {
  deleteSessionsOf,
  deleteStaffSession,
  insertStaff,
  listStaff,
  lockActiveAdmins,
  replacePasswordToken,
  replaceRecoveryCodes,
  spendPasswordToken,
  staffByEmail,
  staffById,
  staffOfLiveToken,
  updateStaff,
  type StaffRow,
} from './staff.repo';

/** A one-time link to set one's password lasts three days (an invitation read on Monday). */
const PASSWORD_LINK_TTL_MS = 3 * 24 * 3600 * 1000;
export const TEAM_WELCOME_PATH = '/equipe/bienvenue';

export const toMe = (row: StaffRow, stage: StaffSessionStage = 'full'): StaffMe => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles,
  pending: stage === 'full' ? null : stage,
});
const toMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles,
  active: !row.disabledAt,
  password_set: Boolean(row.passwordHash),
  second_factor: Boolean(row.totpEnabledAt),
  second_factor_required: needsSecondFactor(row),
});

/** The step a member's session starts at once their password (or link) is right. */
const firstStage = (member: StaffRow): StaffSessionStage => (!needsSecondFactor(member) ? 'full' : member.totpEnabledAt ? 'totp' : 'enrol');

let dummyHash: Promise<string> | undefined;

/**
 * A member's login, throttled per account whatever the address (login-throttle.ts,
 * `staffAccount`: a team account is worth more than a customer's), its slot claimed before the
 * password is compared. Disabled members, those who never set a password, and the demo's
 * accounts outside the demo are refused with the same words. A member who needs a second factor
 * gets a pending session that opens only that step (second-factor.service.ts).
 */
export async function loginStaff(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, email: string, password: string): Promise<StaffMe> {
  const keys = staffThrottleKeys(request.ip, email);
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
  const stage = firstStage(member);
  await openStaffSession(app, reply, member, stage);
  if (stage === 'full') await audit(app.db, { staffId: member.id, staffEmail: member.email, requestId: request.id }, { action: 'staff.login' }, now);
  return toMe(member, stage);
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

/** How a link to set a password travelled, as the admin (or the CLI) is told. */
export interface LinkDelivery {
  message: string;
  mailed: boolean;
  /** The link when it was not mailed (the admin passes it on), null otherwise. */
  link: string | null;
}

/**
 * Whether a mail can leave this server: an SMTP server is set, or the sandbox shows mail in its
 * mailbox. Otherwise (production without SMTP_URL) a queued mail would wait for ever, and a
 * member told "sent" would wait with it.
 */
const mailCanLeave = (app: StaffDeps) => Boolean(app.env.SMTP_URL) || app.env.SANDBOX;

/**
 * A one-time link for a member to set their password; it replaces any earlier link of theirs.
 * Sent by mail (the outbox, purged an hour after it leaves: server/lib/purge.ts) when a mail can
 * leave; otherwise not queued at all, and given to whoever asked, to pass on by hand.
 */
async function sendPasswordLink(app: StaffDeps, db: Db | Tx, member: StaffRow, invitedBy: string | null): Promise<{ link: string; delivery: LinkDelivery }> {
  const token = randomToken();
  const expiresAt = new Date(app.clock.now().getTime() + PASSWORD_LINK_TTL_MS);
  await replacePasswordToken(db, hashToken(token), member.id, expiresAt);
  // In the fragment: the token never travels to a server, so no log or proxy sees it.
  const link = `${app.env.PUBLIC_URL.replace(/\/+$/, '')}${TEAM_WELCOME_PATH}#${token}`;
  if (!mailCanLeave(app)) {
    return {
      link,
      delivery: {
        mailed: false,
        link,
        message: `Aucun e-mail ne peut partir de ce serveur (SMTP_URL n’est pas réglé) : rien n’a été envoyé. Transmettez vous-même ce lien à ${member.name}, en main propre ou par un canal sûr. Il est valable 3 jours, une seule fois, et remplace tout lien envoyé avant.`,
      },
    };
  }
  await enqueueMail(db, {
    to: member.email,
    secretUntil: expiresAt,
    subject: 'Votre accès à Popote Équipe',
    text: [
      'Bonjour,',
      '',
      `${invitedBy ? `${invitedBy} vous a ouvert` : 'Un accès vous est ouvert à'} Popote Équipe, l’application de l’équipe Popote.`,
      'Pour choisir votre mot de passe, ouvrez ce lien (valable 3 jours, une seule fois ; il remplace tout lien reçu avant) :',
      link,
      '',
      'Si vous ne vous attendiez pas à ce message, ignorez-le.',
      'L’équipe Popote',
    ].join('\n'),
  });
  return {
    link,
    delivery: { mailed: true, link: null, message: `Un lien pour choisir son mot de passe a été envoyé par e-mail à ${member.email} (valable 3 jours, une seule fois ; il remplace tout lien envoyé avant).` },
  };
}

/** A new member (the admin's invitation, or `npm run staff:add`): the link to set their password goes by mail, or to the admin. */
export async function inviteStaff(
  app: StaffDeps,
  actor: Actor,
  values: { email: string; name: string; roles: StaffRole[] },
): Promise<{ member: StaffMember; link: string; delivery: LinkDelivery }> {
  return app.db.transaction(async (tx) => {
    const member = await insertStaff(tx, values);
    if (!member) throw new AppError(409, STAFF_ERRORS.emailTaken, STAFF_MESSAGES.emailTaken, { email: [STAFF_MESSAGES.emailTaken] });
    const { link, delivery } = await sendPasswordLink(app, tx, member, actor.staffEmail);
    const changes: AuditChanges = { roles: { to: member.roles } };
    await audit(tx, actor, { action: 'staff.invite', details: { member: member.email, changes, mailed: delivery.mailed } }, app.clock.now());
    return { member: toMember(member), link, delivery };
  });
}

const linkInvalid = () => new AppError(410, STAFF_ERRORS.linkInvalid, STAFF_MESSAGES.linkInvalid);

/**
 * The one-time link spent: the password judged (password-strength.ts: refused with why, and the
 * link left unspent for a better one), set, every older session of the member ended, and a new
 * one opened — at the second factor's step for an admin: a link never skips it.
 */
export async function setStaffPassword(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string, password: string): Promise<StaffMe> {
  const tokenHash = hashToken(token);
  const holder = await staffOfLiveToken(app.db, tokenHash, app.clock.now());
  if (!holder || holder.disabledAt) throw linkInvalid();
  const judged = judgeTeamPassword(password, holder);
  if (!judged.ok) throw new AppError(422, 'validation_failed', judged.message!, { password: [judged.message!] });
  const passwordHash = await hashPassword(password);
  const member = await app.db.transaction(async (tx) => {
    const staffId = await spendPasswordToken(tx, tokenHash, app.clock.now());
    const found = staffId === null ? null : await staffById(tx, staffId, true);
    if (!found || found.disabledAt) throw linkInvalid();
    await deleteSessionsOf(tx, found.id);
    const updated = await updateStaff(tx, found.id, { passwordHash });
    await audit(tx, { staffId: found.id, staffEmail: found.email, requestId: request.id }, { action: 'staff.password' }, app.clock.now());
    return updated;
  });
  const stage = firstStage(member);
  await openStaffSession(app, reply, member, stage);
  return toMe(member, stage);
}

export async function staffMembers(db: Db): Promise<StaffMember[]> {
  return (await listStaff(db)).map(toMember);
}

/**
 * Whether an admin can actually log in: active, a password set, and their second factor enrolled
 * (or, for the demo's public admin, where the demo runs). An admin invited but not yet enrolled,
 * or disabled, keeps no one in charge.
 */
function canLogInAsAdmin(app: StaffDeps, member: StaffRow): boolean {
  if (member.disabledAt || !member.passwordHash || !member.roles.includes('admin')) return false;
  if (member.demo) return app.env.DEMO_DATA;
  return Boolean(member.totpEnabledAt);
}

/**
 * Refuses a change that would leave no admin able to log in: `after` is the member as the change
 * would leave them. The active admins are locked first, so two admins removing each other at once
 * cannot both succeed.
 */
async function keepAnAdmin(app: StaffDeps, tx: Tx, id: number, after: (member: StaffRow) => StaffRow): Promise<StaffRow> {
  const admins = await lockActiveAdmins(tx);
  const member = await staffById(tx, id, true);
  if (!member) throw new AppError(404, 'not_found', 'Ce membre de l’équipe est introuvable.');
  const usable = admins.filter((admin) => canLogInAsAdmin(app, admin));
  const stillUsable = usable.filter((admin) => admin.id !== member.id || canLogInAsAdmin(app, after(member)));
  if (usable.length > 0 && stillUsable.length === 0) throw new AppError(409, STAFF_ERRORS.lastAdmin, STAFF_MESSAGES.lastAdmin);
  return member;
}

/**
 * Roles changed, or an account disabled (its sessions end) or enabled again, never leaving the
 * team without an admin able to log in.
 */
export async function changeStaffMember(app: FastifyInstance, actor: Actor, id: number, patch: { roles?: StaffRole[]; active?: boolean }): Promise<StaffMember> {
  return app.db.transaction(async (tx) => {
    const now = app.clock.now();
    const member = await keepAnAdmin(app, tx, id, (m) => ({ ...m, roles: patch.roles ?? m.roles, disabledAt: patch.active === undefined ? m.disabledAt : patch.active ? null : now }));
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

/** A new one-time link for a member (forgotten password, lost invitation), by an admin: it replaces the earlier ones. */
export async function resendStaffLink(app: StaffDeps, actor: Actor, id: number): Promise<LinkDelivery> {
  return app.db.transaction(async (tx) => {
    const member = await staffById(tx, id);
    if (!member || member.disabledAt) throw new AppError(404, 'not_found', 'Ce membre de l’équipe est introuvable.');
    const { delivery } = await sendPasswordLink(app, tx, member, actor.staffEmail);
    await audit(tx, actor, { action: 'staff.invite', details: { member: member.email, resent: true, mailed: delivery.mailed } }, app.clock.now());
    return delivery;
  });
}

/**
 * A member's second factor removed (a lost phone), by another admin or by `npm run
 * staff:reset-2fa` on the server: secret and recovery codes gone, every session ended; they enrol
 * again at their next login. Audited; refused when it would leave no admin able to log in.
 */
export async function resetSecondFactor(app: StaffDeps, actor: Actor, id: number, options: { keepAnAdmin: boolean } = { keepAnAdmin: true }): Promise<StaffMember> {
  return app.db.transaction(async (tx) => {
    const member = options.keepAnAdmin ? await keepAnAdmin(app, tx, id, (m) => ({ ...m, totpEnabledAt: null })) : await staffById(tx, id, true);
    if (!member) throw new AppError(404, 'not_found', 'Ce membre de l’équipe est introuvable.');
    if (!member.totpEnabledAt) throw new AppError(409, STAFF_ERRORS.secondFactorState, `${member.name} n’a pas de double authentification à réinitialiser.`);
    const updated = await updateStaff(tx, id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    await replaceRecoveryCodes(tx, id, []);
    await deleteSessionsOf(tx, id);
    await audit(tx, actor, { action: 'staff.second_factor_reset', details: { member: member.email } }, app.clock.now());
    return toMember(updated);
  });
}
