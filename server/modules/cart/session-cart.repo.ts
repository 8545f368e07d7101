import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionOwnerAllowed } from '../../db/demo-rows';
import { liveCardPaymentOf } from '../../db/live-card-payments';
import { payments, sessions } from '../../db/schema';
import type { CartSnapshot } from './cart-snapshot';
import type { LineRow } from './cart.repo';

type Json = Record<string, unknown>;

/*
 * Read by the session's own query (one round trip for the session, its cart, its lines, its code
 * and its card payment), as JSON the database builds. The session's columns are written qualified:
 * Drizzle would name them bare, and inside the subquery a bare customer_id is the cart's. The owner rule is cart.repo.ts's ownedBy:
 * the customer's cart once logged in, else the anonymous session's.
 */
const cartOfSession = sql<Json | null>`(
  select json_build_object(
    'id', c.id, 'session_id', c.session_id, 'customer_id', c.customer_id, 'delivery_date', c.delivery_date,
    'cutlery', c.cutlery, 'tote_bags', c.tote_bags, 'deposits_returned', c.deposits_returned,
    'discount_id', c.discount_id, 'sponsor_customer_id', c.sponsor_customer_id,
    'expires_at', c.expires_at, 'created_at', c.created_at, 'updated_at', c.updated_at, 'version', c.version,
    'client_address', c.client_address,
    'lines', coalesce((
      select json_agg(json_build_object(
        'id', l.id, 'cart_id', l.cart_id, 'unique_id', l.unique_id, 'product_id', l.product_id, 'menu_id', l.menu_id,
        'composition', l.composition, 'quantity', l.quantity, 'created_at', l.created_at) order by l.id)
      from cart_lines l where l.cart_id = c.id), '[]'::json),
    'discount', (select json_build_object('id', d.id, 'code', d.code, 'amount_type', d.amount_type, 'amount', d.amount) from discounts d where d.id = c.discount_id),
    'sponsor_code', (select sp.sponsor_code from customers sp where sp.id = c.sponsor_customer_id),
    'held_deposits', case when c.customer_id is null then 0 else popote_containers_returnable(c.customer_id) end)
  from carts c
  where (sessions.customer_id is not null and c.customer_id = sessions.customer_id)
     or (sessions.customer_id is null and c.session_id = sessions.id and c.customer_id is null)
  limit 1)`;

const cardPendingOfSession = sql<boolean>`(sessions.customer_id is not null and exists(
  select 1 from ${payments} where ${liveCardPaymentOf(sql`sessions.customer_id`)}))`;

function sessionWithCartQuery(db: Db) {
  return db
    .select({ session: sessions, cart: cartOfSession, cardPending: cardPendingOfSession })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')), sessionOwnerAllowed(sql.placeholder('allowDemo'))))
    .limit(1)
    .prepare('session_with_cart');
}

const prepared = new WeakMap<Db, ReturnType<typeof sessionWithCartQuery>>();

/**
 * The live session of a token's hash, with its cart (null: none) and whether a card payment of its
 * customer is under way: one round trip, a prepared statement. `allowDemo`: whether a demo
 * customer's session counts (never in production).
 */
export async function sessionWithCartRow(db: Db, id: string, now: Date, allowDemo: boolean) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = sessionWithCartQuery(db)));
  const [row] = await query.execute({ id, now: now.toISOString(), allowDemo });
  if (!row) return null;
  return { session: row.session, snapshot: row.cart ? toSnapshot(row.cart) : null, cardPending: Boolean(row.cardPending) };
}

const date = (value: unknown) => new Date(value as string);
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The database's JSON (snake_case, timestamps as text) as the rows Drizzle reads elsewhere. */
function toSnapshot(json: Json): CartSnapshot {
  const lines = (json.lines as Json[]).map(
    (l): LineRow => ({
      id: Number(l.id),
      cartId: Number(l.cart_id),
      uniqueId: String(l.unique_id),
      productId: num(l.product_id),
      menuId: num(l.menu_id),
      composition: (l.composition ?? null) as LineRow['composition'],
      quantity: Number(l.quantity),
      createdAt: date(l.created_at),
    }),
  );
  const discount = json.discount as Json | null;
  return {
    cart: {
      id: Number(json.id),
      sessionId: (json.session_id as string | null) ?? null,
      customerId: num(json.customer_id),
      deliveryDate: String(json.delivery_date),
      cutlery: Number(json.cutlery),
      toteBags: Number(json.tote_bags),
      depositsReturned: Number(json.deposits_returned),
      discountId: num(json.discount_id),
      sponsorCustomerId: num(json.sponsor_customer_id),
      clientAddress: (json.client_address as string | null) ?? null,
      expiresAt: date(json.expires_at),
      createdAt: date(json.created_at),
      updatedAt: date(json.updated_at),
      version: Number(json.version),
    },
    lines,
    discount: discount ? { id: Number(discount.id), code: String(discount.code), amountType: Number(discount.amount_type), amount: Number(discount.amount) } : null,
    sponsorCode: (json.sponsor_code as string | null) ?? null,
    heldDeposits: Number(json.held_deposits ?? 0),
  };
}
