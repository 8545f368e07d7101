import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../../server/env';
import {
  createEdenredClient,
  EDENRED_SCOPE,
  edenredConfig,
  SANDBOX_EDENRED_CLIENT_ID,
  SANDBOX_EDENRED_CLIENT_SECRET,
  SANDBOX_EDENRED_MID,
} from '../../server/payments/edenred/edenred-client';
import { EdenredError, type EdenredClient, type EdenredTokens } from '../../server/payments/edenred/edenred-types';
import { at, createTestApp, injectFetch, MONDAY, type TestApp, PRODUCTION_KEYS } from './helpers';

const P = '/__sandbox/edenred';
const REDIRECT_URI = 'http://localhost:3000/api/edenred/callback';
const MARIE = 'marie@edenred.test';
const PAUL = 'paul@edenred.test';
const VIDE = 'vide@edenred.test';
const CLIENT_HEADERS = { 'x-client-id': SANDBOX_EDENRED_CLIENT_ID, 'x-client-secret': SANDBOX_EDENRED_CLIENT_SECRET };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let client: EdenredClient;

function newClient(options: { fetch?: typeof fetch; timeoutMs?: number; clientSecret?: string } = {}): EdenredClient {
  return createEdenredClient({
    ...edenredConfig(t.app.env)!,
    ...(options.clientSecret ? { clientSecret: options.clientSecret } : {}),
    fetch: options.fetch ?? injectFetch(t.app),
    now: () => t.clock.now().getTime(),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}

async function rejection(promise: Promise<unknown>): Promise<EdenredError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EdenredError);
  return err as EdenredError;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
const later = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));
const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The login page's hidden fields, as the browser would send them back. */
function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[m[1]!] = unescapeHtml(m[2]!);
  return out;
}

const postLogin = (fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `${P}/connect/authorize`, headers: FORM, payload: new URLSearchParams(fields).toString() });

/** Opens the login page from the adapter's URL and submits it: the code and what the shop keeps. */
async function login(email = MARIE, password = 'demo') {
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const { verifier, challenge } = pkce();
  const page = await t.app.inject({ method: 'GET', url: pathOf(client.authorizeUrl({ state, nonce, codeChallenge: challenge, redirectUri: REDIRECT_URI })) });
  expect(page.statusCode).toBe(200);
  const res = await postLogin({ ...hiddenFields(page.body), email, password, action: 'login' });
  expect(res.statusCode, res.body).toBe(303);
  const back = new URL(res.headers.location as string);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  expect(back.searchParams.get('state')).toBe(state);
  return { code: back.searchParams.get('code')!, state, nonce, verifier };
}

/** A linked account: logged in and the code exchanged. */
async function linked(email = MARIE): Promise<EdenredTokens> {
  const { code, nonce, verifier } = await login(email);
  return client.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT_URI, nonce });
}

const balanceOf = async (username: string) =>
  (await t.app.inject({ method: 'GET', url: `${P}/accounts/${username}` })).json<{ data: { balance_cents: number } }>().data.balance_cents;
const setBalance = (username: string, cents: number) => t.app.inject({ method: 'POST', url: `${P}/accounts/${username}/balance`, payload: { balance_cents: cents } });
const ref = () => `popote-test-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp();
  client = newClient();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  t.clock.set(at(MONDAY, '09:00:00'));
  expect((await t.app.inject({ method: 'POST', url: `${P}/accounts/reset` })).statusCode).toBe(200);
  await t.app.inject({ method: 'DELETE', url: `${P}/failures` });
  await t.app.inject({ method: 'POST', url: `${P}/widget/outcome`, payload: { outcome: 'success' } });
});

describe('edenredConfig', () => {
  const key = randomBytes(32).toString('base64');

  it('uses the real APIs when the three credentials are set', () => {
    const env = loadEnv({ EDENRED_CLIENT_ID: 'popote', EDENRED_CLIENT_SECRET: 'secret-123456', EDENRED_MID: 'MID42', TOKEN_ENCRYPTION_KEY: key });
    expect(edenredConfig(env)).toEqual({
      authUrl: 'https://sso.auth.api.edenred.com',
      sandbox: false,
      apiUrl: 'https://directpayment.eu.edenred.io/v2',
      widgetUrl: 'https://widget.eu.edenred.io',
      clientId: 'popote',
      clientSecret: 'secret-123456',
      mid: 'MID42',
    });
    const custom = loadEnv({
      EDENRED_CLIENT_ID: 'popote',
      EDENRED_CLIENT_SECRET: 'secret-123456',
      EDENRED_MID: 'MID42',
      TOKEN_ENCRYPTION_KEY: key,
      EDENRED_AUTH_URL: 'https://sso.sbx.edenred.io/',
      EDENRED_API_URL: 'https://directpayment.stg.eu.edenred.io/v2/',
    });
    expect(edenredConfig(custom)).toMatchObject({ authUrl: 'https://sso.sbx.edenred.io', apiUrl: 'https://directpayment.stg.eu.edenred.io/v2' });
  });

  it('uses the emulator with the sandbox on, and nothing otherwise', () => {
    expect(edenredConfig(loadEnv({ PUBLIC_URL: 'https://popote.example/', SANDBOX: '1' }))).toEqual({
      sandbox: true,
      authUrl: 'https://popote.example/__sandbox/edenred',
      apiUrl: 'https://popote.example/__sandbox/edenred/v2',
      widgetUrl: 'https://popote.example/__sandbox/edenred/widget',
      clientId: SANDBOX_EDENRED_CLIENT_ID,
      clientSecret: SANDBOX_EDENRED_CLIENT_SECRET,
      mid: SANDBOX_EDENRED_MID,
    });
    expect(edenredConfig(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example', ...PRODUCTION_KEYS }))).toBeNull();
    expect(edenredConfig(loadEnv({ SANDBOX: '0' }))).toBeNull();
  });

  it('builds the authorization URL of an OpenID Connect code flow with PKCE', () => {
    const url = new URL(client.authorizeUrl({ state: 's t', nonce: 'n', codeChallenge: 'c', redirectUri: REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe(`http://localhost:3000${P}/connect/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: SANDBOX_EDENRED_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'openid edg-xp-mealdelivery-api offline_access',
      state: 's t',
      nonce: 'n',
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
    expect(url.search).toContain('scope=openid%20edg-xp-mealdelivery-api%20offline_access');
  });
});

