import { PAYMENT_ORDER_ID_PATTERN, cardAmountTooSmall, vouchersQuantity, type LunchVoucherRow, type ValidatedOrder } from '../../shared/api/checkout';
import { MIN_CARD_AMOUNT_CENTS, PAPER_VOUCHERS_MAX } from '../../shared/constants';
import { KEPT_PAYMENT_KEY } from './kept-payment-key';
import { readStored, removeStored, writeStored } from '../../lib/stored';
import { slotTime } from '../../shared/time';

/** Paper voucher rows (docs/product/vouchers-and-pool.md): quantities 1..20, unit values 0..19 € to the cent. */
export const VOUCHER_QUANTITIES = Array.from({ length: PAPER_VOUCHERS_MAX }, (_, i) => i + 1);
export const DEFAULT_VOUCHER_ROW: LunchVoucherRow = { quantity: 1, amount: 9 };

export const vouchersOverLimit = (rows: readonly LunchVoucherRow[]) => vouchersQuantity(rows) > PAPER_VOUCHERS_MAX;

/** Removes a row, but one row always remains. */
export function removeVoucherRow<T>(rows: readonly T[], index: number): T[] {
  if (rows.length <= 1) return [...rows];
  return rows.filter((_, i) => i !== index);
}


/**
 * What a return says of the payment: 'returned' is the provider's own way back (CARD_RETURN_PATH),
 * which says nothing yet: the app asks the server; 'canceled' is "Annuler et revenir"
 * (CARD_CANCEL_PATH): the buyer gave up, the app gives the payment up too (the basket unlocks). The others are as the shop's older return
 * answered them (payments started before) or as the app puts them itself (a kept payment).
 */
export type PaymentStatus = 'returned' | 'canceled' | 'success' | 'refused' | 'pending';
export interface CardReturn {
  status: PaymentStatus;
  poId: string | null;
}

/**
 * A card payment left unsettled (pending, or its check cut by a reload or a lost connection) is
 * kept on the device, so the app checks it again at its next start, for a day at most.
 */
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;

/** Where storage is refused (private modes), the payment is only checked on this page. */
export function keepCardPayment(poId: string, now = Date.now()): void {
  writeStored(KEPT_PAYMENT_KEY, { poId, at: now });
}

export function forgetCardPayment(): void {
  removeStored(KEPT_PAYMENT_KEY);
}

/** The payment to check again, or null (none, unreadable, or older than a day: then forgotten). */
export function keptCardPayment(now = Date.now()): string | null {
  const kept = readStored(KEPT_PAYMENT_KEY) as { poId?: unknown; at?: unknown } | null;
  if (kept && typeof kept.poId === 'string' && PAYMENT_ORDER_ID_PATTERN.test(kept.poId) && typeof kept.at === 'number' && now - kept.at < KEPT_FOR_MS) return kept.poId;
  forgetCardPayment();
  return null;
}

/** The query parameters the card provider sends the customer back with, on any page. */
export function readCardReturn(search: string): CardReturn | null {
  const params = new URLSearchParams(search);
  const status = params.get('payment_status');
  if (status !== 'returned' && status !== 'canceled' && status !== 'success' && status !== 'refused' && status !== 'pending') return null;
  const poId = params.get('po_id');
  return { status, poId: poId && PAYMENT_ORDER_ID_PATTERN.test(poId) ? poId : null };
}

/** The same search without the two return parameters ('' when nothing remains). */
export function withoutCardReturn(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('payment_status');
  params.delete('po_id');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The GA4 purchase event pushed to the dataLayer after a completed payment. */
export function purchaseEvent(order: ValidatedOrder) {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: order.invoice_number ?? String(order.id),
      value: order.amount_total / 100,
      tax: order.vat_amount / 100,
      currency: 'EUR',
      items: order.products
        .filter((p) => p.order_product_parent_id === null)
        .map((p) => ({ item_id: String(p.buyable_id ?? p.id), item_name: p.name, item_category: p.buyable_type, price: p.unit_price / 100, quantity: p.quantity })),
    },
  };
}

/** '12 h – 13 h 30' */
export function deliveryHours(order: Pick<ValidatedOrder, 'delivery_start' | 'delivery_end' | 'delivery_private'>): string | null {
  if (!order.delivery_start || !order.delivery_end) return null;
  return slotTime(order.delivery_start, order.delivery_end, order.delivery_private);
}


export type EdenredPlan = { mode: 'only' | 'partly'; amount: number } | null;

/**
 * What applying the Edenred balance does (docs/product/payments.md): a balance covering the rest pays it all
 * ('only'); a smaller one pays its whole amount ('partly'), but always leaves the card more than
 * 0,50 €, the least it can take. Nothing to apply with no balance or nothing left to pay.
 */
export function edenredPlan(balance: number, remaining: number): EdenredPlan {
  if (balance <= 0 || remaining <= 0) return null;
  if (balance >= remaining) return { mode: 'only', amount: remaining };
  const amount = cardAmountTooSmall(remaining - balance) ? remaining - MIN_CARD_AMOUNT_CENTS - 1 : balance;
  return amount > 0 ? { mode: 'partly', amount } : null;
}

export const WIDGET_POLL = { intervalMs: 5000, tries: 5 } as const;
/** Order statuses that mean the widget payment went through. */
export const widgetConfirmed = (status: number) => status === 1 || status === 2;
