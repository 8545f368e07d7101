import type { Env } from '../../env';
import {
  EdenredError,
  type EdenredClient,
  type EdenredTokens,
  type EdenredTransaction,
  type EdenredTransactionStatus,
  type EdenredUser,
  type EdenredWidgetPayment,
  type EdenredWidgetSession,
} from './edenred-types';

export interface EdenredConfig {
  /** true: the emulator this server serves (reached in process, server/sandbox/in-process-fetch.ts). */
  sandbox: boolean;
  /** The OpenID Connect server, also the id_token's issuer: `/connect/authorize`, `/connect/token`… */
  authUrl: string;
  /** Direct Payment, version included (`…/v2`). */
  apiUrl: string;
  /** The payment widget's service (`/v1/sessions`, `/v1/payments/{payload}`). */
  widgetUrl: string;
  clientId: string;
  clientSecret: string;
  /** The merchant id Edenred gave the shop, sent with every transaction and widget session. */
  mid: string;
}

export const SANDBOX_EDENRED_PATH = '/__sandbox/edenred';
export const SANDBOX_EDENRED_CLIENT_ID = 'popote-sandbox';
export const SANDBOX_EDENRED_CLIENT_SECRET = 'popote-sandbox-secret';
export const SANDBOX_EDENRED_MID = 'popote-sandbox-mid';

/** openid for the id_token, the meal-delivery API for Direct Payment, offline_access for a refresh token. */
export const EDENRED_SCOPE = 'openid edg-xp-mealdelivery-api offline_access';

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The real Edenred when the three credentials are set; otherwise, with the sandbox on, the
 * emulator this server serves under /__sandbox/edenred at PUBLIC_URL (its login page is a browser's
 * to open; the server's own calls are handed to it in process); otherwise null: Edenred is not offered (the business module answers 503).
 */
export function edenredConfig(env: Env): EdenredConfig | null {
  if (env.EDENRED_CLIENT_ID && env.EDENRED_CLIENT_SECRET && env.EDENRED_MID) {
    return {
      sandbox: false,
      authUrl: withoutTrailingSlash(env.EDENRED_AUTH_URL),
      apiUrl: withoutTrailingSlash(env.EDENRED_API_URL),
      widgetUrl: withoutTrailingSlash(env.EDENRED_WIDGET_URL),
      clientId: env.EDENRED_CLIENT_ID,
      clientSecret: env.EDENRED_CLIENT_SECRET,
      mid: env.EDENRED_MID,
    };
  }
  if (env.SANDBOX) {
    const base = `${withoutTrailingSlash(env.PUBLIC_URL)}${SANDBOX_EDENRED_PATH}`;
    return {
      sandbox: true,
      authUrl: base,
      apiUrl: `${base}/v2`,
      widgetUrl: `${base}/widget`,
      clientId: SANDBOX_EDENRED_CLIENT_ID,
      clientSecret: SANDBOX_EDENRED_CLIENT_SECRET,
      mid: SANDBOX_EDENRED_MID,
    };
  }
  return null;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** When the token endpoint does not say (expires_in is only RECOMMENDED by RFC 6749). */
const DEFAULT_EXPIRES_IN_S = 3600;

const TRANSACTION_STATUSES: readonly EdenredTransactionStatus[] = ['authorized', 'captured', 'cancelled', 'refunded'];
const WIDGET_STATUSES: readonly EdenredWidgetPayment['status'][] = ['open', 'pending', 'succeeded', 'failed'];

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isSuccess = (status: number) => status >= 200 && status < 300;

const invalidResponse = (what: string, status?: number) =>
  new EdenredError(`Edenred answered ${what} we cannot read.`, { code: 'invalid_response', ...(status === undefined ? {} : { status }) });

/**
 * An Edenred failure from its answer: Direct Payment's envelope (`meta.messages[0].code`), an
 * OAuth error (`error`, or the `error="…"` of a WWW-Authenticate header as userinfo answers it),
 * else the bare HTTP status.
 */
function errorFrom(res: Answer): EdenredError {
  const body = isObject(res.body) ? res.body : {};
  const messages = isObject(body.meta) && Array.isArray(body.meta.messages) ? body.meta.messages : [];
  const first = messages.find(isObject);
  if (first && nonEmpty(first.code)) {
    return new EdenredError(`Edenred: ${nonEmpty(first.text) ? first.text : first.code}`, { status: res.status, code: first.code });
  }
  if (nonEmpty(body.error)) {
    const description = nonEmpty(body.error_description) ? body.error_description : body.error;
    return new EdenredError(`Edenred: ${description}`, { status: res.status, code: body.error });
  }
  const challenge = /error="([^"]+)"/.exec(res.headers.get('www-authenticate') ?? '')?.[1];
  if (challenge) return new EdenredError(`Edenred: ${challenge}`, { status: res.status, code: challenge });
  return new EdenredError(`Edenred answered HTTP ${res.status}.`, { status: res.status, code: `http_${res.status}` });
}

