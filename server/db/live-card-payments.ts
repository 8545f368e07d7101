import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { payments } from './schema';

/**
 * The statuses of a card payment still under way: being started (no PayGreen id yet), waiting for
 * the buyer or PayGreen, authorized. A unique index allows one per customer (migration 0011).
 */
const LIVE_CARD_STATUSES = ['starting', 'pending', 'authorized'] as const;

/**
 * The one test of "a card payment of this customer is under way" (docs/product/payments.md: the
 * basket is locked): PayGreen's, in a live status, not yet an order. Here, below the modules, as
 * both read it: the cart (its session query, its answer, the login merge) and checkout (the
 * payments it settles). `customerId` may be a column of an outer query (the session's).
 */
export const liveCardPaymentOf = (customerId: number | SQL) =>
  and(eq(payments.customerId, customerId), eq(payments.provider, 'paygreen'), inArray(payments.status, [...LIVE_CARD_STATUSES]), isNull(payments.orderId));

/**
 * A card payment of a balance due (docs/product/money.md), kept apart from the basket's: one under
 * way never locks the basket nor places an order. Both are PayGreen's, refunded the same way.
 */
export const DUE_CARD_PROVIDER = 'paygreen_due';
export const CARD_PROVIDERS = ['paygreen', DUE_CARD_PROVIDER];

/** The card payments of balances due still under way on a pre-order's order: not yet credited, in a live status. */
export const liveDueCardPaymentOf = (preOrderId: number) =>
  and(eq(payments.preOrderId, preOrderId), eq(payments.provider, DUE_CARD_PROVIDER), inArray(payments.status, [...LIVE_CARD_STATUSES]), isNull(payments.orderId));
