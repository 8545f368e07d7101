import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxPaygreenOrders } from '../db/schema';
import { acceptProviderBodies } from './provider-bodies';
import { page, paymentPage } from './paygreen-pages';
import { issueToken, tokenIsValid } from './paygreen-tokens';
import { scopedSwitch } from './scope';
import { PAYMENT_ORDER_STATUSES, SANDBOX_PATH, SANDBOX_SECRET_KEY, SANDBOX_SHOP_ID, type PaymentOrderStatus } from '../payments/paygreen/paygreen-client';
import { CARD_PAYMENT } from '#shared/api/routes/card-payment';

type Row = typeof sandboxPaygreenOrders.$inferSelect;

const P = SANDBOX_PATH;

/** The shop's own notification route: the only place the emulator notifies. */
const NOTIFICATION_PATH = CARD_PAYMENT.postPaymentPaygreenNotification.path;

/** PayGreen answers the return and cancel URLs with the order's id added (`po_id`). */
function withPoId(url: string, id: string): string {
  const hash = url.indexOf('#');
  const [path, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${path}${path.includes('?') ? '&' : '?'}po_id=${encodeURIComponent(id)}${fragment}`;
}

const idParams = z.object({ id: z.string().min(1).max(100) });

const buyerSchema = z.union([
  z.object({
    email: z.email(),
    first_name: z.string().min(1).max(100),
    last_name: z.string().min(1).max(100),
    reference: z.string().max(100).optional(),
    phone_number: z.string().max(30).optional(),
  }),
  z.string().regex(/^buy_\w+$/),
]);

const createSchema = z.object({
  amount: z.number().int().positive().max(100_000_000),
  currency: z.string().regex(/^[a-zA-Z]{3}$/),
  buyer: buyerSchema,
  reference: z.string().min(1).max(255),
  return_url: z.url({ protocol: /^https?$/ }),
  cancel_url: z.url({ protocol: /^https?$/ }).optional(),
  notification_url: z.url({ protocol: /^https?$/ }).optional(),
  auto_capture: z.boolean().optional(),
  mode: z.literal('instant').optional(),
  platforms: z.array(z.string()).optional(),
  eligible_amounts: z.object({ food: z.number().int().min(0).optional(), travel: z.number().int().min(0).optional() }).optional(),
  description: z.string().max(500).optional(),
  shop_id: z.string().optional(),
});

const refundSchema = z.object({ amount: z.number().int().positive().optional(), operation_id: z.string().optional() }).nullish();
const authBodySchema = z.object({ secret_key: z.string().optional() }).loose().nullish();
const formSchema = z.object({ outcome: z.enum(['success', 'refuse', 'pending']) });
const outcomeSchema = z.object({ status: z.enum(PAYMENT_ORDER_STATUSES as [PaymentOrderStatus, ...PaymentOrderStatus[]]), notify: z.boolean().default(true) });
const failureSchema = z.object({
  status: z.number().int().min(400).max(599),
  code: z.string().max(100).optional(),
  message: z.string().max(500).optional(),
  count: z.number().int().min(1).max(100).default(1),
});

class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sandbox only: an emulator of PayGreen v3 (auth, payment orders, refund, cancel), its hosted
 * payment page and its notifications, storing orders in sandbox_paygreen_orders. Drivers for tests
 * and QA set an order's status, replay its notification, or make the next API calls fail.
 */
export const sandboxPaygreenRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A provider failure QA asked for: answered by the next `remaining` payment-order calls of its sandbox scope. */
  const failures = scopedSwitch<{ status: number; code: string; message: string; remaining: number }>({ value: null }, 'paygreen-failure');

  // PayGreen accepts a POST with a JSON content type and no body (auth, cancel); its hosted page posts a form.
  acceptProviderBodies(app, () => new ApiError(400, 'invalid_json', 'The body is not valid JSON.'));

  // Errors in PayGreen's manner (a status and a message), not in Popote's envelope.
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    reply.header('cache-control', 'no-store');
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').split('/').join('.') || null,
        message: issue.message ?? 'invalid',
      }));
      return reply.code(400).send({ status: 400, code: 'invalid_parameters', message: 'Request not acceptable: invalid parameters.', errors });
    }
    if (error instanceof ApiError) return reply.code(error.statusCode).send({ status: error.statusCode, code: error.code, message: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ status, code: 'bad_request', message: error.message });
    request.log.error({ err: error }, 'sandbox paygreen error');
    return reply.code(500).send({ status: 500, code: 'internal_error', message: 'Something went wrong on our side.' });
  });

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const shopOrigin = new URL(app.env.PUBLIC_URL).origin;
  const isShopUrl = (url: string) => new URL(url).origin === shopOrigin;
  const hostedUrl = (id: string) => `${app.env.PUBLIC_URL.replace(/\/+$/, '')}${P}/pay/${encodeURIComponent(id)}`;

  const present = (row: Row) => ({
    id: row.id,
    object: 'payment_order',
    status: `payment_order.${row.status}`,
    amount: row.amount,
    currency: row.currency,
    reference: row.reference,
    buyer: row.buyer,
    eligible_amounts: row.eligibleFood === null ? null : { food: row.eligibleFood },
    refunded_amount: row.refundedAmount,
    auto_capture: true,
    return_url: row.returnUrl,
    cancel_url: row.cancelUrl,
    notification_url: row.notificationUrl,
    hosted_payment_url: hostedUrl(row.id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  async function find(id: string): Promise<Row | undefined> {
    const [row] = await app.db.select().from(sandboxPaygreenOrders).where(eq(sandboxPaygreenOrders.id, id));
    return row;
  }

  async function findOr404(id: string): Promise<Row> {
    const row = await find(id);
    if (!row) throw new ApiError(404, 'not_found', 'This resource does not exist, or has been permanently deleted.');
    return row;
  }

  /** Sets a status (only from `from`, when given: a concurrent change wins); the updated row or null. */
  async function setStatus(id: string, status: PaymentOrderStatus, from?: string, extra: Partial<Pick<Row, 'refundedAmount'>> = {}): Promise<Row | null> {
    const where = from ? and(eq(sandboxPaygreenOrders.id, id), eq(sandboxPaygreenOrders.status, from)) : eq(sandboxPaygreenOrders.id, id);
    const [row] = await app.db
      .update(sandboxPaygreenOrders)
      .set({ status, updatedAt: app.clock.now(), ...extra })
      .where(where)
      .returning();
    return row ?? null;
  }

  /**
   * POSTs `{id}` to the order's notification URL, as PayGreen notifies a change; the receiver is
   * expected to fetch the order back. Never throws: the outcome is returned (and logged when bad).
   */
  /** The notifications sent, newest last (a bounded list in memory): QA and tests see them at GET ${P}/notifications. */
  const sent: { id: string; notification_url: string; response_status: number | null; error: string | null }[] = [];
  const record = (result: { notification_url: string; response_status: number | null; error: string | null }, id: string) => {
    sent.push({ id, ...result });
    if (sent.length > 1000) sent.shift();
    return result;
  };

  async function notify(row: Row): Promise<{ notification_url: string | null; response_status: number | null; error: string | null }> {
    if (!row.notificationUrl) return { notification_url: null, response_status: null, error: 'no notification_url' };
    try {
      // Only this shop's own notification route was accepted (shopUrl): delivered in process, so
      // the emulator never fetches a URL of anyone's choosing.
      const res = await app.inject({
        method: 'POST',
        url: new URL(row.notificationUrl).pathname,
        headers: { 'content-type': 'application/json', 'user-agent': 'PayGreen-Sandbox (Popote)' },
        payload: JSON.stringify({ id: row.id }),
      });
      if (res.statusCode >= 400) app.log.warn({ url: row.notificationUrl, status: res.statusCode, id: row.id }, 'sandbox paygreen: notification refused');
      return record({ notification_url: row.notificationUrl, response_status: res.statusCode, error: null }, row.id);
    } catch (err) {
      app.log.warn({ err, url: row.notificationUrl, id: row.id }, 'sandbox paygreen: notification failed');
      return record({ notification_url: row.notificationUrl, response_status: null, error: err instanceof Error ? err.message : String(err) }, row.id);
    }
  }

  app.get(`${P}/notifications`, { schema: { querystring: z.object({ id: z.string().max(100).optional() }) } }, async (request) => ({
    data: sent.filter((n) => !request.query.id || n.id === request.query.id),
  }));

  /** Notifies without making the caller (a redirect, an API answer) wait. */
  const notifyLater = (row: Row) => void notify(row);

  async function requireBearer(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match || !tokenIsValid(match[1]!, app.clock.now())) {
      return reply.code(401).send({ status: 401, code: 'unauthorized', message: 'Missing valid Bearer Token, or Public Key.' });
    }
    const failure = failures.get();
    if (failure) {
      const { status, code, message } = failure;
      failures.set(failure.remaining > 1 ? { ...failure, remaining: failure.remaining - 1 } : null);
      return reply.code(status).send({ status, code, message });
    }
  }

  // --- The API ------------------------------------------------------------------------------

  app.post(`${P}/auth/authentication/:shopId/secret-key`, { schema: { params: z.object({ shopId: z.string().max(100) }), body: authBodySchema } }, async (request, reply) => {
    // The secret key comes in the Authorization header (as PayGreen's SDK sends it) or the body.
    const header = request.headers.authorization?.replace(/^Bearer\s+/i, '');
    const secret = header || request.body?.secret_key;
    if (request.params.shopId !== SANDBOX_SHOP_ID || secret !== SANDBOX_SECRET_KEY) {
      return reply.code(401).send({ status: 401, code: 'unauthorized', message: 'Invalid shop id or secret key.' });
    }
    return { data: { token: issueToken(SANDBOX_SHOP_ID, app.clock.now()) } };
  });

  app.post(`${P}/payment/payment-orders`, { preHandler: requireBearer, schema: { body: createSchema } }, async (request) => {
    const body = request.body;
    if (body.auto_capture === false) throw new ApiError(422, 'unsupported', 'The sandbox only emulates auto_capture: true.');
    // The buyer goes back, and notifications go, to this shop only: the emulator is no open
    // redirect and no fetcher of arbitrary URLs.
    for (const [field, url] of [['return_url', body.return_url], ['cancel_url', body.cancel_url]] as const) {
      if (url && !isShopUrl(url)) throw new ApiError(422, 'invalid_url', `The sandbox only sends buyers back to this shop (${shopOrigin}): ${field} is elsewhere.`);
    }
    if (body.notification_url && !(isShopUrl(body.notification_url) && new URL(body.notification_url).pathname === NOTIFICATION_PATH)) {
      throw new ApiError(422, 'invalid_url', `The sandbox only notifies this shop's own route (${shopOrigin}${NOTIFICATION_PATH}).`);
    }
    const id = `po_${randomBytes(12).toString('hex')}`;
    const now = app.clock.now();
    const [row] = await app.db
      .insert(sandboxPaygreenOrders)
      .values({
        id,
        amount: body.amount,
        currency: body.currency.toLowerCase(),
        reference: body.reference,
        status: 'pending',
        returnUrl: withPoId(body.return_url, id),
        cancelUrl: body.cancel_url ? withPoId(body.cancel_url, id) : null,
        notificationUrl: body.notification_url ?? null,
        buyer: typeof body.buyer === 'string' ? { id: body.buyer } : body.buyer,
        eligibleFood: body.eligible_amounts?.food ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { data: present(row!) };
  });

  app.get(`${P}/payment/payment-orders/:id`, { preHandler: requireBearer, schema: { params: idParams } }, async (request) => ({
    data: present(await findOr404(request.params.id)),
  }));

  app.post(`${P}/payment/payment-orders/:id/refund`, { preHandler: requireBearer, schema: { params: idParams, body: refundSchema } }, async (request) => {
    const row = await findOr404(request.params.id);
    if (row.status !== 'successed') throw new ApiError(422, 'invalid_status', `A Payment Order in status ${row.status} cannot be refunded.`);
    const remaining = row.amount - row.refundedAmount;
    const amount = request.body?.amount ?? remaining;
    if (amount > remaining) throw new ApiError(422, 'amount_too_high', `At most ${remaining} can be refunded.`);
    const refunded = row.refundedAmount + amount;
    // A partial refund leaves the order successed; the last cent refunds it.
    const updated = await setStatus(row.id, refunded >= row.amount ? 'refunded' : 'successed', 'successed', { refundedAmount: refunded });
    if (!updated) throw new ApiError(409, 'locked', 'This resource is locked by another process. Please retry a few seconds later.');
    notifyLater(updated);
    return { data: present(updated) };
  });

  app.post(`${P}/payment/payment-orders/:id/cancel`, { preHandler: requireBearer, schema: { params: idParams } }, async (request) => {
    const row = await findOr404(request.params.id);
    // As PayGreen: only an order nobody has paid yet can be canceled (422 otherwise).
    const updated = row.status === 'pending' ? await setStatus(row.id, 'canceled', 'pending') : null;
    if (!updated) throw new ApiError(422, 'invalid_status', `A Payment Order in status ${row.status} cannot be canceled.`);
    notifyLater(updated);
    return { data: present(updated) };
  });

  // --- The hosted payment page ----------------------------------------------------------------

  app.get(`${P}/pay/:id`, { schema: { params: idParams } }, async (request, reply) => {
    const row = await find(request.params.id);
    reply.type('text/html; charset=utf-8');
    if (!row) return reply.code(404).send(page('Paiement introuvable', '<h1>Ce paiement est introuvable</h1><p>Le lien est peut-être incomplet.</p>'));
    return reply.send(paymentPage(row));
  });

  app.post(`${P}/pay/:id`, { schema: { params: idParams, body: formSchema } }, async (request, reply) => {
    const row = await find(request.params.id);
    if (!row) {
      return reply.code(404).type('text/html; charset=utf-8').send(page('Paiement introuvable', '<h1>Ce paiement est introuvable</h1>'));
    }
    const { outcome } = request.body;
    // Only a pending order can be paid; a second submit (back button, double click) changes nothing.
    if (row.status === 'pending' && outcome !== 'pending') {
      const updated = await setStatus(row.id, outcome === 'success' ? 'successed' : 'refused', 'pending');
      if (updated) notifyLater(updated);
    }
    return reply.redirect(row.returnUrl, 303);
  });

  // --- Drivers for tests and QA (no token needed) ---------------------------------------------

  app.post(`${P}/payment-orders/:id/outcome`, { schema: { params: idParams, body: outcomeSchema } }, async (request) => {
    const row = await findOr404(request.params.id);
    const { status, notify: shouldNotify } = request.body;
    const refundedAmount = status === 'refunded' ? row.amount : status === 'successed' ? row.refundedAmount : 0;
    const updated = (await setStatus(row.id, status, undefined, { refundedAmount }))!;
    if (shouldNotify) notifyLater(updated);
    return { data: present(updated) };
  });

  app.post(`${P}/payment-orders/:id/notify`, { schema: { params: idParams } }, async (request) => {
    const row = await findOr404(request.params.id);
    return { data: await notify(row) };
  });

  app.post(`${P}/failures`, { schema: { body: failureSchema } }, async (request) => {
    const { status, count } = request.body;
    const failure = {
      status,
      code: request.body.code ?? (status >= 500 ? 'provider_error' : 'refused'),
      message: request.body.message ?? (status >= 500 ? "There's something wrong on our side." : 'This request is impossible to process.'),
      remaining: count,
    };
    failures.set(failure);
    return { data: { status, code: failure.code, message: failure.message, remaining: count } };
  });

  app.delete(`${P}/failures`, async (_request, reply) => {
    failures.set(null);
    return reply.code(204).send();
  });
};