describe('login (OpenID Connect)', () => {
  it('shows a French login page with the demo accounts, and no script', async () => {
    const url = client.authorizeUrl({ state: 'st', nonce: 'no', codeChallenge: pkce().challenge, redirectUri: REDIRECT_URI });
    const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toMatch(/form-action 'self'/);
    const html = res.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Bac à sable Edenred · aucun paiement réel');
    expect(html).toContain(`<form method="post" action="${P}/connect/authorize">`);
    expect(html).toMatch(/<label for="email">E-mail<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<label for="password">Mot de passe<\/label>\s*<input id="password" name="password" type="password"/);
    expect(html).toMatch(/<button [^>]*value="login">Se connecter<\/button>/);
    expect(html).toMatch(/<button [^>]*value="cancel" formnovalidate>Annuler<\/button>/);
    for (const [email, balance] of [
      [MARIE, '45,00'],
      [PAUL, '8,00'],
      [VIDE, '0,00'],
    ] as const) {
      expect(html).toContain(`${email}</strong> : solde ${balance}`);
    }
    expect(html).not.toMatch(/<script/i);
    expect(hiddenFields(html)).toMatchObject({ client_id: SANDBOX_EDENRED_CLIENT_ID, redirect_uri: REDIRECT_URI, state: 'st', nonce: 'no', code_challenge_method: 'S256' });
  });

  it('refuses an unknown client or a return address outside the shop, without redirecting', async () => {
    const { challenge } = pkce();
    const good = new URL(client.authorizeUrl({ state: 'st', nonce: 'no', codeChallenge: challenge, redirectUri: REDIRECT_URI }));
    const variant = (name: string, value: string) => {
      const u = new URL(good);
      u.searchParams.set(name, value);
      return pathOf(u.toString());
    };
    for (const redirect of ['https://evil.example/cb', 'http://localhost:3000.evil.example/api/edenred/callback', 'http://localhost:4000/cb', 'not a url']) {
      const res = await t.app.inject({ method: 'GET', url: variant('redirect_uri', redirect) });
      expect(res.statusCode, redirect).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('Adresse de retour refusée');
    }
    const stranger = await t.app.inject({ method: 'GET', url: variant('client_id', 'someone-else') });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain('Application inconnue');

    // With a valid return address, other mistakes go back to the shop as OAuth errors.
    const plain = await t.app.inject({ method: 'GET', url: variant('code_challenge_method', 'plain') });
    expect(plain.statusCode).toBe(303);
    const back = new URL(plain.headers.location as string);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('st');
    const token = await t.app.inject({ method: 'GET', url: variant('response_type', 'token') });
    expect(new URL(token.headers.location as string).searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('shows the page again on wrong credentials, and sends the customer back on Annuler', async () => {
    const url = client.authorizeUrl({ state: 'st', nonce: 'no', codeChallenge: pkce().challenge, redirectUri: REDIRECT_URI });
    const fields = hiddenFields((await t.app.inject({ method: 'GET', url: pathOf(url) })).body);
    const wrong = await postLogin({ ...fields, email: MARIE, password: 'nope', action: 'login' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('<p class="error" role="alert">Identifiants incorrects.</p>');
    expect(wrong.body).toContain(`value="${MARIE}"`);
    expect((await postLogin({ ...fields, email: 'nobody@edenred.test', password: 'demo', action: 'login' })).statusCode).toBe(401);
    // Scripted logins may name the field as Direct Payment does.
    expect((await postLogin({ ...fields, username: PAUL, password: 'demo', action: 'login' })).statusCode).toBe(303);

    const cancel = await postLogin({ ...fields, email: '', password: '', action: 'cancel' });
    expect(cancel.statusCode).toBe(303);
    const back = new URL(cancel.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st');

    // Hidden fields tampered with are checked again.
    const tampered = await postLogin({ ...fields, redirect_uri: 'https://evil.example/cb', email: MARIE, password: 'demo', action: 'login' });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.headers.location).toBeUndefined();
  });

  it('exchanges the code with its PKCE verifier for tokens whose id_token fits this login', async () => {
    const { code, nonce, verifier } = await login();
    const tokens = await client.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT_URI, nonce });
    expect(tokens).toMatchObject({ expiresIn: 3600 });
    expect(tokens.refreshToken).toEqual(expect.any(String));
    const id = claimsOf(tokens.idToken!);
    expect(id).toMatchObject({ iss: `http://localhost:3000${P}`, aud: SANDBOX_EDENRED_CLIENT_ID, nonce });
    expect(id.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 3600);
    expect(claimsOf(tokens.accessToken)).toMatchObject({ iss: `http://localhost:3000${P}`, aud: 'edg-xp-mealdelivery-api', scope: EDENRED_SCOPE, sid: id.sid });

    const user = await client.userinfo(tokens.accessToken);
    expect(user).toEqual({ sub: id.sub, username: MARIE, email: MARIE });
    const raw = await t.app.inject({ method: 'GET', url: `${P}/connect/userinfo`, headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(raw.json()).toMatchObject({ given_name: 'Marie', family_name: 'Dupont' });
  });

  it('refuses a wrong verifier, a replayed code, another redirect_uri, a stale code and a wrong nonce', async () => {
    const first = await login();
    const exchange = (input: Partial<{ code: string; codeVerifier: string; redirectUri: string; nonce: string }> = {}) =>
      client.exchangeCode({ code: first.code, codeVerifier: first.verifier, redirectUri: REDIRECT_URI, nonce: first.nonce, ...input });

    expect(await rejection(exchange({ codeVerifier: pkce().verifier }))).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(await rejection(exchange({ redirectUri: 'http://localhost:3000/ailleurs' }))).toMatchObject({ status: 400, code: 'invalid_grant' });
    // A refused attempt does not burn the code; a successful one does.
    await exchange();
    const replay = await rejection(exchange());
    expect(replay).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(replay.message).toMatch(/already been used/);

    const stale = await login();
    later(11 * 60 * 1000);
    expect(await rejection(client.exchangeCode({ code: stale.code, codeVerifier: stale.verifier, redirectUri: REDIRECT_URI, nonce: stale.nonce }))).toMatchObject({
      code: 'invalid_grant',
    });

    const other = await login();
    const wrongNonce = await rejection(client.exchangeCode({ code: other.code, codeVerifier: other.verifier, redirectUri: REDIRECT_URI, nonce: 'another-login' }));
    expect(wrongNonce.code).toBe('invalid_id_token');
    expect(wrongNonce.message).toMatch(/nonce/);
  });

  it('checks the id_token it is given: issuer, audience and expiry', async () => {
    const { code, nonce, verifier } = await login();
    const answer = (await t.app.inject({
      method: 'POST',
      url: `${P}/connect/token`,
      headers: FORM,
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: SANDBOX_EDENRED_CLIENT_ID,
        client_secret: SANDBOX_EDENRED_CLIENT_SECRET,
      }).toString(),
    })).json<Record<string, unknown>>();
    expect(answer).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: EDENRED_SCOPE });
    const claims = claimsOf(answer.id_token as string);
    const forge = (changes: Record<string, unknown>) => `e30.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.sig`;
    // A token endpoint answering the id_token given: the adapter's checks are what is tested.
    const answering = (idToken: string) =>
      newClient({
        fetch: (async () => new Response(JSON.stringify({ ...answer, id_token: idToken }), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch,
      }).exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT_URI, nonce });

    expect((await answering(forge({}))).accessToken).toBe(answer.access_token);
    for (const [changes, why] of [
      [{ iss: 'https://evil.example' }, /issuer/],
      [{ aud: 'someone-else' }, /another client/],
      [{ exp: Math.floor(t.clock.now().getTime() / 1000) - 1 }, /expired/],
      [{ nonce: undefined }, /nonce/],
    ] as const) {
      const err = await rejection(answering(forge(changes)));
      expect(err.code).toBe('invalid_id_token');
      expect(err.message).toMatch(why);
    }
    expect((await rejection(answering('not-a-jwt'))).code).toBe('invalid_id_token');
  });

  it('refreshes once the access token expired; the old token is refused', async () => {
    const tokens = await linked();
    expect(await client.balance(tokens.accessToken, MARIE)).toBe(4500);
    later(61 * 60 * 1000);
    expect(await rejection(client.balance(tokens.accessToken, MARIE))).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
    expect(await rejection(client.userinfo(tokens.accessToken))).toMatchObject({ status: 401, code: 'invalid_token' });
    const raw = await t.app.inject({ method: 'GET', url: `${P}/connect/userinfo`, headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(raw.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);

    const renewed = await client.refresh(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).toEqual(expect.any(String));
    expect(renewed.idToken).toEqual(expect.any(String));
    expect(await client.balance(renewed.accessToken, MARIE)).toBe(4500);
    // Rotated, and the previous refresh token still works while the login lasts.
    expect((await client.refresh(tokens.refreshToken!)).accessToken).toEqual(expect.any(String));
    expect(await rejection(client.refresh('garbage'))).toMatchObject({ status: 400, code: 'invalid_grant' });
  });

  it('ends the login at endsession: its tokens and refresh tokens stop working', async () => {
    const tokens = await linked();
    const other = await linked(PAUL);
    await client.endSession(tokens.idToken, tokens.accessToken);
    expect(await rejection(client.balance(tokens.accessToken, MARIE))).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
    expect(await rejection(client.refresh(tokens.refreshToken!))).toMatchObject({ code: 'invalid_grant' });
    expect(await rejection(client.createTransaction(tokens.accessToken, { orderRef: ref(), amount: 100, capture: 'auto' }))).toMatchObject({ code: 'INVALID_TOKEN' });
    // Another login is untouched; ending twice is harmless.
    expect(await client.balance(other.accessToken, PAUL)).toBe(800);
    await client.endSession(tokens.idToken, tokens.accessToken);

    // Without an id_token, the access token is revoked instead (RFC 7009): same effect.
    await client.endSession(null, other.accessToken);
    expect(await rejection(client.balance(other.accessToken, PAUL))).toMatchObject({ code: 'INVALID_TOKEN' });

    // In the browser, with a return address of the shop.
    const third = await linked();
    const res = await t.app.inject({
      method: 'GET',
      url: `${P}/connect/endsession?${new URLSearchParams({ id_token_hint: third.idToken!, post_logout_redirect_uri: 'http://localhost:3000/', state: 'x' }).toString()}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/?state=x');
    expect(await rejection(client.endSession('forged.id.token', third.accessToken))).toMatchObject({ status: 400 });
  });

  it('answers OAuth errors on the token endpoint', async () => {
    const token = (payload: string, headers: Record<string, string> = FORM) => t.app.inject({ method: 'POST', url: `${P}/connect/token`, headers, payload });
    const bad = await token(new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: SANDBOX_EDENRED_CLIENT_ID, client_secret: 'wrong' }).toString());
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await token(new URLSearchParams({ grant_type: 'password', client_id: SANDBOX_EDENRED_CLIENT_ID, client_secret: SANDBOX_EDENRED_CLIENT_SECRET }).toString());
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const json = await token(JSON.stringify({ grant_type: 'refresh_token' }), { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
    expect(await rejection(newClient({ clientSecret: 'wrong-secret' }).refresh('x'))).toMatchObject({ status: 401, code: 'invalid_client' });
  });
});

describe('Direct Payment', () => {
  it('reads the balance of the token’s own user only, with the client credentials', async () => {
    const tokens = await linked();
    expect(await client.balance(tokens.accessToken, MARIE)).toBe(4500);
    expect(await rejection(client.balance(tokens.accessToken, PAUL))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await rejection(newClient({ clientSecret: 'wrong-secret' }).balance(tokens.accessToken, MARIE))).toMatchObject({ status: 401, code: 'UNAUTHORIZED_CLIENT' });
    expect(await rejection(client.balance('a.b.c', MARIE))).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
    const raw = await t.app.inject({ method: 'GET', url: `${P}/v2/users/${MARIE}/balances`, headers: { ...CLIENT_HEADERS, authorization: `Bearer ${tokens.accessToken}` } });
    expect(raw.json()).toEqual({ meta: { status: 'succeeded', messages: [] }, data: { username: MARIE, available_amount: 4500, currency: 'EUR' } });
  });

  it('takes the money at once (auto capture) and gives it back on refunds', async () => {
    const { accessToken } = await linked();
    const tx = await client.createTransaction(accessToken, { orderRef: ref(), amount: 1290, capture: 'auto' });
    expect(tx).toMatchObject({ status: 'captured', amount: 1290, capturedAmount: 1290, refundedAmount: 0 });
    expect(tx.authorizationId).toMatch(/^auth_/);
    expect(await client.balance(accessToken, MARIE)).toBe(3210);

    // Refunds are the shop's: no customer token needed.
    expect(await client.refund(tx.authorizationId, 290)).toMatchObject({ status: 'captured', refundedAmount: 290 });
    expect(await balanceOf(MARIE)).toBe(3500);
    expect(await rejection(client.refund(tx.authorizationId, 1001))).toMatchObject({ status: 400, code: 'INVALID_AMOUNT' });
    expect(await client.refund(tx.authorizationId, 1000, accessToken)).toMatchObject({ status: 'refunded', refundedAmount: 1290 });
    expect(await balanceOf(MARIE)).toBe(4500);
    expect(await rejection(client.refund(tx.authorizationId, 1))).toMatchObject({ status: 409, code: 'INVALID_TRANSACTION_STATUS' });
    expect(await rejection(client.cancel(tx.authorizationId))).toMatchObject({ status: 409, code: 'INVALID_TRANSACTION_STATUS' });
  });

  it('holds the money (manual capture), captures part of it or cancels, giving the rest back', async () => {
    const { accessToken } = await linked();
    const held = await client.createTransaction(accessToken, { orderRef: ref(), amount: 1000, capture: 'manual' });
    expect(held).toMatchObject({ status: 'authorized', amount: 1000, capturedAmount: 0 });
    expect(await balanceOf(MARIE)).toBe(3500);
    expect(await rejection(client.capture(held.authorizationId, 1001))).toMatchObject({ status: 400, code: 'INVALID_AMOUNT' });
    expect(await rejection(client.refund(held.authorizationId, 100))).toMatchObject({ status: 409, code: 'INVALID_TRANSACTION_STATUS' });
    expect(await client.capture(held.authorizationId, 600)).toMatchObject({ status: 'captured', capturedAmount: 600 });
    expect(await balanceOf(MARIE)).toBe(3900);
    expect(await rejection(client.capture(held.authorizationId, 600))).toMatchObject({ code: 'INVALID_TRANSACTION_STATUS' });

    const other = await client.createTransaction(accessToken, { orderRef: ref(), amount: 500, capture: 'manual' });
    expect(await balanceOf(MARIE)).toBe(3400);
    expect(await client.cancel(other.authorizationId, accessToken)).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(MARIE)).toBe(3900);
    expect(await rejection(client.cancel(other.authorizationId))).toMatchObject({ code: 'INVALID_TRANSACTION_STATUS' });
    expect(await rejection(client.capture('auth_unknown', 1))).toMatchObject({ status: 404, code: 'TRANSACTION_NOT_FOUND' });

    // A customer token, when given, must be the payer's.
    const paul = await linked(PAUL);
    expect(await rejection(client.refund(held.authorizationId, 100, paul.accessToken))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const raw = await t.app.inject({ method: 'GET', url: `${P}/v2/transactions/${held.authorizationId}`, headers: CLIENT_HEADERS });
    expect(raw.json()).toMatchObject({ meta: { status: 'succeeded' }, data: { authorization_id: held.authorizationId, status: 'captured', mid: SANDBOX_EDENRED_MID } });
  });

  it('refuses more than the balance (INSUFFICIENT_FUNDS) and an order paid twice (TRANSACTION_DUPLICATED)', async () => {
    const paul = await linked(PAUL);
    expect(await rejection(client.createTransaction(paul.accessToken, { orderRef: ref(), amount: 801, capture: 'auto' }))).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
    });
    const vide = await linked(VIDE);
    expect(await rejection(client.createTransaction(vide.accessToken, { orderRef: ref(), amount: 1, capture: 'manual' }))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(PAUL)).toBe(800);

    const orderRef = ref();
    await client.createTransaction(paul.accessToken, { orderRef, amount: 300, capture: 'auto' });
    const twice = await rejection(client.createTransaction(paul.accessToken, { orderRef, amount: 300, capture: 'auto' }));
    expect(twice).toMatchObject({ status: 409, code: 'TRANSACTION_DUPLICATED' });
    expect(twice.message).toMatch(/^Edenred: /);
    // Even from two payments at once.
    const same = ref();
    const both = await Promise.allSettled([100, 100].map((amount) => client.createTransaction(paul.accessToken, { orderRef: same, amount, capture: 'auto' })));
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(PAUL)).toBe(400);
  });

  it('caps payments at 25 € a Paris day (LIMIT_EXCEEDED), refunds freeing room, and starts again the next day', async () => {
    t.clock.set(at(MONDAY, '23:00:00'));
    let { accessToken } = await linked();
    const first = await client.createTransaction(accessToken, { orderRef: ref(), amount: 1500, capture: 'auto' });
    await client.createTransaction(accessToken, { orderRef: ref(), amount: 1000, capture: 'manual' });
    const over = await rejection(client.createTransaction(accessToken, { orderRef: ref(), amount: 1, capture: 'auto' }));
    expect(over).toMatchObject({ status: 400, code: 'LIMIT_EXCEEDED' });
    await client.refund(first.authorizationId, 500);
    await client.createTransaction(accessToken, { orderRef: ref(), amount: 500, capture: 'auto' });
    expect(await rejection(client.createTransaction(accessToken, { orderRef: ref(), amount: 1, capture: 'auto' }))).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(await balanceOf(MARIE)).toBe(2000);

    // 00:30 in Paris is the next day (23:30 UTC): a new day's cap, the same token.
    later(90 * 60 * 1000);
    expect(await rejection(client.balance(accessToken, MARIE))).toMatchObject({ code: 'INVALID_TOKEN' });
    ({ accessToken } = await linked());
    expect(await client.createTransaction(accessToken, { orderRef: ref(), amount: 2000, capture: 'auto' })).toMatchObject({ status: 'captured' });
  });

  it('answers the failures asked through the driver, then works again', async () => {
    const { accessToken } = await linked();
    const set = await t.app.inject({ method: 'POST', url: `${P}/failures`, payload: { code: 'LIMIT_EXCEEDED', count: 2 } });
    expect(set.statusCode).toBe(200);
    const input = () => ({ orderRef: ref(), amount: 100, capture: 'auto' as const });
    expect(await rejection(client.createTransaction(accessToken, input()))).toMatchObject({ status: 400, code: 'LIMIT_EXCEEDED' });
    expect(await rejection(client.createTransaction(accessToken, input()))).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    const tx = await client.createTransaction(accessToken, input());

    await t.app.inject({ method: 'POST', url: `${P}/failures`, payload: { code: 'INTERNAL_ERROR', status: 503, text: 'Maintenance' } });
    const down = await rejection(client.refund(tx.authorizationId, 100));
    expect(down).toMatchObject({ status: 503, code: 'INTERNAL_ERROR', message: 'Edenred: Maintenance' });
    expect((await client.refund(tx.authorizationId, 100)).status).toBe('refunded');

    await t.app.inject({ method: 'POST', url: `${P}/failures`, payload: { code: 'INVALID_TOKEN', status: 401, count: 5 } });
    expect((await t.app.inject({ method: 'DELETE', url: `${P}/failures` })).statusCode).toBe(204);
    expect((await client.createTransaction(accessToken, input())).status).toBe('captured');
    // The balance is not a transaction call: never failed by the driver.
    await t.app.inject({ method: 'POST', url: `${P}/failures`, payload: { code: 'LIMIT_EXCEEDED' } });
    expect(await client.balance(accessToken, MARIE)).toBe(4400);
  });

  it('sets a balance through the driver', async () => {
    const { accessToken } = await linked(PAUL);
    expect((await setBalance(PAUL, 12_345)).json()).toMatchObject({ data: { username: PAUL, balance_cents: 12_345 } });
    expect(await client.balance(accessToken, PAUL)).toBe(12_345);
  });

  it('opens an unknown account with the balance set, which a reset of the demo accounts leaves alone', async () => {
    const own = `propre-${Date.now()}@edenred.test`;
    expect((await setBalance(own, 700)).json()).toMatchObject({ data: { username: own, balance_cents: 700 } });
    expect((await t.app.inject({ method: 'POST', url: `${P}/accounts/reset` })).statusCode).toBe(200);
    expect((await t.app.inject(`${P}/accounts/${own}`)).json()).toMatchObject({ data: { balance_cents: 700 } });
    expect((await t.app.inject(`${P}/accounts/${PAUL}`)).json()).toMatchObject({ data: { balance_cents: 800 } });
  });

  it('reads refusals from the envelope even on a 200, and reports timeouts and network failures', async () => {
    const answering = (status: number, body: unknown) =>
      newClient({ fetch: (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch });
    const refused = { meta: { status: 'failed', messages: [{ level: 'error', code: 'LIMIT_EXCEEDED', text: 'Daily limit' }] }, data: null };
    expect(await rejection(answering(200, refused).balance('t', MARIE))).toMatchObject({ status: 200, code: 'LIMIT_EXCEEDED', message: 'Edenred: Daily limit' });
    expect(await rejection(answering(500, { oops: true }).balance('t', MARIE))).toMatchObject({ status: 500, code: 'http_500' });
    expect(await rejection(answering(200, { meta: { status: 'succeeded' }, data: {} }).balance('t', MARIE))).toMatchObject({ code: 'invalid_response' });
    const html = newClient({ fetch: (async () => new Response('<html>', { status: 200 })) as typeof fetch });
    expect(await rejection(html.balance('t', MARIE))).toMatchObject({ code: 'invalid_response' });

    const hanging = ((_input: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof fetch;
    expect(await rejection(newClient({ fetch: hanging, timeoutMs: 30 }).balance('t', MARIE))).toMatchObject({ code: 'timeout', status: undefined });
    const down = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    expect(await rejection(newClient({ fetch: down }).cancel('auth_x'))).toMatchObject({ code: 'network' });
  });
});

describe('widget', () => {
  const authorize = (sessionId: string, username: string, password = 'demo') =>
    t.app.inject({ method: 'POST', url: `${P}/widget/v1/sessions/${sessionId}/authorize`, payload: { username, password } });
  const outcome = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: `${P}/widget/outcome`, payload });
  const complete = (sessionId: string, status: 'succeeded' | 'failed') =>
    t.app.inject({ method: 'POST', url: `${P}/widget/v1/sessions/${sessionId}/complete`, payload: { status } });
  const transaction = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `${P}/v2/transactions/${id}`, headers: CLIENT_HEADERS })).json<{ data: Record<string, unknown> }>().data;

  it('opens a session whose script is served as JavaScript', async () => {
    const orderRef = ref();
    const session = await client.createWidgetSession({ orderRef, amount: 1290 });
    expect(session.sessionId).toMatch(/^ws_/);
    expect(session.scriptUrl).toBe(`http://localhost:3000${P}/widget.js`);
    expect(await client.widgetSession(session.sessionId)).toEqual({
      sessionId: session.sessionId,
      orderRef,
      amount: 1290,
      status: 'open',
      authorizationId: null,
      errorText: null,
    });

    const script = await t.app.inject({ method: 'GET', url: pathOf(session.scriptUrl) });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('window.EdenredWidget = { mount: mount }');
    expect(script.body).not.toMatch(/innerHTML|\bimport\b|require\(/);

    const pub = await t.app.inject({ method: 'GET', url: `${P}/widget/v1/sessions/${session.sessionId}/public` });
    expect(pub.json()).toMatchObject({ data: { amount: 1290, status: 'open', demo_accounts: [{ username: MARIE, balance: 4500 }, { username: PAUL }, { username: VIDE }] } });
    expect(await rejection(newClient({ clientSecret: 'wrong-secret' }).createWidgetSession({ orderRef, amount: 1 }))).toMatchObject({ status: 401, code: 'UNAUTHORIZED_CLIENT' });
    expect(await rejection(client.widgetSession('ws_unknown'))).toMatchObject({ status: 404, code: 'SESSION_NOT_FOUND' });
  });

  it('lets the customer retry bad credentials, then takes the money', async () => {
    const session = await client.createWidgetSession({ orderRef: ref(), amount: 1290 });
    const wrong = await authorize(session.sessionId, MARIE, 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error_text: 'Identifiants Edenred incorrects.', retry: true });
    expect((await client.widgetSession(session.sessionId)).status).toBe('open');

    const ok = await authorize(session.sessionId, MARIE);
    expect(ok.statusCode).toBe(200);
    const { payload } = ok.json<{ payload: string }>();
    const payment = await client.widgetPayment(payload);
    expect(payment).toMatchObject({ sessionId: session.sessionId, status: 'succeeded', amount: 1290, errorText: null });
    expect(await transaction(payment.authorizationId!)).toMatchObject({ status: 'captured', captured_amount: 1290 });
    expect(await balanceOf(MARIE)).toBe(3210);
    // A second submit answers the same payload and takes nothing more.
    expect((await authorize(session.sessionId, MARIE)).json()).toEqual({ payload });
    expect(await balanceOf(MARIE)).toBe(3210);
    // The payment can be refunded like any other.
    expect((await client.refund(payment.authorizationId!, 1290)).status).toBe('refunded');
  });

  it('refuses a tampered or unknown payload', async () => {
    const session = await client.createWidgetSession({ orderRef: ref(), amount: 500 });
    const { payload } = (await authorize(session.sessionId, MARIE)).json<{ payload: string }>();
    const other = await client.createWidgetSession({ orderRef: ref(), amount: 500 });
    const [, signature] = payload.split('.');
    for (const forged of [`${other.sessionId}.${signature}`, `${payload.slice(0, -2)}xx`, other.sessionId, 'garbage']) {
      expect(await rejection(client.widgetPayment(forged))).toMatchObject({ status: 404, code: 'invalid_payload' });
    }
  });

  it('refuses a low balance and the daily cap with their French texts', async () => {
    const low = await client.createWidgetSession({ orderRef: ref(), amount: 1290 });
    const res = await authorize(low.sessionId, PAUL);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error_text: 'Solde Edenred insuffisant pour ce paiement.' });
    expect(await client.widgetSession(low.sessionId)).toMatchObject({ status: 'failed', errorText: 'Solde Edenred insuffisant pour ce paiement.' });
    // Failed for good: another account does not revive it.
    expect((await authorize(low.sessionId, MARIE)).json()).toEqual({ error_text: 'Solde Edenred insuffisant pour ce paiement.' });
    expect(await balanceOf(PAUL)).toBe(800);

    const { accessToken } = await linked();
    await client.createTransaction(accessToken, { orderRef: ref(), amount: 2000, capture: 'auto' });
    const capped = await client.createWidgetSession({ orderRef: ref(), amount: 1290 });
    expect((await authorize(capped.sessionId, MARIE)).json()).toEqual({ error_text: 'Plafond journalier de 25 € atteint.' });
  });

  it('follows the forced outcome: pending until completed, or an error', async () => {
    await outcome({ outcome: 'pending' });
    // Bad credentials do not use up the forced outcome.
    const pending = await client.createWidgetSession({ orderRef: ref(), amount: 1000 });
    expect((await authorize(pending.sessionId, MARIE, 'nope')).statusCode).toBe(401);
    const { payload } = (await authorize(pending.sessionId, MARIE)).json<{ payload: string }>();
    const held = await client.widgetPayment(payload);
    expect(held.status).toBe('pending');
    expect(await transaction(held.authorizationId!)).toMatchObject({ status: 'authorized' });
    expect(await balanceOf(MARIE)).toBe(3500);

    const done = await complete(pending.sessionId, 'succeeded');
    expect(done.json()).toMatchObject({ data: { status: 'succeeded' } });
    expect(await client.widgetPayment(payload)).toMatchObject({ status: 'succeeded', authorizationId: held.authorizationId });
    expect(await transaction(held.authorizationId!)).toMatchObject({ status: 'captured', captured_amount: 1000 });
    expect((await complete(pending.sessionId, 'failed')).statusCode).toBe(409);

    // The outcome was used once: the next payment succeeds.
    const next = await client.createWidgetSession({ orderRef: ref(), amount: 200 });
    expect(await client.widgetPayment((await authorize(next.sessionId, MARIE)).json<{ payload: string }>().payload)).toMatchObject({ status: 'succeeded' });

    // Pending, then refused: the money comes back.
    await outcome({ outcome: 'pending' });
    const refused = await client.createWidgetSession({ orderRef: ref(), amount: 300 });
    await authorize(refused.sessionId, MARIE);
    expect(await balanceOf(MARIE)).toBe(3000);
    await complete(refused.sessionId, 'failed');
    expect(await client.widgetSession(refused.sessionId)).toMatchObject({ status: 'failed', errorText: 'Le paiement Edenred a été refusé.' });
    expect(await balanceOf(MARIE)).toBe(3300);

    await outcome({ outcome: 'error', error_text: 'Carte Edenred bloquée.' });
    const broken = await client.createWidgetSession({ orderRef: ref(), amount: 300 });
    const res = await authorize(broken.sessionId, MARIE);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error_text: 'Carte Edenred bloquée.' });
    expect(await client.widgetSession(broken.sessionId)).toMatchObject({ status: 'failed', errorText: 'Carte Edenred bloquée.', authorizationId: null });
    expect(await balanceOf(MARIE)).toBe(3300);
  });

  describe('script in a browser (jsdom)', () => {
    /** The few DOM members the test touches (the server's TypeScript has no DOM library). */
    interface Node {
      textContent: string | null;
      value: string;
      disabled: boolean;
      click(): void;
      getAttribute(name: string): string | null;
      querySelector(selector: string): Node | null;
      querySelectorAll(selector: string): ArrayLike<Node>;
    }
    interface Widget {
      mount(element: Node, options: { sessionId: string; onAuthorized: (payload: string) => void; onError: (text: string) => void }): { unmount(): void };
    }
    interface Window {
      eval(code: string): unknown;
      fetch: typeof fetch;
      document: { body: Node; createElement(tag: string): Node & { appendChild(n: Node): void } };
      EdenredWidget?: Widget;
      close(): void;
    }
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, options: object) => { window: Window } };

    async function mountWidget(sessionId: string, expectForm = true) {
      const { window } = new JSDOM('<!doctype html><html lang="fr"><body><div id="pay"></div></body></html>', {
        url: 'http://localhost:3000/commande',
        runScripts: 'outside-only',
      });
      window.fetch = injectFetch(t.app);
      window.eval((await t.app.inject({ method: 'GET', url: `${P}/widget.js` })).body);
      const root = window.document.body.querySelector('#pay')!;
      const authorized: string[] = [];
      const errors: string[] = [];
      const handle = window.EdenredWidget!.mount(root, { sessionId, onAuthorized: (p) => authorized.push(p), onError: (e) => errors.push(e) });
      const label = (text: string) => Array.from(root.querySelectorAll('label')).find((l) => l.textContent === text);
      const field = (text: string) => root.querySelector(`#${label(text)!.getAttribute('for')!}`)!;
      if (expectForm) await vi.waitFor(() => expect(root.querySelector('form')).not.toBeNull());
      return {
        root,
        authorized,
        errors,
        handle,
        window,
        field,
        button: () => root.querySelector('button[type="submit"]')!,
        alert: () => root.querySelector('form [role="alert"]')?.textContent ?? '',
        submit(email: string, password: string) {
          field('E-mail Edenred').value = email;
          field('Mot de passe').value = password;
          root.querySelector('button[type="submit"]')!.click();
        },
      };
    }

    it('renders the French form, shows bad credentials without giving up, and hands over the payload', async () => {
      const session = await client.createWidgetSession({ orderRef: ref(), amount: 1290 });
      const w = await mountWidget(session.sessionId);
      expect(w.button().textContent?.replace(/\s/g, ' ')).toBe('Payer 12,90 € avec Edenred');
      expect(w.field('E-mail Edenred').getAttribute('type')).toBe('email');
      expect(w.field('Mot de passe').getAttribute('type')).toBe('password');
      expect(w.root.textContent).toContain(MARIE);

      w.submit(MARIE, 'nope');
      await vi.waitFor(() => expect(w.alert()).toBe('Identifiants Edenred incorrects.'));
      expect(w.errors).toEqual([]);
      expect(w.button().disabled).toBe(false);

      w.submit(MARIE, 'demo');
      await vi.waitFor(() => expect(w.authorized).toHaveLength(1));
      expect(await client.widgetPayment(w.authorized[0]!)).toMatchObject({ status: 'succeeded', amount: 1290 });
      expect(w.root.textContent).toContain('Paiement Edenred autorisé.');
      w.handle.unmount();
      expect(w.window.document.body.querySelector('.edenred-widget')).toBeNull();
      w.window.close();
    });

    it('reports a refusal through onError, and shows it', async () => {
      const session = await client.createWidgetSession({ orderRef: ref(), amount: 1290 });
      const w = await mountWidget(session.sessionId);
      w.submit(PAUL, 'demo');
      await vi.waitFor(() => expect(w.errors).toEqual(['Solde Edenred insuffisant pour ce paiement.']));
      expect(w.alert()).toBe('Solde Edenred insuffisant pour ce paiement.');
      expect(w.authorized).toEqual([]);
      w.window.close();

      // Mounted again, a settled session shows no form.
      const again = await mountWidget(session.sessionId, false);
      await vi.waitFor(() => expect(again.root.textContent).toBe('Ce paiement Edenred a déjà été traité.'));
      expect(again.root.querySelector('form')).toBeNull();
      again.window.close();
    });
  });
});
