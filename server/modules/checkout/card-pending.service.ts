import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHECKOUT_ERRORS, PAYMENT_PENDING_MESSAGE } from '#shared/api/checkout';
import { AppError } from '../../lib/errors';
import { PayGreenError } from '../../payments/paygreen/paygreen-client';
import { settleCardPayment } from './card-settlement';
import { abandonStart, liveCardPayments, updatePayment, type PaymentRow } from './payments.repo';

/** A start that never got PayGreen's answer (the server died meanwhile) stops counting after this. */
export const STARTING_TTL_MS = 2 * 60 * 1000;

export const paymentPending = () => new AppError(409, CHECKOUT_ERRORS.paymentPending, PAYMENT_PENDING_MESSAGE);

/** A start older than STARTING_TTL_MS never got PayGreen's id: nobody can pay it, it stops counting. */
async function isDeadStart(app: FastifyInstance, row: PaymentRow): Promise<boolean> {
  if (row.createdAt.getTime() > app.clock.now().getTime() - STARTING_TTL_MS) return false;
  await abandonStart(app.db, row.id);
  return true;
}

/**
 * The customer's card payments still under way, each first brought up to date with PayGreen (a
 * success places its order there and then). With `cancel`, one nobody has paid yet is canceled at
 * PayGreen, so it can never be paid after a new attempt; PayGreen refuses to cancel one already
 * paid or authorized, which is then settled again. Answers those still under way.
 */
export async function resolveLiveCardPayments(app: FastifyInstance, customerId: number, options: { cancel: boolean }): Promise<PaymentRow[]> {
  const still: PaymentRow[] = [];
  for (const row of await liveCardPayments(app.db, customerId)) {
    if (row.status === 'starting') {
      if (!(await isDeadStart(app, row))) still.push(row);
      continue;
    }
    const settled = await settleCardPayment(app, row.providerId);
    if (settled.status !== 'pending') continue;
    if (options.cancel && (await cancelAtProvider(app, row))) continue;
    still.push(row);
  }
  return still;
}

/** True when PayGreen canceled it; false when it would not (paid or authorized meanwhile: settled again). */
async function cancelAtProvider(app: FastifyInstance, row: PaymentRow): Promise<boolean> {
  try {
    const canceled = await app.paygreen().cancel(row.providerId);
    await updatePayment(app.db, row.id, { status: canceled.status });
    return true;
  } catch (err) {
    if (!(err instanceof PayGreenError) || !err.status || err.status >= 500) {
      app.log.warn({ err, providerId: row.providerId }, 'PayGreen cancel failed');
      throw new AppError(502, 'provider_error', 'Le paiement par carte est momentanément indisponible. Merci de réessayer dans un instant.');
    }
    const settled = await settleCardPayment(app, row.providerId);
    return settled.status !== 'pending';
  }
}

/** Refuses (409 payment_pending) while a card payment of the customer is under way. */
export async function refuseWhileCardPending(app: FastifyInstance, customerId: number): Promise<void> {
  if ((await resolveLiveCardPayments(app, customerId, { cancel: false })).length) throw paymentPending();
}

/**
 * A preHandler for the routes that change the cart or pay its pre-order: refused while a card
 * payment of the logged-in customer is under way (`except`: route paths left open, as reads).
 */
export function lockWhileCardPending(app: FastifyInstance, except: string[] = []) {
  return async (request: FastifyRequest) => {
    const customerId = request.session?.customerId;
    if (!customerId || request.method === 'GET' || except.includes(request.routeOptions.url ?? '')) return;
    // The session's query found none under way (the same test as liveCardPayments): nothing to settle.
    if (request.sessionCart?.cardPending === false) return;
    await refuseWhileCardPending(app, customerId);
  };
}
