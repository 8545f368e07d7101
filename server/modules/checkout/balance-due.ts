import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CARD_MINIMUM_MESSAGE, cardAmountTooSmall } from '#shared/api/checkout';
import { dueCardCancelPath, dueCardReturnPath, type DueCardAnswer } from '#shared/api/balance-due';
import { LEDGER_ERRORS } from '#shared/api/staff-ledger';
import { formatEuros } from '#shared/money';
import type { Tx } from '../../db/client';
import { DUE_CARD_PROVIDER } from '../../db/live-card-payments';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { countPayment } from '../../lib/metrics';
import { PayGreenError, type PaymentOrderStatus } from '../../payments/paygreen/paygreen-client';
import { dueOf, lockedDue, poolOfCustomer, settleDue, type Means } from '../ledger/ledger.service';
import { STARTING_TTL_MS } from './card-pending.service';
import { askHostedPayment, providerError, refundAtProvider, returnStatus } from './card-settlement';
import { customerOrder, duePaymentOf, liveDuePayments, lockDuePayment, orderOfPreOrder, type DueOrder } from './due-payments.repo';
import { abandonStart, claimCardPayment, updatePayment, type PaymentRow } from './payments.repo';

/*
 * The customer settles a balance due (docs/product/money.md#settling-a-balance-due): from the pool,
 * or by card through PayGreen's hosted page as the basket is paid. Never more than is owed: each is
 * judged with the order's ledger account locked (ledger.service lockedDue), and a card payment of
 * the due under way keeps the pool out (and the other way round), so the due is never paid twice.
 * A card payment is credited when PayGreen says it is paid (its return, its notification or the
 * app's check, whichever comes first, once), in one transaction with its audit line; paid after
 * the due went (the team recorded cash meanwhile), it is given back.
 */

const AS_CUSTOMER = { staffId: null, staffEmail: null, requestId: null };
const nothingDue = () => new AppError(409, LEDGER_ERRORS.nothingDue, 'Il ne reste rien à régler sur cette commande.');
const duePending = () => new AppError(409, 'payment_pending', 'Un paiement par carte de ce reste à régler est en cours : attendez sa confirmation, ou annulez-le sur la page de paiement.');

async function requireOrder(app: FastifyInstance, customerId: number, orderId: number): Promise<DueOrder> {
  const order = await customerOrder(app.db, customerId, orderId);
  if (!order) throw notFound('Commande introuvable.');
  return order;
}

const dueNow = async (app: FastifyInstance, order: DueOrder) => (await dueOf(app.db, [order])).get(order.id) ?? 0;

/** The audit line of a customer's settlement, in its transaction. */
function audited(tx: Tx, order: DueOrder, means: Means, settled: number, due: number, now: Date, providerId?: string) {
  return audit(tx, AS_CUSTOMER, { action: 'order.balance_paid', orderId: order.id, customerId: order.customerId, amountCents: settled, details: { means, ...(providerId ? { payment: providerId } : {}), still_due: due } }, now);
}

/* ------------------------------------------------------------------ the pool */

/**
 * From the pool: as much as it holds, up to what is owed. A card payment of the due under way is
 * first brought up to date with PayGreen and, nobody having paid it, canceled there; one that
 * cannot be (authorized, or being started) refuses the pool (409 payment_pending).
 */
export async function settleDueFromPool(app: FastifyInstance, customerId: number, orderId: number) {
  const order = await requireOrder(app, customerId, orderId);
  if ((await resolveLiveDuePayments(app, order)).length) throw duePending();
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const owed = await lockedDue(tx, order);
    if (owed <= 0) throw nothingDue();
    // Under the lock: a card payment started meanwhile holds the due.
    if (order.preOrderId !== null && (await liveDuePayments(tx, order.preOrderId)).length) throw duePending();
    const pool = await poolOfCustomer(tx, customerId);
    if (pool <= 0) throw new AppError(409, LEDGER_ERRORS.poolShort, 'Votre cagnotte est vide : réglez ce reste par carte ou auprès de l’équipe Popote.');
    const { settled, due } = await settleDue(tx, { order, means: 'pool', amount: Math.min(owed, pool), at: now, actor: null });
    await audited(tx, order, 'pool', settled, due, now);
    return { order_id: order.id, settled, due };
  });
}