/**
 * The `data` of a Direct Payment or widget answer. A 2xx is not enough: Edenred reports some
 * refusals with `meta.status` other than "succeeded".
 */
function envelopeData(res: Answer): Json {
  const meta = isObject(res.body) && isObject(res.body.meta) ? res.body.meta : null;
  if (!isSuccess(res.status) || (meta && meta.status !== 'succeeded')) throw errorFrom(res);
  const data = isObject(res.body) ? res.body.data : undefined;
  if (!isObject(data)) throw invalidResponse('an envelope without data', res.status);
  return data;
}

/** The claims of a JWT, unverified (see exchangeCode for why that is enough for the id_token). */
function jwtClaims(token: string): Json | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isObject(claims) ? claims : null;
  } catch {
    return null;
  }
}

function toTokens(res: Answer, previousRefreshToken: string | null): EdenredTokens {
  if (!isSuccess(res.status)) throw errorFrom(res);
  const body = isObject(res.body) ? res.body : {};
  if (!nonEmpty(body.access_token)) throw invalidResponse('tokens', res.status);
  if (body.token_type !== undefined && String(body.token_type).toLowerCase() !== 'bearer') throw invalidResponse('a token type', res.status);
  const expiresIn = Number(body.expires_in ?? DEFAULT_EXPIRES_IN_S);
  return {
    accessToken: body.access_token,
    // A refresh that does not rotate the refresh token leaves the one in use valid.
    refreshToken: nonEmpty(body.refresh_token) ? body.refresh_token : previousRefreshToken,
    idToken: nonEmpty(body.id_token) ? body.id_token : null,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? Math.floor(expiresIn) : DEFAULT_EXPIRES_IN_S,
  };
}

function toTransaction(data: Json): EdenredTransaction {
  const status = typeof data.status === 'string' ? data.status.toLowerCase() : '';
  if (!nonEmpty(data.authorization_id) || !(TRANSACTION_STATUSES as readonly string[]).includes(status) || typeof data.amount !== 'number') {
    throw invalidResponse('a transaction');
  }
  return {
    authorizationId: data.authorization_id,
    status: status as EdenredTransactionStatus,
    amount: data.amount,
    capturedAmount: typeof data.captured_amount === 'number' ? data.captured_amount : 0,
    refundedAmount: typeof data.refunded_amount === 'number' ? data.refunded_amount : 0,
  };
}

function toWidgetPayment(data: Json): EdenredWidgetPayment {
  const status = data.status;
  if (!nonEmpty(data.session_id) || typeof data.amount !== 'number' || !(WIDGET_STATUSES as readonly unknown[]).includes(status)) {
    throw invalidResponse('a widget payment');
  }
  return {
    sessionId: data.session_id,
    orderRef: typeof data.order_ref === 'string' ? data.order_ref : '',
    amount: data.amount,
    status: status as EdenredWidgetPayment['status'],
    authorizationId: nonEmpty(data.authorization_id) ? data.authorization_id : null,
    errorText: nonEmpty(data.error_text) ? data.error_text : null,
  };
}

/** `a=1&b=2` with spaces as %20: some servers read a `+` in a query string literally. */
const query = (params: Record<string, string>) => new URLSearchParams(params).toString().replace(/\+/g, '%20');

