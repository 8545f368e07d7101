import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from './tokens';

/**
 * The team's second factor: TOTP (RFC 6238) as every authenticator app reads it — SHA-1, six
 * digits, 30-second steps — and single-use recovery codes. Pure rules; the secret's storage and
 * the throttling of guesses are the staff module's.
 */

export const TOTP_PERIOD_S = 30;
/** Steps accepted either side of now: a phone's clock a little off, a code typed as it changed. */
export const TOTP_WINDOW = 1;
const ISSUER = 'Popote Équipe';

/** A new secret: 160 bits (RFC 4226's recommended length), base32 as the apps read it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = 'Popote') {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step of an instant (its code's counter). */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S);
}

/** The code of a step (tests and the enrolment's own checks; the member's app makes the real ones). */
export function totpCode(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/**
 * The step a code belongs to when it is right within ±TOTP_WINDOW steps of now and later than
 * the last step accepted (`lastStep`), else null: a code seen once is never accepted again, nor
 * an older one after it (RFC 6238 §5.2), so a code read over a shoulder or from a proxy's log is
 * worth nothing once used.
 */
export function acceptTotp(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** What a member types: the code's digits, or a recovery code, spaces and dashes left out. */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toLowerCase();
}

/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/**
 * Ten recovery codes of 16 characters from a 31-sign alphabet (79 bits each), written in four
 * groups of four. That many bits make a plain SHA-256 enough to store them (as the links'
 * tokens): no list of guesses reaches one.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!);
    return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
  });
}

/** What the database keeps of a recovery code, from what was typed. */
export const recoveryCodeHash = (input: string) => hashToken(normalizeCode(input));

/** Whether what was typed has a recovery code's shape (else it is read as a TOTP code). */
export const isRecoveryCodeShape = (input: string) => /^[a-z0-9]{16}$/.test(normalizeCode(input));