/* ------------------------------------------------------------------ by card */

/**
 * Starts a card payment of the due (all of it, or `amount`, never more): claimed under the order's
 * lock before PayGreen is asked, so a pool settlement or another card payment at the same moment
 * finds it. A meal-voucher card pays none of it (the day's meal-voucher cap was the order's).
 */
export async function startDueCardPayment(app: FastifyInstance, customerId: number, orderId: number, amount?: number) {
  const order = await requireOrder(app, customerId, orderId);
  if ((await resolveLiveDuePayments(app, order)).length) throw duePending();
  const preOrderId = order.preOrderId;
  const claimed = await app.db.transaction(async (tx) => {
    const owed = await lockedDue(tx, order);
    if (owed <= 0) throw nothingDue();
    const wanted = amount ?? owed;
    if (wanted > owed) throw new AppError(422, LEDGER_ERRORS.dueExceeded, `Il reste ${formatEuros(owed)} à régler sur cette commande : pas davantage.`, { amount: [`Au plus ${formatEuros(owed)}.`] });
    if (cardAmountTooSmall(wanted)) throw new AppError(422, 'amount_too_small', CARD_MINIMUM_MESSAGE);
    // Orders are placed from a pre-order, which a card payment is recorded against; none: not by card.
    if (preOrderId === null) throw new AppError(409, 'card_unavailable', 'Cette commande ne peut pas être réglée par carte : réglez-la avec votre cagnotte ou auprès de l’équipe Popote.');
    if ((await liveDuePayments(tx, preOrderId)).length) throw duePending();
    const row = await claimCardPayment(tx, { preOrderId, customerId, provider: DUE_CARD_PROVIDER, providerId: `starting-${randomUUID()}`, amountCents: wanted, status: 'starting', createdAt: app.clock.now() });
    return { id: row.id, amount: wanted };
  });
  return askHostedPayment(app, claimed.id, customerId, {
    amount: claimed.amount,
    reference: `popote-reste-${order.id}-${Date.now().toString(36)}`,
    returnPath: dueCardReturnPath(order.id),
    cancelPath: dueCardCancelPath(order.id),
    eligibleFood: 0,
  });
}

interface DueCardSettled {
  payment: PaymentRow;
  order: DueOrder;
  status: 'success' | 'pending' | 'refused';
  /** PayGreen's own word: `canceled` tells the buyer who gave up from a refused card. */
  providerStatus: PaymentOrderStatus;
  settled: number;
}

/**
 * What a card payment of a due came to, asked of PayGreen itself (a notification's body or a
 * return is never trusted). Paid, it is credited to the order once: the payment's row is locked and
 * marked credited in the transaction that posts it to the ledger, so a return and a notification
 * at once credit it once. Paid for more than is still owed (settled otherwise meanwhile) or after
 * the shop canceled it, the money goes back and the due stays as it is. Null: no such payment.
 */
export async function settleDueCardPayment(app: FastifyInstance, providerId: string, preOrderId?: number): Promise<DueCardSettled | null> {
  const payment = await duePaymentOf(app.db, providerId, preOrderId);
  const order = payment && (await orderOfPreOrder(app.db, payment.preOrderId));
  if (!payment || !order) return null;
  let remote;
  try {
    remote = await app.paygreen().getPaymentOrder(providerId);
  } catch (err) {
    if (err instanceof PayGreenError) throw providerError(err, app.log);
    throw err;
  }
  let status = returnStatus(remote.status);
  if (status === 'success' && remote.amount !== payment.amountCents) status = 'refused';
  let providerStatus = remote.status;
  let settled = payment.orderId === null ? 0 : payment.amountCents;
  if (status === 'success' && payment.orderId === null) {
    const now = app.clock.now();
    const credited = await app.db.transaction(async (tx) => {
      const row = await lockDuePayment(tx, payment.id);
      // Credited by its twin (the return, the notification) while this one asked PayGreen.
      if (row!.orderId !== null) return true;
      if (row!.status === 'canceled') return false;
      const owed = await lockedDue(tx, order);
      if (row!.amountCents > owed) return false;
      const { due } = await settleDue(tx, { order, means: 'card', amount: row!.amountCents, at: now, actor: null, paymentId: row!.id });
      await audited(tx, order, 'card', row!.amountCents, due, now, providerId);
      await updatePayment(tx, row!.id, { orderId: order.id, status: remote.status });
      return true;
    });
    if (credited) settled = payment.amountCents;
    else {
      app.log.warn({ providerId, orderId: order.id }, 'card payment of a due no longer owed: refunding');
      providerStatus = (await refundAtProvider(app, providerId)) ?? providerStatus;
      status = 'refused';
    }
  }
  if (providerStatus !== payment.status) {
    countPayment('card', status);
    await updatePayment(app.db, payment.id, { status: providerStatus });
  }
  return { payment, order, status, providerStatus, settled };
}

