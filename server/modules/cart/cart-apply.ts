import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessionOwnerAllowed } from '../../db/demo-rows';
import { liveCardPaymentOf } from '../../db/live-card-payments';
import { carts, payments, sessions, type Composition } from '../../db/schema';

/** A cart's next state, as popote_cart_apply (migration 0012) writes it in one statement. */
export interface CartWrite {
  cartId: number;
  /** The version the state was computed from: nothing is written once the cart has moved on. */
  version: number;
  /** The line changed, at its new quantity (0 removes it); none for a change of the cart alone. */
  line: { uniqueId: string; productId: number | null; menuId: number | null; composition: Composition | null; quantity: number } | null;
  date: string;
  /** Portions per dish id: taken when positive (all or nothing), given back when negative. */
  portions: Map<number, number>;
  cutlery: number;
  toteBags: number;
  depositsReturned: number;
  discountId: number | null;
  sponsorCustomerId: number | null;
  expiresAt: Date;
  updatedAt: Date;
  /**
   * A guest's change that adds portions: the address whose guests hold `max` portions at most
   * together, checked by the statement under the address's lock (migration 0025). null otherwise.
   */
  guestCap: { address: string; max: number } | null;
}

/**
 * What a change planned from a kept session (kept-sessions.ts) took from memory, confirmed by its
 * statement before it writes: the session, its customer's card payments, the containers held.
 */
export interface KeptConfirmation {
  sessionId: string;
  /** The session's customer and anti-forgery token as kept: the change was planned for that owner, the header checked against that token. */
  customerId: number | null;
  csrfToken: string;
  now: Date;
  allowDemo: boolean;
}

const p = (name: keyof ReturnType<typeof paramsOf> | keyof ReturnType<typeof confirmationOf>) => sql.placeholder(name);

const apply = sql`popote_cart_apply(${p('cartId')}::integer, ${p('version')}::integer, ${p('uniqueId')}::text, ${p('productId')}::integer,
  ${p('menuId')}::integer, ${p('composition')}::jsonb, ${p('quantity')}::integer, ${p('date')}::date, ${p('portions')}::jsonb,
  ${p('cutlery')}::integer, ${p('toteBags')}::integer, ${p('depositsReturned')}::integer, ${p('discountId')}::integer,
  ${p('sponsorCustomerId')}::integer, ${p('expiresAt')}::timestamptz, ${p('updatedAt')}::timestamptz,
  ${p('guestAddress')}::text, ${p('guestMax')}::integer)`;

function applyQuery(conn: Db | Tx) {
  return conn.select({ version: sql<number | null>`${apply}` }).from(carts).where(eq(carts.id, p('cartId')));
}

/**
 * What the session's query would have found, checked where it is written: the session live,
 * allowed (the session plugin's rule) and still the one kept (its customer, its token), no card payment of its customer under way (the checkout's
 * lock, liveCardPaymentOf), and the returns within the containers the customer holds (the ceiling
 * the session's query reads, popote_containers_returnable).
 */
const confirmed = sql`(exists(select 1 from ${sessions} where ${sessions.id} = ${p('sessionId')}::text and ${sessions.expiresAt} > ${p('now')}::timestamptz
    and ${sessionOwnerAllowed(p('allowDemo'))}
    and ${sessions.customerId} is not distinct from ${p('keptCustomerId')}::integer and ${sessions.csrfToken} = ${p('keptCsrfToken')}::text)
  and (${p('keptCustomerId')}::integer is null or (
    not exists(select 1 from ${payments} where ${liveCardPaymentOf(sql`${p('keptCustomerId')}::integer`)})
    and (${p('depositsReturned')}::integer = 0 or ${p('depositsReturned')}::integer <= popote_containers_returnable(${p('keptCustomerId')}::integer)))))`;

/**
 * The write of a change planned from a kept session: the confirmation first (a subquery kept
 * apart, so it runs once), then the write only when it holds. One statement, one round trip.
 */
