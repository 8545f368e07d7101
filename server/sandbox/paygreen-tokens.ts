import { createHmac, timingSafeEqual } from 'node:crypto';
import { SANDBOX_SHOP_ID } from '../payments/paygreen/paygreen-client';

/**
 * Tokens are JWTs signed with this fixed key, so that any instance of the server accepts a token
 * another one issued (no token kept in memory). It guards nothing: this is the sandbox.
 */
const TOKEN_KEY = 'popote-sandbox-paygreen-v3';
/** PayGreen's tokens last 10 minutes. */
const TOKEN_TTL_S = 600;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (input: string) => createHmac('sha256', TOKEN_KEY).update(input).digest('base64url');

export function issueToken(shopId: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iss: 'paygreen-sandbox', sub: shopId, iat, exp: iat + TOKEN_TTL_S })}`;
  return `${unsigned}.${sign(unsigned)}`;
}

export function tokenIsValid(token: string, now: Date): boolean {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  const expected = Buffer.from(sign(`${header}.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown; exp?: unknown };
    return claims.sub === SANDBOX_SHOP_ID && typeof claims.exp === 'number' && claims.exp * 1000 > now.getTime();
  } catch {
    return false;
  }
}
