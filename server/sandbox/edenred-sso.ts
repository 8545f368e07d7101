import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxEdenredGrants, type sandboxEdenredAccounts } from '../db/schema';
import { AUTHORIZE_FIELDS, errorPage, loginPage, withParams, type AuthorizeParams } from './edenred-pages';
import { newId, s256, sameString, signJwt, subjectOf, verifyJwt } from './edenred-tokens';
import { fields, header, OAuthError } from './edenred-wire';
import { EDENRED_SCOPE, SANDBOX_EDENRED_CLIENT_ID, SANDBOX_EDENRED_CLIENT_SECRET, SANDBOX_EDENRED_PATH } from '../payments/edenred/edenred-client';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Account = typeof sandboxEdenredAccounts.$inferSelect;
type Grant = typeof sandboxEdenredGrants.$inferSelect;

const P = SANDBOX_EDENRED_PATH;

const ACCESS_TOKEN_TTL_S = 3600;
const ID_TOKEN_TTL_S = 3600;
const CODE_TTL_MS = 10 * 60 * 1000;
/** How long a login lasts (its refresh tokens with it) unless ended at endsession. */
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** The audience of access tokens: the API they open. */
const API_AUDIENCE = 'edg-xp-mealdelivery-api';

/** What the SSO needs of the emulator's accounts. */
interface Accounts {
  findAccount: (username: string) => Promise<Account | undefined>;
  authenticate: (username: string, password: string) => Promise<Account | null>;
  demoAccounts: () => Promise<Account[]>;
}

/**
 * The emulator's OpenID Connect server: its grants and tokens, the login page and its endpoints
 * (discovery, authorize, token, userinfo, endsession, revocation). Gives the rest of the emulator
 * what it needs to know who calls: the user of a bearer token.
 */
