import type { Env } from '../../env';

/** A payment order's status, without the `payment_order.` prefix the API may put before it. */
export type PaymentOrderStatus = 'pending' | 'authorized' | 'successed' | 'canceled' | 'refused' | 'error' | 'expired' | 'refunded';

export const PAYMENT_ORDER_STATUSES: readonly PaymentOrderStatus[] = [
  'pending',
  'authorized',
  'successed',
  'canceled',
  'refused',
  'error',
  'expired',
  'refunded',
];

export interface PaymentOrder {
  id: string;
  status: PaymentOrderStatus;
  /** In cents. */
  amount: number;
  currency: string;
  reference: string;
  /** Where to send the buyer to pay (PayGreen's hosted page); null once the order is settled. */
  hosted_payment_url: string | null;
}

export interface CreatePaymentOrderInput {
  /** In cents. */
  amount: number;
  /** Ours: the order's reference, shown on the hosted page and in PayGreen's dashboard. */
  reference: string;
  returnUrl: string;
  cancelUrl: string;
  notificationUrl: string;
  buyer: { email: string; firstName: string; lastName: string; reference: string };
  /** In cents: the most a meal-voucher card may pay of it (PayGreen's `eligible_amounts.food`). */
  eligibleFood: number;
}

export interface PayGreenClient {
  createPaymentOrder(input: CreatePaymentOrderInput): Promise<PaymentOrder>;
  getPaymentOrder(id: string): Promise<PaymentOrder>;
  /** The whole remaining amount without `amount` (cents). */
  refund(id: string, amount?: number): Promise<PaymentOrder>;
  cancel(id: string): Promise<PaymentOrder>;
}

/**
 * Any failure talking to PayGreen: `status` is the HTTP status PayGreen answered (none for a
 * timeout or a network failure), `code` PayGreen's error code or ours ('timeout', 'network',
 * 'invalid_response').
 */
export class PayGreenError extends Error {
  status?: number;
  code?: string;

  constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PayGreenError';
    if (options.status !== undefined) this.status = options.status;
    if (options.code !== undefined) this.code = options.code;
  }
}

export interface PayGreenConfig {
  /** true: the emulator this server serves (reached in process, server/sandbox/in-process-fetch.ts). */
  sandbox: boolean;
  apiUrl: string;
  shopId: string;
  secretKey: string;
}

export const SANDBOX_SHOP_ID = 'sh_sandbox';
export const SANDBOX_SECRET_KEY = 'sk_sandbox';
export const SANDBOX_PATH = '/__sandbox/paygreen';

/** Whether card payments can be taken: PayGreen's credentials, or the sandbox's emulator. */
export const payGreenConfigured = (env: Env) => Boolean(env.PAYGREEN_SHOP_ID && env.PAYGREEN_SECRET_KEY) || env.SANDBOX;

/**
 * The real PayGreen when both credentials are set; otherwise, with the sandbox on, the emulator
 * this server serves under /__sandbox/paygreen, at PUBLIC_URL (its hosted page is a browser's to open;
 * the server's own calls are handed to it in process).
 */
export function payGreenConfig(env: Env): PayGreenConfig {
  if (env.PAYGREEN_SHOP_ID && env.PAYGREEN_SECRET_KEY) {
    return { sandbox: false, apiUrl: env.PAYGREEN_API_URL.replace(/\/+$/, ''), shopId: env.PAYGREEN_SHOP_ID, secretKey: env.PAYGREEN_SECRET_KEY };
  }
  if (env.SANDBOX) {
    return { sandbox: true, apiUrl: `${env.PUBLIC_URL}${SANDBOX_PATH}`, shopId: SANDBOX_SHOP_ID, secretKey: SANDBOX_SECRET_KEY };
  }
  throw new Error('PayGreen is not configured: set PAYGREEN_SHOP_ID and PAYGREEN_SECRET_KEY (or SANDBOX=1 to use the emulator).');
}

/** PayGreen's bearer tokens last 10 minutes; one is renewed this long before it expires. */
const TOKEN_LIFETIME_MS = 10 * 60 * 1000;
const TOKEN_MARGIN_MS = 60 * 1000;
const DEFAULT_TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `exp` claim of a JWT (ms), if the token is one; PayGreen's are. */
function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isObject(claims) && typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** 'payment_order.successed' and 'successed' alike → 'successed'. */
export function normaliseStatus(raw: unknown): PaymentOrderStatus | null {
  if (typeof raw !== 'string') return null;
  const bare = raw.replace(/^payment_order\./, '');
  return (PAYMENT_ORDER_STATUSES as readonly string[]).includes(bare) ? (bare as PaymentOrderStatus) : null;
}