function confirmedApplyQuery(conn: Db) {
  return conn
    .select({ confirmed: sql<boolean>`k.confirmed`, version: sql<number | null>`case when k.confirmed then ${apply} end` })
    .from(sql`(select ${confirmed} as confirmed offset 0) k`);
}

function paramsOf(write: CartWrite) {
  return {
    cartId: write.cartId,
    version: write.version,
    uniqueId: write.line?.uniqueId ?? null,
    productId: write.line?.productId ?? null,
    menuId: write.line?.menuId ?? null,
    composition: write.line?.composition ? JSON.stringify(write.line.composition) : null,
    quantity: write.line?.quantity ?? null,
    date: write.date,
    portions: JSON.stringify(Object.fromEntries(write.portions)),
    cutlery: write.cutlery,
    toteBags: write.toteBags,
    depositsReturned: write.depositsReturned,
    discountId: write.discountId,
    sponsorCustomerId: write.sponsorCustomerId,
    expiresAt: write.expiresAt.toISOString(),
    updatedAt: write.updatedAt.toISOString(),
    guestAddress: write.guestCap?.address ?? null,
    guestMax: write.guestCap?.max ?? null,
  };
}

function confirmationOf(kept: KeptConfirmation) {
  return { sessionId: kept.sessionId, keptCustomerId: kept.customerId, keptCsrfToken: kept.csrfToken, now: kept.now.toISOString(), allowDemo: kept.allowDemo };
}

// One prepared statement of each per database (node-postgres prepares it once per connection).
const prepared = new WeakMap<Db, ReturnType<ReturnType<typeof applyQuery>['prepare']>>();
const preparedConfirmed = new WeakMap<Db, ReturnType<ReturnType<typeof confirmedApplyQuery>['prepare']>>();

/** The SQLSTATE popote_cart_apply raises when a portion cannot be taken (the dish id is its detail). */
const SOLD_OUT_STATE = 'PP409';
/** The one it raises when the guests of the address would hold more than their cap (the count is its detail). */
const GUEST_CAP_STATE = 'PP429';

/** What popote_cart_apply refused, when `error` is one of its refusals. */
function refusalOf(error: unknown): { soldOut: number } | { guestCap: true } | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === SOLD_OUT_STATE) return { soldOut: Number(detail) };
    if (code === GUEST_CAP_STATE) return { guestCap: true };
  }
  return null;
}

export type ApplyOutcome = { version: number } | { soldOut: number } | { guestCap: true } | { moved: true } | { unconfirmed: true };

/**
 * Writes a cart's next state: on `db`, one prepared statement (no transaction of its own needed:
 * one statement is atomic); inside a transaction, the same statement on it. `moved`: the cart is
 * no longer at the version read, nothing was written. With `kept` (on `db` only), the statement
 * confirms the kept session first: `unconfirmed`, nothing was written.
 */
export async function applyCartWrite(conn: Db | Tx, write: CartWrite, inTransaction: boolean, kept: KeptConfirmation | null = null): Promise<ApplyOutcome> {
  try {
    if (kept) {
      let query = preparedConfirmed.get(conn as Db);
      if (!query) preparedConfirmed.set(conn as Db, (query = confirmedApplyQuery(conn as Db).prepare('cart_apply_kept')));
      const [row] = await query.execute({ ...paramsOf(write), ...confirmationOf(kept) });
      if (!row?.confirmed) return { unconfirmed: true };
      return row.version !== null ? { version: row.version } : { moved: true };
    }
    let query;
    if (inTransaction) query = applyQuery(conn).prepare('');
    else {
      query = prepared.get(conn as Db);
      if (!query) prepared.set(conn as Db, (query = applyQuery(conn).prepare('cart_apply')));
    }
    const [row] = await query.execute(paramsOf(write));
    return row && row.version !== null ? { version: row.version } : { moved: true };
  } catch (err) {
    const refused = refusalOf(err);
    if (refused) return refused;
    throw err;
  }
}
