import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CARD_CANCEL_PATH, CARD_MINIMUM_MESSAGE, CARD_RETURN_PATH, CHECKOUT_ERRORS, cardAmountTooSmall } from '#shared/api/checkout';
import { AppError } from '../../lib/errors';
import { holdCart, preOrderById } from './checkout.repo';
import { poolOfCustomer as customerPool } from '../ledger/ledger.service';
import { checkStillOpen, preOrderAmounts, requireOpenPreOrder } from './checkout.service';
import { claimCardPayment } from './payments.repo';
import { isUniqueViolation } from '../../lib/errors';
import { paymentPending, resolveLiveCardPayments } from './card-pending.service';
import { askHostedPayment } from './card-settlement';
import { mealVoucherCap } from './meal-voucher-cap';

/** A card payment keeps the cart's portions this long (the hosted page may take a while). */
const PAYMENT_HOLD_MS = 60 * 60 * 1000;

/** Starts a PayGreen payment order for what is left to pay on the customer's open pre-order. */
export async function startCardPayment(app: FastifyInstance, customerId: number): Promise<{ hosted_payment_url: string; po_id: string }> {
  const open = await requireOpenPreOrder(app.db, customerId);
  await checkStillOpen(app.db, open, app.clock.now());
  // An earlier attempt still under way is settled, or canceled at PayGreen when nobody paid it:
  // it can then never be paid beside this one. One PayGreen may not cancel (authorized) blocks.
  if ((await resolveLiveCardPayments(app, customerId, { cancel: true })).length) throw paymentPending();
  const pre = await preOrderById(app.db, open.id);
  if (!pre || pre.orderId) throw new AppError(409, CHECKOUT_ERRORS.alreadyPaid, 'Votre commande est déjà payée : elle est confirmée.');
  const { remaining } = preOrderAmounts(pre, await customerPool(app.db, customerId));
  if (remaining === 0) throw new AppError(409, CHECKOUT_ERRORS.remaining, 'Il ne reste rien à payer par carte : finalisez votre commande.');
  if (cardAmountTooSmall(remaining)) throw new AppError(422, 'amount_too_small', CARD_MINIMUM_MESSAGE);
  // A meal-voucher card pays at most the meal part the day's cap still leaves: the rest goes to a bank card.
  const eligibleFood = Math.min(remaining, (await mealVoucherCap(app.db, pre)).left);
  // The attempt is claimed before PayGreen is asked: a concurrent one (another tab, another
  // instance) meets the unique index of live card payments and is refused.
  let claimed;
  try {
    claimed = await claimCardPayment(app.db, { preOrderId: pre.id, customerId, provider: 'paygreen', providerId: `starting-${randomUUID()}`, amountCents: remaining, status: 'starting', createdAt: app.clock.now() });
  } catch (err) {
    if (isUniqueViolation(err)) throw paymentPending();
    throw err;
  }
  const page = await askHostedPayment(app, claimed.id, customerId, {
    amount: remaining,
    reference: `popote-${pre.id}-${Date.now().toString(36)}`,
    returnPath: CARD_RETURN_PATH,
    // Its own way back: a buyer who gives up is not waiting for a bank's answer (payment-flow.ts).
    cancelPath: CARD_CANCEL_PATH,
    eligibleFood,
  });
  if (pre.cartId) await holdCart(app.db, pre.cartId, new Date(app.clock.now().getTime() + PAYMENT_HOLD_MS));
  return page;
}