function toPaymentOrder(body: unknown): PaymentOrder {
  const data = isObject(body) && isObject(body.data) ? body.data : null;
  const status = normaliseStatus(data?.status);
  if (!data || typeof data.id !== 'string' || !status || typeof data.amount !== 'number') {
    throw new PayGreenError('PayGreen answered a payment order we cannot read.', { code: 'invalid_response' });
  }
  return {
    id: data.id,
    status,
    amount: data.amount,
    currency: typeof data.currency === 'string' ? data.currency : 'eur',
    reference: typeof data.reference === 'string' ? data.reference : '',
    hosted_payment_url: typeof data.hosted_payment_url === 'string' && data.hosted_payment_url ? data.hosted_payment_url : null,
  };
}

function errorFrom(status: number, body: unknown): PayGreenError {
  const b = isObject(body) ? body : {};
  const text = [b.message, b.detail, b.title, b.error].find((v): v is string => typeof v === 'string' && v.length > 0);
  const code = [b.code, b.type].find((v): v is string => typeof v === 'string' && v.length > 0);
  return new PayGreenError(text ? `PayGreen: ${text}` : `PayGreen answered HTTP ${status}.`, { status, code: code ?? `http_${status}` });
}

/**
 * PayGreen v3 over HTTP: a bearer token from the shop's secret key, kept until shortly before it
 * expires and renewed once when PayGreen refuses it (401); every call bounded by a timeout.
 */
export function createPayGreenClient(config: PayGreenConfig & { fetch?: typeof fetch; timeoutMs?: number; now?: () => number }): PayGreenClient {
  const doFetch = config.fetch ?? globalThis.fetch;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = config.now ?? Date.now;
  const base = config.apiUrl.replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function call(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: unknown }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      const text = await res.text();
      let parsed: unknown = null;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          if (res.ok) throw new PayGreenError('PayGreen answered something other than JSON.', { status: res.status, code: 'invalid_response' });
        }
      }
      return { status: res.status, body: parsed };
    } catch (err) {
      if (err instanceof PayGreenError) throw err;
      if (controller.signal.aborted) {
        throw new PayGreenError(`PayGreen did not answer within ${timeoutMs} ms.`, { code: 'timeout', cause: err });
      }
      throw new PayGreenError('PayGreen could not be reached.', { code: 'network', cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  async function authenticate(): Promise<string> {
    const res = await call('POST', `/auth/authentication/${encodeURIComponent(config.shopId)}/secret-key`, { authorization: config.secretKey });
    if (res.status < 200 || res.status >= 300) throw errorFrom(res.status, res.body);
    const value = isObject(res.body) && isObject(res.body.data) ? res.body.data.token : undefined;
    if (typeof value !== 'string' || !value) throw new PayGreenError('PayGreen answered no token.', { status: res.status, code: 'invalid_response' });
    const expiresAt = jwtExpiry(value) ?? now() + TOKEN_LIFETIME_MS;
    token = { value, renewAt: expiresAt - TOKEN_MARGIN_MS };
    return value;
  }

  /** The cached token, or a new one (concurrent callers share the same request). */
  function bearer(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pending ??= authenticate().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaymentOrder> {
    let current = await bearer();
    let res = await call(method, path, { authorization: `Bearer ${current}` }, body);
    if (res.status === 401) {
      // Revoked or expired earlier than announced: one more try with a fresh token.
      if (token?.value === current) token = null;
      current = await bearer();
      res = await call(method, path, { authorization: `Bearer ${current}` }, body);
    }
    if (res.status < 200 || res.status >= 300) throw errorFrom(res.status, res.body);
    return toPaymentOrder(res.body);
  }

  const orderPath = (id: string) => `/payment/payment-orders/${encodeURIComponent(id)}`;

  return {
    createPaymentOrder: (input) =>
      request('POST', '/payment/payment-orders', {
        amount: input.amount,
        currency: 'eur',
        mode: 'instant',
        auto_capture: true,
        // conecs: meal-voucher cards (the Conecs network) beside bank cards.
        platforms: ['bank_card', 'conecs'],
        // What meal vouchers may pay: PayGreen asks the rest from a bank card.
        eligible_amounts: { food: input.eligibleFood },
        reference: input.reference,
        buyer: {
          email: input.buyer.email,
          first_name: input.buyer.firstName,
          last_name: input.buyer.lastName,
          reference: input.buyer.reference,
        },
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        notification_url: input.notificationUrl,
      }),
    getPaymentOrder: (id) => request('GET', orderPath(id)),
    refund: (id, amount) => request('POST', `${orderPath(id)}/refund`, amount === undefined ? {} : { amount }),
    cancel: (id) => request('POST', `${orderPath(id)}/cancel`, {}),
  };
}