export function edenredSso(app: App, { findAccount, authenticate, demoAccounts }: Accounts, { publicUrl, issuer }: { publicUrl: string; issuer: string }) {
  async function activeSession(sid: string): Promise<Grant | null> {
    const [grant] = await app.db.select().from(sandboxEdenredGrants).where(and(eq(sandboxEdenredGrants.id, sid), eq(sandboxEdenredGrants.kind, 'session')));
    return grant && !grant.endedAt && grant.expiresAt > app.clock.now() ? grant : null;
  }

  async function endSession(sid: string) {
    await app.db
      .update(sandboxEdenredGrants)
      .set({ endedAt: app.clock.now() })
      .where(and(eq(sandboxEdenredGrants.id, sid), eq(sandboxEdenredGrants.kind, 'session'), isNull(sandboxEdenredGrants.endedAt)));
  }

  /** The user of a bearer access token: signed here, not expired, its login not ended. */
  async function userOfToken(token: string | undefined): Promise<{ username: string; sid: string } | null> {
    const claims = token ? verifyJwt(token, 'access') : null;
    if (!claims || typeof claims.exp !== 'number' || claims.exp * 1000 <= app.clock.now().getTime()) return null;
    const session = await activeSession(claims.sid);
    return session ? { username: session.username, sid: session.id } : null;
  }

  const bearerOf = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];

  function issueTokens(account: Account, session: Grant, extra: { nonce?: string | null }) {
    const iat = Math.floor(app.clock.now().getTime() / 1000);
    const sub = subjectOf(account.username);
    const scope = session.scope ?? EDENRED_SCOPE;
    const base = { iss: issuer, sub, sid: session.id, iat };
    return {
      access_token: signJwt({ ...base, token_use: 'access', aud: API_AUDIENCE, client_id: session.clientId, scope, exp: iat + ACCESS_TOKEN_TTL_S, jti: newId('at') }),
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      ...(scope.split(' ').includes('offline_access')
        ? { refresh_token: signJwt({ ...base, token_use: 'refresh', client_id: session.clientId, jti: newId('rt') }) }
        : {}),
      id_token: signJwt({
        ...base,
        token_use: 'id',
        aud: session.clientId,
        exp: iat + ID_TOKEN_TTL_S,
        email: account.username,
        ...(extra.nonce ? { nonce: extra.nonce } : {}),
      }),
      scope,
    };
  }

  /** client_secret_post or client_secret_basic. */
  function authenticateClient(request: FastifyRequest, body: Record<string, string>): string {
    let id = body.client_id;
    let secret = body.client_secret;
    const basic = /^Basic\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
    if (basic) {
      const [user, pass] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      id = decodeURIComponent(user ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    if (id !== SANDBOX_EDENRED_CLIENT_ID || !secret || !sameString(secret, SANDBOX_EDENRED_CLIENT_SECRET)) {
      throw new OAuthError(401, 'invalid_client', 'Unknown client or wrong secret.');
    }
    return id;
  }

  /** redirect_uri must lead back to this shop (same origin, under PUBLIC_URL's path). */
  function allowedRedirect(uri: string | undefined): boolean {
    if (!uri) return false;
    try {
      const target = new URL(uri);
      const shop = new URL(`${publicUrl}/`);
      return target.origin === shop.origin && target.pathname.startsWith(shop.pathname);
    } catch {
      return false;
    }
  }

  /**
   * An authorization request checked as Edenred would: an unknown client or return address gets
   * an error page (never a redirect to it); anything else wrong goes back to the shop as an error.
   */
  function checkAuthorize(params: AuthorizeParams): { page: string } | { redirect: string } | null {
    if (params.client_id !== SANDBOX_EDENRED_CLIENT_ID) return { page: errorPage('Application inconnue', 'Cette application n’est pas enregistrée chez Edenred.') };
    if (!allowedRedirect(params.redirect_uri)) {
      return { page: errorPage('Adresse de retour refusée', 'L’adresse de retour demandée n’est pas autorisée pour cette application.') };
    }
    const back = (error: string, description: string) => ({ redirect: withParams(params.redirect_uri!, { error, error_description: description, state: params.state }) });
    if (params.response_type !== 'code') return back('unsupported_response_type', 'Only response_type=code is supported.');
    if (!params.code_challenge || params.code_challenge_method !== 'S256') return back('invalid_request', 'PKCE with code_challenge_method=S256 is required.');
    if (!(params.scope ?? '').split(' ').includes('openid')) return back('invalid_scope', 'The openid scope is required.');
    return null;
  }

  function answerInvalidAuthorize(reply: FastifyReply, invalid: { page: string } | { redirect: string }) {
    if ('redirect' in invalid) return reply.redirect(invalid.redirect, 303);
    return reply.code(400).type('text/html; charset=utf-8').send(invalid.page);
  }

  /**
   * A successful login: a login session (its tokens live while it does) and a single-use code.
   * The code starts with the session's id, so that the token endpoint finds it (not the reverse).
   */
  async function grantCode(account: Account, params: AuthorizeParams): Promise<string> {
    const now = app.clock.now();
    const sid = newId('ses');
    const code = `${sid}.${randomBytes(24).toString('base64url')}`;
    const common = { username: account.username, clientId: params.client_id!, scope: params.scope ?? EDENRED_SCOPE, createdAt: now };
    await app.db.insert(sandboxEdenredGrants).values([
      { id: sid, kind: 'session', ...common, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) },
      {
        id: code,
        kind: 'code',
        ...common,
        redirectUri: params.redirect_uri!,
        codeChallenge: params.code_challenge!,
        nonce: params.nonce ?? null,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      },
    ]);
    return code;
  }

  async function exchangeCode(clientId: string, body: Record<string, string>) {
    const invalid = (why: string) => new OAuthError(400, 'invalid_grant', why);
    const code = body.code ?? '';
    const [grant] = await app.db.select().from(sandboxEdenredGrants).where(and(eq(sandboxEdenredGrants.id, code), eq(sandboxEdenredGrants.kind, 'code')));
    if (!grant || grant.clientId !== clientId) throw invalid('Unknown authorization code.');
    if (grant.endedAt) throw invalid('This authorization code has already been used.');
    if (grant.expiresAt <= app.clock.now()) throw invalid('This authorization code has expired.');
    if (body.redirect_uri !== grant.redirectUri) throw invalid('redirect_uri does not match the authorization request.');
    const verifier = body.code_verifier ?? '';
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || !sameString(s256(verifier), grant.codeChallenge ?? '')) throw invalid('PKCE verification failed.');
    // Consumed in one conditional update: of two exchanges at once, one only gets tokens.
    const [used] = await app.db
      .update(sandboxEdenredGrants)
      .set({ endedAt: app.clock.now() })
      .where(and(eq(sandboxEdenredGrants.id, code), isNull(sandboxEdenredGrants.endedAt)))
      .returning();
    if (!used) throw invalid('This authorization code has already been used.');
    const session = await activeSession(code.split('.')[0]!);
    const account = session ? await findAccount(session.username) : undefined;
    if (!session || !account) throw invalid('The login session has ended.');
    return issueTokens(account, session, { nonce: grant.nonce });
  }

  async function refreshTokens(clientId: string, body: Record<string, string>) {
    const claims = verifyJwt(body.refresh_token ?? '', 'refresh');
    const session = claims && claims.client_id === clientId ? await activeSession(claims.sid) : null;
    const account = session ? await findAccount(session.username) : undefined;
    if (!session || !account) throw new OAuthError(400, 'invalid_grant', 'The refresh token is invalid or its session has ended.');
    return issueTokens(account, session, {});
  }

  // --- The SSO's endpoints ------------------------------------------------------------------------

  app.get(`${P}/.well-known/openid-configuration`, async () => ({
    issuer,
    authorization_endpoint: `${issuer}/connect/authorize`,
    token_endpoint: `${issuer}/connect/token`,
    userinfo_endpoint: `${issuer}/connect/userinfo`,
    end_session_endpoint: `${issuer}/connect/endsession`,
    revocation_endpoint: `${issuer}/connect/revocation`,
    scopes_supported: EDENRED_SCOPE.split(' '),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['HS256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  }));

  app.get(`${P}/connect/authorize`, async (request, reply) => {
    const params = fields(request.query) as AuthorizeParams;
    const invalid = checkAuthorize(params);
    if (invalid) return answerInvalidAuthorize(reply, invalid);
    return reply.type('text/html; charset=utf-8').send(loginPage(params, await demoAccounts(), null));
  });

  app.post(`${P}/connect/authorize`, async (request, reply) => {
    const form = fields(request.body);
    const params = Object.fromEntries(AUTHORIZE_FIELDS.filter((k) => form[k] !== undefined).map((k) => [k, form[k]])) as AuthorizeParams;
    // The hidden fields came back through the browser: checked again.
    const invalid = checkAuthorize(params);
    if (invalid) return answerInvalidAuthorize(reply, invalid);
    if (form.action === 'cancel') {
      return reply.redirect(withParams(params.redirect_uri!, { error: 'access_denied', error_description: 'The user cancelled the login.', state: params.state }), 303);
    }
    // The page posts `email`; scripted logins (tests, QA) may say `username`, as Direct Payment does.
    const email = form.email ?? form.username ?? '';
    const account = await authenticate(email, form.password ?? '');
    if (!account) {
      return reply
        .code(401)
        .type('text/html; charset=utf-8')
        .send(loginPage(params, await demoAccounts(), { email }));
    }
    const code = await grantCode(account, params);
    return reply.redirect(withParams(params.redirect_uri!, { code, state: params.state }), 303);
  });

  app.post(`${P}/connect/token`, async (request, reply) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(header(request, 'content-type') ?? '')) {
      throw new OAuthError(400, 'invalid_request', 'The token endpoint takes application/x-www-form-urlencoded.');
    }
    const body = fields(request.body);
    const clientId = authenticateClient(request, body);
    reply.header('pragma', 'no-cache');
    if (body.grant_type === 'authorization_code') return exchangeCode(clientId, body);
    if (body.grant_type === 'refresh_token') return refreshTokens(clientId, body);
    throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  });

  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await userOfToken(bearerOf(request));
    const account = user ? await findAccount(user.username) : undefined;
    if (!account) {
      // RFC 6750 §3: the reason goes in WWW-Authenticate.
      reply.header('www-authenticate', 'Bearer error="invalid_token", error_description="The access token is invalid or expired"');
      throw new OAuthError(401, 'invalid_token', 'The access token is invalid or expired.');
    }
    return {
      sub: subjectOf(account.username),
      username: account.username,
      email: account.username,
      email_verified: true,
      given_name: account.firstname,
      family_name: account.lastname,
    };
  };
  app.get(`${P}/connect/userinfo`, userinfo);
  app.post(`${P}/connect/userinfo`, userinfo);

  /** RP-initiated logout: the id_token as hint (expired ones too, as OpenID Connect allows). */
  const endsession = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = { ...fields(request.query), ...fields(request.body) };
    const claims = params.id_token_hint ? verifyJwt(params.id_token_hint, 'id') : null;
    if (!claims) return reply.code(400).type('text/html; charset=utf-8').send(errorPage('Déconnexion impossible', 'La demande de déconnexion est invalide.'));
    await endSession(claims.sid);
    if (params.post_logout_redirect_uri && allowedRedirect(params.post_logout_redirect_uri)) {
      return reply.redirect(withParams(params.post_logout_redirect_uri, { state: params.state }), 303);
    }
    return reply.type('text/html; charset=utf-8').send(errorPage('Déconnexion réussie', 'Vous êtes déconnecté de votre compte Edenred.'));
  };
  app.get(`${P}/connect/endsession`, endsession);
  app.post(`${P}/connect/endsession`, endsession);

  /** RFC 7009: revoking a token ends its login (access and refresh tokens alike); always 200. */
  app.post(`${P}/connect/revocation`, async (request, reply) => {
    const body = fields(request.body);
    authenticateClient(request, body);
    const token = body.token ?? '';
    const claims = verifyJwt(token, 'access') ?? verifyJwt(token, 'refresh');
    if (claims) await endSession(claims.sid);
    return reply.code(200).send();
  });

  return { userOfToken, bearerOf };
}