/** Cancels a payment nobody paid at PayGreen: false when PayGreen would not (paid or authorized meanwhile: settled again). */
async function cancelAtPayGreen(app: FastifyInstance, row: PaymentRow): Promise<boolean> {
  try {
    const canceled = await app.paygreen().cancel(row.providerId);
    await updatePayment(app.db, row.id, { status: canceled.status });
    return true;
  } catch (err) {
    if (!(err instanceof PayGreenError) || !err.status || err.status >= 500) throw providerError(err, app.log);
    return (await settleDueCardPayment(app, row.providerId))?.status !== 'pending';
  }
}

/**
 * The card payments of the order's due under way, each brought up to date with PayGreen (a
 * success is credited there and then) and, nobody having paid it, canceled there: it can never be
 * paid beside a new payment or the pool. Answers those still under way (authorized, or being started).
 */
async function resolveLiveDuePayments(app: FastifyInstance, order: DueOrder): Promise<PaymentRow[]> {
  if (order.preOrderId === null) return [];
  const still: PaymentRow[] = [];
  for (const row of await liveDuePayments(app.db, order.preOrderId)) {
    if (row.status === 'starting') {
      // A start that never got PayGreen's id (the server died meanwhile): nobody can pay it.
      if (row.createdAt.getTime() > app.clock.now().getTime() - STARTING_TTL_MS) still.push(row);
      else await abandonStart(app.db, row.id);
      continue;
    }
    const settled = await settleDueCardPayment(app, row.providerId);
    if (settled?.status === 'pending' && !(await cancelAtPayGreen(app, row))) still.push(row);
  }
  return still;
}

async function customerDuePayment(app: FastifyInstance, customerId: number, orderId: number, providerId: string) {
  const order = await requireOrder(app, customerId, orderId);
  const settled = order.preOrderId === null ? null : await settleDueCardPayment(app, providerId, order.preOrderId);
  if (!settled || settled.payment.customerId !== customerId) throw notFound('Paiement introuvable.');
  return settled;
}

const answer = async (app: FastifyInstance, s: DueCardSettled, status: DueCardAnswer['status']): Promise<DueCardAnswer> => ({ order_id: s.order.id, status, settled: s.settled, due: await dueNow(app, s.order) });
const statusOf = (s: DueCardSettled): DueCardAnswer['status'] => (s.status === 'refused' && s.providerStatus === 'canceled' ? 'canceled' : s.status);

/** What a card payment of the customer's due came to (the app asks once the buyer is back). */
export async function dueCardOutcome(app: FastifyInstance, customerId: number, orderId: number, providerId: string): Promise<DueCardAnswer> {
  const settled = await customerDuePayment(app, customerId, orderId, providerId);
  return answer(app, settled, statusOf(settled));
}

/**
 * "Annuler et revenir": the buyer gave up. Canceled at PayGreen unless paid or authorized
 * meanwhile (then as PayGreen says: credited, or still pending).
 */
export async function cancelDueCardPayment(app: FastifyInstance, customerId: number, orderId: number, providerId: string): Promise<DueCardAnswer> {
  const settled = await customerDuePayment(app, customerId, orderId, providerId);
  if (settled.status !== 'pending') return answer(app, settled, statusOf(settled));
  if (!(await cancelAtPayGreen(app, settled.payment))) {
    const again = await customerDuePayment(app, customerId, orderId, providerId);
    return answer(app, again, statusOf(again));
  }
  return answer(app, settled, 'canceled');
}
