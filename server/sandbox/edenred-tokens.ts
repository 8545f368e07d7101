import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The Edenred emulator's signatures: its tokens, its widget payloads, its ids.

/**
 * Tokens (JWT, HS256) and widget payloads are signed with this fixed key, so that any instance of
 * the server accepts what another one issued. It guards nothing: this is the sandbox.
 */
const SIGNING_KEY = 'popote-sandbox-edenred-v2';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hmac = (input: string) => createHmac('sha256', SIGNING_KEY).update(input).digest('base64url');

export function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

type TokenUse = 'access' | 'id' | 'refresh';
type Claims = Record<string, unknown> & { token_use: TokenUse; sub: string; sid: string };

export function signJwt(claims: Claims): string {
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${hmac(unsigned)}`;
}

/** The claims of a token this emulator signed for that use, whatever its expiry (checked by callers). */
export function verifyJwt(token: string, use: TokenUse): Claims | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature || !sameString(hmac(`${header}.${payload}`), signature)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
    return claims.token_use === use && typeof claims.sub === 'string' && typeof claims.sid === 'string' ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

/** The widget hands the browser the session id and its signature: opaque, and unforgeable. */
export const payloadOf = (sessionId: string) => `${sessionId}.${hmac(`widget-payment:${sessionId}`)}`;

export function sessionIdOfPayload(payload: string): string | null {
  const dot = payload.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = payload.slice(0, dot);
  return sameString(hmac(`widget-payment:${id}`), payload.slice(dot + 1)) ? id : null;
}

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
/** The OpenID subject: stable for an account, without showing its address. */
export const subjectOf = (username: string) => `edr-${createHash('sha256').update(username).digest('hex').slice(0, 20)}`;
export const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
