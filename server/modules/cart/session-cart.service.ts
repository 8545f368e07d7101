import type { Db } from '../../db/client';
import type { CartSnapshot } from './cart-snapshot';
import { sessionWithCartRow } from './session-cart.repo';

/** The sessions this server keeps with their carts, for the session plugin (kept-sessions.ts). */
export { keepSession, keptSession } from './kept-sessions';

/** What the session query reads along with the session, for the routes that ask for it. */
export interface SessionCart {
  /** null: the visitor has no cart. */
  snapshot: CartSnapshot | null;
  /** A card payment of the customer is under way (liveCardPaymentOf, server/db/live-card-payments.ts). */
  cardPending: boolean;
  /**
   * Taken from this server's memory, not read (kept-sessions.ts), with the session's anti-forgery
   * token as kept: a change planned from it is written only once its statement has confirmed the
   * session in the database.
   */
  kept?: { csrfToken: string };
}

/**
 * The live session of a token's hash with its cart, in the session's own query (the session plugin
 * reads it so on the routes that ask for the cart). `allowDemo`: whether a demo customer's session
 * counts (never in production).
 */
export async function readSessionWithCart(db: Db, id: string, now: Date, allowDemo: boolean) {
  const row = await sessionWithCartRow(db, id, now, allowDemo);
  if (!row) return null;
  return { session: row.session, cart: { snapshot: row.snapshot, cardPending: row.cardPending } satisfies SessionCart };
}
