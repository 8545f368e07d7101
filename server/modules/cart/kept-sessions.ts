import type { Db } from '../../db/client';
import type { sessions } from '../../db/schema';
import type { CartSnapshot } from './cart-snapshot';
import type { SessionCart } from './session-cart.service';

/*
 * Sessions with their carts, as this server last read or wrote them, so that a cart change can be
 * one round trip instead of two (docs/decisions/0018-kept-sessions.md). A change planned from a
 * kept session is written by one statement that first confirms, in the database, what the plan
 * took from memory (cart-apply.ts: the session live and allowed, no card payment of its customer
 * under way, the returns within the containers held) and writes nothing otherwise; the cart
 * itself is confirmed by its version, as for a change planned from the session's query. Nothing
 * here is trusted alone: a server that never saw a session, or another server's change, costs a
 * round trip, never a wrong answer.
 */

type Session = typeof sessions.$inferSelect;

interface Kept {
  session: Session;
  cart: SessionCart;
  /** When the session's query last read it (the clock's ms): the code and the sponsor shown come from that reading. */
  readAt: number;
}

/**
 * A kept session serves changes for this long after the session's query read it; then the next
 * change reads again. It bounds how old the parts of the answer no version covers may be (a
 * code's amount, the sponsor's code, the containers held, which the write confirms anyway).
 */
export const KEPT_FOR_MS = 30_000;
/** Sessions kept at most per database; the oldest go first (a Map keeps its insertion order). */
export const KEPT_MAX = 10_000;

const keptOf = new WeakMap<Db, Map<string, Kept>>();
function mapOf(db: Db) {
  let map = keptOf.get(db);
  if (!map) keptOf.set(db, (map = new Map()));
  return map;
}

function put(map: Map<string, Kept>, id: string, kept: Kept) {
  map.delete(id);
  map.set(id, kept);
  if (map.size > KEPT_MAX) map.delete(map.keys().next().value!);
}

/** The session's query read this session with its cart at `now`. A card payment under way is never kept: its rule is the checkout's to apply. */
export function keepSession(db: Db, session: Session, cart: SessionCart, now: Date): void {
  const map = mapOf(db);
  if (cart.cardPending) map.delete(session.id);
  else put(map, session.id, { session, cart: { snapshot: cart.snapshot, cardPending: false }, readAt: now.getTime() });
}

/**
 * The session of a token's hash as kept, when it may serve a change at `now` (read less than
 * KEPT_FOR_MS ago, by a clock that has not gone back), marked as not yet confirmed.
 */
export function keptSession(db: Db, id: string, now: Date): { session: Session; cart: SessionCart } | null {
  const kept = keptOf.get(db)?.get(id);
  if (!kept) return null;
  const age = now.getTime() - kept.readAt;
  if (age < 0 || age >= KEPT_FOR_MS) return null;
  return { session: kept.session, cart: { ...kept.cart, kept: { csrfToken: kept.session.csrfToken } } };
}

/**
 * A change of this session's cart was written: the cart as it now is becomes the kept one (unless
 * a later version is already kept). null: keep nothing (a line was added, whose id only the
 * database knows; or the change was not one this server can follow).
 */
export function keepChangedCart(db: Db, sessionId: string, snapshot: CartSnapshot | null): void {
  const map = keptOf.get(db);
  const kept = map?.get(sessionId);
  if (!map || !kept) return;
  if (!snapshot) map.delete(sessionId);
  else if (!kept.cart.snapshot || kept.cart.snapshot.cart.id !== snapshot.cart.id || kept.cart.snapshot.cart.version < snapshot.cart.version) {
    put(map, sessionId, { ...kept, cart: { snapshot, cardPending: false } });
  }
}

/** What was kept of this session can no longer be trusted: the next change reads it again. */
export function forgetSession(db: Db, sessionId: string): void {
  keptOf.get(db)?.delete(sessionId);
}

/**
 * A change planned from a kept session found it could not trust it (the statement did not confirm
 * it, the cart was not the usual case, or the plan refused): nothing was written, and the route
 * runs the change again from the session's query (cart.routes.ts).
 */
export class KeptSessionUnconfirmed extends Error {
  constructor() {
    super('kept session not confirmed');
  }
}