/**
 * Edenred over HTTP: OpenID Connect for the customer's account, Direct Payment v2 and the widget
 * service with the shop's client credentials; every call bounded by a timeout. Holds no state: the
 * customer's tokens are the caller's to keep (and to refresh).
 */
export function createEdenredClient(config: EdenredConfig & { fetch?: typeof fetch; timeoutMs?: number; now?: () => number }): EdenredClient {
  const doFetch = config.fetch ?? globalThis.fetch;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = config.now ?? Date.now;
  const authUrl = withoutTrailingSlash(config.authUrl);
  const apiUrl = withoutTrailingSlash(config.apiUrl);
  const widgetUrl = withoutTrailingSlash(config.widgetUrl);
  /** Direct Payment and the widget service know the shop by these headers. */
  const clientHeaders = { 'x-client-id': config.clientId, 'x-client-secret': config.clientSecret };
  const bearer = (accessToken: string | undefined): Record<string, string> => (accessToken ? { authorization: `Bearer ${accessToken}` } : {});

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; expectJson?: boolean } = {},
  ): Promise<Answer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const contentType = options.form ? 'application/x-www-form-urlencoded' : options.json === undefined ? null : 'application/json';
    try {
      const res = await doFetch(url, {
        method,
        headers: { accept: 'application/json', ...(contentType ? { 'content-type': contentType } : {}), ...options.headers },
        body: options.form ? new URLSearchParams(options.form).toString() : options.json === undefined ? undefined : JSON.stringify(options.json),
        // endsession may answer with a redirect to a page of theirs: its status is all we need.
        redirect: 'manual',
        signal: controller.signal,
      });
      const text = await res.text();
      let body: unknown = null;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          // An error page in HTML still has a status worth reporting; a success must be JSON.
          if (res.ok && options.expectJson !== false) throw invalidResponse('something other than JSON', res.status);
        }
      }
      return { status: res.status, body, headers: res.headers };
    } catch (err) {
      if (err instanceof EdenredError) throw err;
      if (controller.signal.aborted) throw new EdenredError(`Edenred did not answer within ${timeoutMs} ms.`, { code: 'timeout', cause: err });
      throw new EdenredError('Edenred could not be reached.', { code: 'network', cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  const tokenRequest = (form: Record<string, string>) =>
    call('POST', `${authUrl}/connect/token`, { form: { ...form, client_id: config.clientId, client_secret: config.clientSecret } });

  /**
   * The id_token's claims that tie it to this login: issued by Edenred's SSO, for this client,
   * still valid, and carrying the nonce of this very login (no replay of another login's token).
   */
  function checkIdToken(idToken: string | null, nonce: string): void {
    const claims = idToken ? jwtClaims(idToken) : null;
    const fail = (why: string) => new EdenredError(`Edenred's id_token ${why}.`, { code: 'invalid_id_token' });
    if (!claims) throw fail('is missing or unreadable');
    if (typeof claims.iss !== 'string' || withoutTrailingSlash(claims.iss) !== authUrl) throw fail('comes from another issuer');
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes(config.clientId)) throw fail('is meant for another client');
    if (audiences.length > 1 && claims.azp !== undefined && claims.azp !== config.clientId) throw fail('was given to another party');
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now()) throw fail('has expired');
    if (claims.nonce !== nonce) throw fail('belongs to another login (nonce)');
  }

  async function directPayment(method: 'GET' | 'POST', path: string, accessToken?: string, body?: unknown): Promise<Json> {
    const res = await call(method, `${apiUrl}${path}`, { headers: { ...clientHeaders, ...bearer(accessToken) }, json: body });
    return envelopeData(res);
  }

  const action = async (authorizationId: string, name: 'capture' | 'cancel' | 'refund', body: unknown, accessToken?: string) =>
    toTransaction(await directPayment('POST', `/transactions/${encodeURIComponent(authorizationId)}/actions/${name}`, accessToken, body));

  return {
    authorizeUrl: (input) =>
      `${authUrl}/connect/authorize?${query({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: input.redirectUri,
        scope: EDENRED_SCOPE,
        state: input.state,
        nonce: input.nonce,
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
      })}`,

    async exchangeCode(input) {
      const res = await tokenRequest({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier });
      const tokens = toTokens(res, null);
      // No signature check: the id_token comes straight from the token endpoint over TLS,
      // authenticated with our client secret, which OIDC Core 3.1.3.7 (6.) accepts in place of one.
      checkIdToken(tokens.idToken, input.nonce);
      return tokens;
    },

    refresh: async (refreshToken) => toTokens(await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }), refreshToken),

    async userinfo(accessToken) {
      const res = await call('GET', `${authUrl}/connect/userinfo`, { headers: bearer(accessToken) });
      if (!isSuccess(res.status)) throw errorFrom(res);
      const body = isObject(res.body) ? res.body : {};
      const email = nonEmpty(body.email) ? body.email : null;
      // Direct Payment's username; Edenred's accounts are named by their e-mail address.
      const username = [body.username, body.preferred_username, email].find(nonEmpty);
      if (!nonEmpty(body.sub) || !username) throw invalidResponse('a user', res.status);
      return { sub: body.sub, username, email } satisfies EdenredUser;
    },

    async endSession(idToken, accessToken) {
      // RP-initiated logout wants the id_token as hint. Without one, revoking the token (RFC 7009)
      // is the only way left to end the session server-side.
      const res = idToken
        ? await call('GET', `${authUrl}/connect/endsession?${query({ id_token_hint: idToken })}`, { expectJson: false })
        : await call('POST', `${authUrl}/connect/revocation`, {
            form: { token: accessToken, token_type_hint: 'access_token', client_id: config.clientId, client_secret: config.clientSecret },
            expectJson: false,
          });
      if (res.status >= 400) throw errorFrom(res);
    },

    async balance(accessToken, username) {
      const data = await directPayment('GET', `/users/${encodeURIComponent(username)}/balances`, accessToken);
      if (typeof data.available_amount !== 'number') throw invalidResponse('a balance');
      return data.available_amount;
    },

    createTransaction: async (accessToken, input) =>
      toTransaction(
        await directPayment('POST', '/transactions', accessToken, {
          mid: config.mid,
          order_ref: input.orderRef,
          amount: input.amount,
          capture_mode: input.capture,
          tstamp: new Date(now()).toISOString(),
        }),
      ),

    transaction: async (authorizationId, accessToken) =>
      toTransaction(await directPayment('GET', `/transactions/${encodeURIComponent(authorizationId)}`, accessToken)),
    capture: (authorizationId, amount, accessToken) => action(authorizationId, 'capture', { amount }, accessToken),
    cancel: (authorizationId, accessToken) => action(authorizationId, 'cancel', {}, accessToken),
    refund: (authorizationId, amount, accessToken) => action(authorizationId, 'refund', { amount }, accessToken),

    async createWidgetSession(input): Promise<EdenredWidgetSession> {
      const res = await call('POST', `${widgetUrl}/v1/sessions`, { headers: clientHeaders, json: { mid: config.mid, order_ref: input.orderRef, amount: input.amount } });
      const data = envelopeData(res);
      if (!nonEmpty(data.session_id) || !nonEmpty(data.script_url)) throw invalidResponse('a widget session', res.status);
      return { sessionId: data.session_id, scriptUrl: data.script_url };
    },

    async widgetPayment(payload) {
      const res = await call('GET', `${widgetUrl}/v1/payments/${encodeURIComponent(payload)}`, { headers: clientHeaders });
      // The payload came through the browser: one Edenred does not know (or too long to be one of
      // theirs) is a forgery, not an outage.
      if (res.status === 400 || res.status === 404 || res.status === 414 || res.status === 422) {
        throw new EdenredError('Edenred does not know this widget payment.', { status: res.status, code: 'invalid_payload' });
      }
      return toWidgetPayment(envelopeData(res));
    },

    widgetSession: async (sessionId) =>
      toWidgetPayment(envelopeData(await call('GET', `${widgetUrl}/v1/sessions/${encodeURIComponent(sessionId)}`, { headers: clientHeaders }))),
  };
}
