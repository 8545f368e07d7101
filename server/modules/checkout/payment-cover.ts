import { vouchersSettleCents } from '#shared/api/checkout';
import { mealPartCents } from '#shared/meal-vouchers';
import type { Tx } from '../../db/client';
import type { PaymentMean } from '../../db/schema';
import type { PreOrderRow } from './checkout.repo';
import { heldEdenredAmount, lockPreOrderPayment } from './payments.repo';

/** What each means of payment really brings to a pre-order, in cents. */
export interface PaymentCover {
  /** Declared paper vouchers, up to what the order needs of them. */
  vouchers: number;
  /** Taken from the customer's own pool (the pool applied: declared vouchers count apart). */
  pool: number;
  /** The Edenred balance's part, held or taken. */
  edenred: number;
  /** The provider payment placing the order (card on PayGreen's page, or Edenred's widget). */
  provider: { means: 'card' | 'edenred'; amount: number } | null;
}

/**
 * What paper vouchers may settle of a pre-order: its meal part (never the container's deposit)
 * less any Edenred part. They may come to that plus one voucher (docs/product/vouchers-and-pool.md).
 */
export function paperVouchersNeed(pre: Pick<PreOrderRow, 'finalCents' | 'depositsAdded' | 'depositsReturned' | 'edenredPayment'>): number {
  return Math.max(0, mealPartCents(pre.finalCents, pre.depositsAdded, pre.depositsReturned) - (pre.edenredPayment?.unit_amount ?? 0));
}

/**
 * What the paper vouchers declared (or `rows`, about to be) settle of a pre-order: their value, up
 * to its need. What they bring beyond it goes to the pool once received.
 */
export function paperVouchersPart(pre: Pick<PreOrderRow, 'lunchVouchers' | 'finalCents' | 'depositsAdded' | 'depositsReturned' | 'edenredPayment'>, rows = pre.lunchVouchers): number {
  return vouchersSettleCents(rows, paperVouchersNeed(pre));
}

/**
 * What pays a pre-order, read inside the placing transaction once the pre-order and the customer
 * are locked: the vouchers and pool as the pre-order now says (a concurrent change of them waits
 * for the lock, so it cannot slip between this reading and the order), the Edenred part only when
 * its transaction is recorded as holding or taken (an Edenred claim still waiting for Edenred's
 * answer brings nothing), and the provider payment the caller has verified with its provider.
 */
export async function coverOf(tx: Tx, pre: PreOrderRow, providerPaymentId: number | undefined): Promise<PaymentCover> {
  // Declared vouchers always settle their part, whether or not the pool was applied after them.
  const vouchers = paperVouchersPart(pre);
  let edenred = 0;
  const applied = pre.edenredPayment;
  if (applied?.authorization_id) {
    edenred = (await heldEdenredAmount(tx, pre.id, applied.authorization_id)) ?? 0;
  }
  let provider: PaymentCover['provider'] = null;
  if (providerPaymentId !== undefined) {
    const paid = await lockPreOrderPayment(tx, providerPaymentId, pre.id);
    if (paid && (paid.provider === 'paygreen' || paid.provider === 'edenred_widget')) {
      provider = { means: paid.provider === 'paygreen' ? 'card' : 'edenred', amount: paid.amountCents };
    }
  }
  return { vouchers, pool: pre.poolCents, edenred, provider };
}

/** The one test of "paid enough", for every means: together they pay the order's total exactly. */
export function coversExactly(cover: PaymentCover, due: number): boolean {
  return cover.vouchers + cover.pool + cover.edenred + (cover.provider?.amount ?? 0) === due;
}

/**
 * The meal vouchers paying the order: the paper vouchers' part, the Edenred balance's part and
 * Edenred's widget. A card on PayGreen's page may be a meal-voucher card too: PayGreen keeps it to
 * the food amount it is given (card-payment.ts).
 */
export function mealVouchersOf(cover: PaymentCover): number {
  return cover.vouchers + cover.edenred + (cover.provider?.means === 'edenred' ? cover.provider.amount : 0);
}

/** The order's means of payment, from the same cover that allowed it: vouchers first, then pool, Edenred and card. */
export function meansOf(cover: PaymentCover): PaymentMean[] {
  const providerBy = (means: 'card' | 'edenred') => (cover.provider?.means === means ? cover.provider.amount : 0);
  const means: PaymentMean[] = [
    { means: 'paper_vouchers', amountCents: cover.vouchers },
    { means: 'pool', amountCents: cover.pool },
    { means: 'edenred', amountCents: cover.edenred + providerBy('edenred') },
    { means: 'card', amountCents: providerBy('card') },
  ];
  return means.filter((m) => m.amountCents > 0);
}
