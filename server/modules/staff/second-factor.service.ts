import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { STAFF_ERRORS, STAFF_MESSAGES, type StaffMe } from '#shared/api/staff';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { claimLoginAttempt, clearLoginFailures, recordLoginFailure, secondFactorThrottleKeys } from '../../lib/login-throttle';
import { createSecretBox } from '../../lib/secret-box';
import { acceptTotp, isRecoveryCodeShape, newRecoveryCodes, newTotpSecret, normalizeCode, recoveryCodeHash, totpUri } from '../../lib/totp';
import { openStaffSession, requireStaffMember, type StaffContext } from '../../plugins/staff-session';
import { acceptTotpStep, deleteSessionsOf, deleteStaffSession, replaceRecoveryCodes, setPendingTotpSecret, spendRecoveryCode, staffById, unusedRecoveryCodes, updateStaff } from './staff.repo';
import { toMe } from './staff.service';

/*
 * The second factor (docs/product/team.md, "Second factor"): after the password, an admin's
 * session opens nothing but this step. A member who has none draws a secret (QR code), confirms
 * it with a code, and gets ten recovery codes, shown once; a member who has one gives a code, or a
 * recovery code. Each try is counted per member (login-throttle.ts, `secondFactor`), whatever the
 * address, and the right code opens a new, full session.
 */

const stateError = (message: string) => new AppError(409, STAFF_ERRORS.secondFactorState, message);

function pendingAt(request: FastifyRequest, stage: 'totp' | 'enrol'): StaffContext {
  const member = requireStaffMember(request);
  if (member.stage === 'full') throw stateError('Vous êtes déjà connecté.');
  if (member.stage !== stage) {
    throw stateError(stage === 'enrol' ? 'Votre double authentification est déjà activée : saisissez le code de votre application.' : 'Activez d’abord votre double authentification.');
  }
  return member;
}

/** The secret in groups of four, as an app's "enter a key" field reads it best. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** A new secret for this pending session, as a QR code and in text; drawn again on each call. */
export async function startEnrolment(app: FastifyInstance, request: FastifyRequest): Promise<{ secret: string; uri: string; qr_code: string }> {
  const member = pendingAt(request, 'enrol');
  const secret = newTotpSecret();
  await setPendingTotpSecret(app.db, member.sessionId, createSecretBox(app.env).seal(secret));
  const uri = totpUri(secret, member.email);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#2b2118', light: '#ffffff' } });
  return { secret: grouped(secret), uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** A wrong code: counted (its slot was claimed), and said on the field. */
async function wrongCode(app: FastifyInstance, keys: ReturnType<typeof secondFactorThrottleKeys>, message: string): Promise<never> {
  await recordLoginFailure(app.db, keys, app.clock.now());
  throw new AppError(422, 'validation_failed', message, { code: [message] });
}

/**
 * The enrolment confirmed by a code of the drawn secret: it becomes the member's (sealed), with
 * its step as the last used (that very code is not accepted again), ten recovery codes made
 * (their hashes kept), every other session of the member ended, and a full session opened.
 */
export async function confirmEnrolment(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, code: string): Promise<{ me: StaffMe; recovery_codes: string[] }> {
  const member = pendingAt(request, 'enrol');
  if (!member.pendingTotpSecret) throw stateError('Affichez d’abord le QR code à scanner.');
  const keys = secondFactorThrottleKeys(request.ip, member.id);
  const now = app.clock.now();
  await claimLoginAttempt(app.db, keys, now);
  const step = acceptTotp(createSecretBox(app.env).open(member.pendingTotpSecret), normalizeCode(code), now, null);
  if (step === null) return wrongCode(app, keys, STAFF_MESSAGES.badEnrolmentCode);
  const codes = newRecoveryCodes();
  const enrolled = await app.db.transaction(async (tx) => {
    const row = await staffById(tx, member.id, true);
    if (!row || row.disabledAt) throw new AppError(401, STAFF_ERRORS.unauthenticated, STAFF_MESSAGES.unauthenticated);
    if (row.totpEnabledAt) throw stateError('Votre double authentification a été activée depuis un autre appareil : reconnectez-vous.');
    const updated = await updateStaff(tx, row.id, { totpSecret: member.pendingTotpSecret, totpEnabledAt: now, totpLastStep: step });
    await replaceRecoveryCodes(tx, row.id, codes.map(recoveryCodeHash));
    await deleteSessionsOf(tx, row.id);
    await audit(tx, { staffId: row.id, staffEmail: row.email, requestId: request.id }, { action: 'staff.second_factor_enrolled' }, now);
    await audit(tx, { staffId: row.id, staffEmail: row.email, requestId: request.id }, { action: 'staff.login', details: { second_factor: 'enrolment' } }, now);
    return updated;
  });
  await clearLoginFailures(app.db, keys);
  await openStaffSession(app, reply, enrolled);
  return { me: toMe(enrolled), recovery_codes: codes };
}

/**
 * The login's second step: a TOTP code of the member's secret within a step of now and later
 * than the last one accepted, or one of their unused recovery codes (spent). Either way, under the
 * member's locked row, so the same code sent twice at once opens one session.
 */
export async function verifySecondFactor(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, code: string): Promise<StaffMe> {
  const member = pendingAt(request, 'totp');
  const keys = secondFactorThrottleKeys(request.ip, member.id);
  const now = app.clock.now();
  await claimLoginAttempt(app.db, keys, now);
  const typed = normalizeCode(code);
  const recovery = isRecoveryCodeShape(typed);
  const verified = await app.db.transaction(async (tx) => {
    const row = await staffById(tx, member.id, true);
    if (!row?.totpSecret || row.disabledAt) return null;
    if (recovery) return (await spendRecoveryCode(tx, row.id, recoveryCodeHash(typed), now)) ? row : null;
    const step = acceptTotp(createSecretBox(app.env).open(row.totpSecret), typed, now, row.totpLastStep);
    return step !== null && (await acceptTotpStep(tx, row.id, step)) ? row : null;
  });
  if (!verified) return wrongCode(app, keys, STAFF_MESSAGES.badCode);
  await clearLoginFailures(app.db, keys);
  const left = recovery ? await unusedRecoveryCodes(app.db, verified.id) : null;
  // The pending session is spent: the full one has a new token.
  await deleteStaffSession(app.db, member.sessionId);
  await openStaffSession(app, reply, verified);
  await audit(app.db, { staffId: verified.id, staffEmail: verified.email, requestId: request.id }, { action: 'staff.login', details: recovery ? { second_factor: 'recovery_code', recovery_codes_left: left } : { second_factor: 'totp' } }, now);
  return toMe(verified);
}
