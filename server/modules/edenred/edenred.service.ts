import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EDENRED_ERRORS } from '#shared/api/edenred';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createSecretBox } from '../../lib/secret-box';
import { hashToken, randomToken } from '../../lib/tokens';
import { EdenredError, type EdenredClient, type EdenredTokens } from '../../payments/edenred/edenred-types';
import { accountOf, consumeLogin, deleteAccount, deleteAccountAsRead, deleteExpiredLogins, insertLogin, isLinked, saveAccount } from './edenred.repo';

/** A login started must come back within this time. */
const LOGIN_TTL_MS = 10 * 60 * 1000;
/** An access token is renewed this long before it expires, so a call never carries a dying one. */
const RENEW_MARGIN_MS = 60 * 1000;

export type LoginOutcome = 'success' | 'error';

/** The adapter, or the 503 every Edenred route answers when Edenred is not configured. */
export function edenredOf(app: FastifyInstance): EdenredClient {
  const client = app.edenred();
  if (!client) throw new AppError(503, EDENRED_ERRORS.unavailable, 'Le paiement Edenred est momentanément indisponible.');
  return client;
}

const callbackUrl = (app: FastifyInstance) => `${app.env.PUBLIC_URL.replace(/\/+$/, '')}/api/edenred/callback`;
const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Starts linking the customer's Edenred account: a state, a nonce and a PKCE verifier are kept for
 * this session only (a link opened elsewhere, or twice, is refused at the callback).
 */
export async function startLogin(app: FastifyInstance, sessionId: string, customerId: number): Promise<string> {
  const client = edenredOf(app);
  const now = app.clock.now();
  const state = randomToken();
  const nonce = randomToken();
  const verifier = randomToken();
  if (app.clock.shared()) await deleteExpiredLogins(app.db, now);
  await insertLogin(app.db, {
    stateHash: hashToken(state),
    sessionId,
    customerId,
    nonce,
    codeVerifier: createSecretBox(app.env).seal(verifier),
    expiresAt: new Date(now.getTime() + LOGIN_TTL_MS),
  });
  return client.authorizeUrl({ state, nonce, codeChallenge: pkceChallenge(verifier), redirectUri: callbackUrl(app) });
}

/** Saves (or replaces) the customer's tokens, sealed. */
async function saveTokens(app: FastifyInstance, customerId: number, username: string, tokens: EdenredTokens) {
  const box = createSecretBox(app.env);
  const now = app.clock.now();
  const values = {
    username,
    accessToken: box.seal(tokens.accessToken),
    refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
    idToken: tokens.idToken ? box.seal(tokens.idToken) : null,
    expiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
    updatedAt: now,
  };
  await saveAccount(app.db, customerId, values, now);
}

/**
 * The provider's redirect after login. The state is consumed whatever happens (a replay finds
 * nothing), and must belong to this very session and still be fresh.
 */
export async function finishLogin(
  app: FastifyInstance,
  sessionId: string | null,
  query: { code?: string; state?: string; error?: string },
): Promise<LoginOutcome> {
  if (!query.state || !sessionId) return 'error';
  const login = await consumeLogin(app.db, hashToken(query.state));
  if (!login || login.sessionId !== sessionId || login.expiresAt <= app.clock.now()) {
    app.log.warn({ found: Boolean(login) }, 'edenred: login callback with an unknown, foreign or stale state');
    return 'error';
  }
  if (query.error || !query.code) return 'error';
  try {
    const client = edenredOf(app);
    const codeVerifier = createSecretBox(app.env).open(login.codeVerifier);
    const tokens = await client.exchangeCode({ code: query.code, codeVerifier, redirectUri: callbackUrl(app), nonce: login.nonce });
    const user = await client.userinfo(tokens.accessToken);
    await saveTokens(app, login.customerId, user.username, tokens);
    return 'success';
  } catch (err) {
    if (!(err instanceof EdenredError || err instanceof AppError)) throw err;
    app.log.warn({ err }, 'edenred: login could not be completed');
    return 'error';
  }
}

export async function isConnected(db: Db, customerId: number): Promise<boolean> {
  return isLinked(db, customerId);
}

export interface EdenredSession {
  accessToken: string;
  username: string;
}

/**
 * A live access token for the customer, refreshed when it is about to expire; null when the
 * account is not linked, or the link is dead (refresh refused: the link is forgotten).
 */
export async function accessTokenFor(app: FastifyInstance, customerId: number): Promise<EdenredSession | null> {
  const row = await accountOf(app.db, customerId);
  if (!row) return null;
  const box = createSecretBox(app.env);
  if (row.expiresAt.getTime() - RENEW_MARGIN_MS > app.clock.now().getTime()) return { accessToken: box.open(row.accessToken), username: row.username };
  if (!row.refreshToken) {
    await deleteAccount(app.db, customerId);
    return null;
  }
  try {
    const tokens = await edenredOf(app).refresh(box.open(row.refreshToken));
    await saveTokens(app, customerId, row.username, { ...tokens, refreshToken: tokens.refreshToken ?? box.open(row.refreshToken), idToken: tokens.idToken ?? (row.idToken ? box.open(row.idToken) : null) });
    return { accessToken: tokens.accessToken, username: row.username };
  } catch (err) {
    if (!(err instanceof EdenredError) || err.status === undefined || err.status >= 500) throw err;
    // Two requests may refresh at once and the provider rotate the refresh token: the loser
    // finds the row renewed by the winner, and the link stays.
    const now = await accountOf(app.db, customerId);
    if (now && now.updatedAt.getTime() !== row.updatedAt.getTime()) return { accessToken: box.open(now.accessToken), username: now.username };
    app.log.info({ customerId, code: err.code }, 'edenred: refresh refused, link forgotten');
    await deleteAccountAsRead(app.db, customerId, row.updatedAt);
    return null;
  }
}

/** The customer's linked session, or the refusal every payment from the balance answers without one. */
export async function requireEdenredSession(app: FastifyInstance, customerId: number): Promise<EdenredSession> {
  const session = await accessTokenFor(app, customerId);
  if (!session) throw new AppError(409, EDENRED_ERRORS.notLinked, 'Connectez votre compte Edenred pour payer avec votre solde.');
  return session;
}

/** The balance in cents; 0 when unknown (not linked, provider unreachable): the recap then offers nothing to apply. */
export async function balanceOf(app: FastifyInstance, customerId: number): Promise<number> {
  try {
    const session = await accessTokenFor(app, customerId);
    if (!session) return 0;
    return Math.max(0, await edenredOf(app).balance(session.accessToken, session.username));
  } catch (err) {
    if (!(err instanceof EdenredError || err instanceof AppError)) throw err;
    app.log.warn({ err }, 'edenred: balance unavailable');
    return 0;
  }
}

/** Ends the provider session (best effort: a dead one is fine) and forgets the tokens. */
export async function logout(app: FastifyInstance, customerId: number): Promise<void> {
  const row = await accountOf(app.db, customerId);
  if (!row) return;
  const box = createSecretBox(app.env);
  try {
    await edenredOf(app).endSession(row.idToken ? box.open(row.idToken) : null, box.open(row.accessToken));
  } catch (err) {
    if (!(err instanceof EdenredError || err instanceof AppError)) throw err;
    app.log.warn({ err }, 'edenred: endsession failed; the tokens are forgotten anyway');
  }
  await deleteAccount(app.db, customerId);
}
