import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { formatEuros } from '#shared/money';
import { LEDGER_ERRORS } from '#shared/api/staff-ledger';
import type { Db, Tx } from '../../db/client';
import type { LedgerCause } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { SHOP, containersOf, meansAccount, meansOfCode, orderAccount, poolOf, type AccountSpec, type Means } from './ledger-accounts';
import {
  EMPTY_BALANCE,
  LIMIT_STATE,
  accountId,
  accountIds,
  accountsByCodes,
  balancesOf,
  customerAccounts,
  insertTransfers,
  ledgerRefusal,
  livePending,
  lockAccounts,
  opening,
  transfersOfAccount,
  transfersOfOrders,
  type Balance,
  type TransferRow,
} from './ledger.repo';

/*
 * The one module that moves a customer's money and containers (docs/architecture.md#money-one-ledger).
 * Every movement is a transfer between two accounts, appended in the caller's transaction, so it
 * commits with its cause or not at all; nothing else writes a balance, and every balance is read
 * from here. The database holds the rules whoever inserts (migration 0025): pools and containers
 * never below zero, a pending transfer posted (up to its amount) or voided once.
 */

type Conn = Db | Tx;
export type { Means } from './ledger-accounts';

/** Who moved it: a team member, or nobody (the customer's own checkout, a provider's answer). */
export interface LedgerActor {
  staffId: number | null;
  staffEmail: string | null;
}

interface Move {
  debit: AccountSpec;
  credit: AccountSpec;
  amount: number;
  code: string;
  pending?: boolean;
  review?: boolean;
  details?: Record<string, unknown>;
}

interface Cause {
  cause: LedgerCause;
  at: Date;
  orderId?: number | null;
  paymentId?: number | null;
  refundId?: number | null;
  creditNoteId?: number | null;
  roundId?: number | null;
  remittanceId?: number | null;
  actor?: LedgerActor | null;
  note?: string | null;
}

/** A pool or containers account asked to give more than it holds: the caller says it in French. */
export class LedgerLimitError extends Error {
  constructor(readonly account: string) {
    super(`ledger limit: ${account}`);
  }
}

function rowOf(cause: Cause, ids: Map<string, number>, move: Move) {
  return {
    debitAccountId: ids.get(move.debit.code)!,
    creditAccountId: ids.get(move.credit.code)!,
    unit: move.debit.unit,
    amount: move.amount,
    kind: move.pending ? ('pending' as const) : ('posted' as const),
    cause: cause.cause,
    code: move.code,
    orderId: cause.orderId ?? null,
    paymentId: cause.paymentId ?? null,
    refundId: cause.refundId ?? null,
    creditNoteId: cause.creditNoteId ?? null,
    roundId: cause.roundId ?? null,
    remittanceId: cause.remittanceId ?? null,
    review: move.review ?? false,
    staffId: cause.actor?.staffId ?? null,
    staffEmail: cause.actor?.staffEmail ?? null,
    note: cause.note ?? null,
    details: move.details ?? null,
    at: cause.at,
  };
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const refused = ledgerRefusal(err);
    if (refused?.state === LIMIT_STATE) throw new LedgerLimitError(refused.account ?? '');
    // A pending transfer resolved by someone else at the same moment (its resolution is unique).
    if (isUniqueViolation(err)) throw new AppError(409, LEDGER_ERRORS.alreadyResolved, 'Cette opération vient d’être faite par quelqu’un d’autre : rechargez la page.');
    throw err;
  }
}

/** Appends the moves (those of a zero amount are nothing), linked: all or none, in the caller's transaction. */
async function record(tx: Tx, cause: Cause, moves: Move[]): Promise<TransferRow[]> {
  const live = moves.filter((m) => m.amount > 0);
  if (live.some((m) => !Number.isInteger(m.amount))) throw new Error('ledger amounts are whole cents or containers');
  if (!live.length) return [];
  const ids = await accountIds(
    tx,
    live.flatMap((m) => [m.debit, m.credit]),
  );
  return guarded(() =>
    insertTransfers(
      tx,
      live.map((m) => rowOf(cause, ids, m)),
    ),
  );
}

/** Posts a pending transfer up to `amount` (the rest is released), or voids it when `amount` is 0. */
async function resolve(tx: Tx, cause: Cause, pending: TransferRow, amount: number, details?: Record<string, unknown>): Promise<TransferRow> {
  const post = amount > 0;
  const sides = new Map([
    ['debit', pending.debitAccountId],
    ['credit', pending.creditAccountId],
  ]);
  const move: Move = { debit: { ...SHOP.opening, code: 'debit', unit: pending.unit }, credit: { ...SHOP.opening, code: 'credit', unit: pending.unit }, amount: 0, code: pending.code, review: pending.review, details };
  const [row] = await guarded(() =>
    insertTransfers(tx, [
      {
        ...rowOf({ ...cause, orderId: cause.orderId ?? pending.orderId, refundId: cause.refundId ?? pending.refundId }, sides, move),
        amount: post ? Math.min(amount, pending.amount) : pending.amount,
        kind: post ? 'post' : 'void',
        pendingId: pending.id,
      },
    ]),
  );
  return row!;
}

/* ------------------------------------------------------------------ placing an order */

export interface PlacementMoney {
  order: { id: number; customerId: number };
  at: Date;
  /** What the order costs, and its containers: taken with it, and declared given back. */
  totalCents: number;
  containersAdded: number;
  containersReturned: number;
  /** The payment plan (payment-cover.ts): declared vouchers' part and excess, pool, Edenred balance, provider. */
  vouchersPart: number;
  vouchersExcess: number;
  pool: number;
  edenred: number;
  provider: { means: 'card' | 'edenred'; amount: number; paymentId: number | null } | null;
}

/**
 * An order placed: its sale and deposits owed on its account, each means paying it. Declared paper
 * vouchers are pending (a courier's receipt posts them, a cancellation voids them), as is their
 * excess promised to the pool; containers declared given back are a pending return. The pool pays
 * only what it holds: `LedgerLimitError` otherwise.
 */
export async function recordPlacement(tx: Tx, p: PlacementMoney): Promise<void> {
  const order = orderAccount(p.order);
  const customer = p.order.customerId;
  const depositNet = (p.containersAdded - p.containersReturned) * DEPOSIT_PER_MENU_CENTS;
  const goods = p.totalCents - depositNet;
  if (goods < 0) throw new Error(`order ${p.order.id}: its deposits exceed its total`);
  const provider = p.provider;
  await record(tx, { cause: 'order', at: p.at, orderId: p.order.id, paymentId: provider?.paymentId ?? null }, [
    { debit: order, credit: SHOP.sales, amount: goods, code: 'sale' },
    { debit: order, credit: SHOP.deposits, amount: p.containersAdded * DEPOSIT_PER_MENU_CENTS, code: 'deposit_taken' },
    { debit: SHOP.deposits, credit: order, amount: p.containersReturned * DEPOSIT_PER_MENU_CENTS, code: 'deposit_returned' },
    { debit: containersOf(customer), credit: SHOP.containers, amount: p.containersAdded, code: 'containers_taken' },
    { debit: SHOP.containers, credit: containersOf(customer), amount: p.containersReturned, code: 'containers_declared', pending: true },
    { debit: SHOP.paperVouchers, credit: order, amount: p.vouchersPart, code: 'vouchers_declared', pending: true },
    { debit: SHOP.paperVouchers, credit: poolOf(customer), amount: p.vouchersExcess, code: 'vouchers_excess', pending: true },
    { debit: poolOf(customer), credit: order, amount: p.pool, code: 'pool_payment' },
    { debit: SHOP.edenred, credit: order, amount: p.edenred + (provider?.means === 'edenred' ? provider.amount : 0), code: 'edenred_payment' },
    { debit: SHOP.card, credit: order, amount: provider?.means === 'card' ? provider.amount : 0, code: 'card_payment' },
  ]);
}

/* ------------------------------------------------------------------ what the courier received */

export interface Receipt {
  order: { id: number; customerId: number };
  at: Date;
  actor: LedgerActor;
  cause: Extract<LedgerCause, 'round' | 'confirmation'>;
  roundId?: number | null;
}

/**
 * Paper vouchers received for an order: they post its pending vouchers, the order's part first,
 * then the excess promised to the pool; what is short stays owed on the order (its balance due);
 * what comes beyond the declaration is recorded as it is, held for an admin's review (four eyes),
 * never credited by the courier's word alone.
 */
export async function recordVouchersReceived(tx: Tx, receipt: Receipt, receivedCents: number, rows: unknown[] | null): Promise<{ credited: number; short: number; held: number }> {
  const pending = await livePending(tx, { orderIds: [receipt.order.id], review: false });
  const part = pending.find((t) => t.code === 'vouchers_declared');
  const excess = pending.find((t) => t.code === 'vouchers_excess');
  const cause: Cause = { cause: receipt.cause, at: receipt.at, orderId: receipt.order.id, roundId: receipt.roundId, actor: receipt.actor };
  let left = receivedCents;
  const toPart = Math.min(left, part?.amount ?? 0);
  left -= toPart;
  const toExcess = Math.min(left, excess?.amount ?? 0);
  left -= toExcess;
  const details = rows ? { rows } : undefined;
  if (part) await resolve(tx, cause, part, toPart, details);
  if (excess) await resolve(tx, cause, excess, toExcess, details);
  if (left > 0) await record(tx, cause, [{ debit: SHOP.paperVouchers, credit: poolOf(receipt.order.customerId), amount: left, code: 'vouchers_beyond', pending: true, review: true, details }]);
  return { credited: toExcess, short: (part?.amount ?? 0) - toPart, held: left };
}

/** Whether an order still waits for paper vouchers declared with it (none posted or voided yet). */
export async function awaitsVouchers(conn: Conn, orderId: number): Promise<boolean> {
  return (await livePending(conn, { orderIds: [orderId], review: false })).some((t) => t.code === 'vouchers_declared' || t.code === 'vouchers_excess');
}

/**
 * Containers the courier took back: they post the declared return; fewer are held again and owed
 * (4 € each on the order); more are held for an admin's review, as many as the customer holds,
 * with the 4 € each they would bring to the pool.
 */
export async function recordContainersReceived(tx: Tx, receipt: Receipt, received: number): Promise<{ short: number; held: number }> {
  const customer = receipt.order.customerId;
  const order = orderAccount(receipt.order);
  const cause: Cause = { cause: receipt.cause, at: receipt.at, orderId: receipt.order.id, roundId: receipt.roundId, actor: receipt.actor };
  const declared = (await livePending(tx, { orderIds: [receipt.order.id], review: false })).find((t) => t.code === 'containers_declared');
  const expected = declared?.amount ?? 0;
  if (declared) await resolve(tx, cause, declared, Math.min(received, expected));
  const short = Math.max(0, expected - received);
  await record(tx, cause, [{ debit: order, credit: SHOP.deposits, amount: short * DEPOSIT_PER_MENU_CENTS, code: 'containers_missing' }]);
  let held = 0;
  if (received > expected) {
    const account = await accountId(tx, containersOf(customer).code);
    if (account !== null) {
      await lockAccounts(tx, [account]);
      held = Math.min(received - expected, returnable((await balancesOf(tx, [account])).get(account)));
    }
    if (held > 0) {
      const [containers] = await record(tx, cause, [{ debit: SHOP.containers, credit: containersOf(customer), amount: held, code: 'containers_beyond', pending: true, review: true }]);
      await record(tx, cause, [
        { debit: SHOP.deposits, credit: poolOf(customer), amount: held * DEPOSIT_PER_MENU_CENTS, code: 'containers_beyond_refund', pending: true, review: true, details: { linked: containers!.id } },
      ]);
    }
  }
  return { short, held };
}

/* ------------------------------------------------------------------ four eyes */

/** A receipt beyond the declaration, waiting for an admin: its money transfer, and the containers it goes with. */
export interface HeldReceipt {
  id: number;
  orderId: number | null;
  code: 'vouchers_beyond' | 'containers_beyond_refund';
  amount: number;
  containers: number;
  recordedBy: string | null;
  recordedById: number | null;
  at: Date;
  details: Record<string, unknown> | null;
}

function heldReceipt(money: TransferRow, containers: TransferRow | undefined): HeldReceipt {
  return {
    id: money.id,
    orderId: money.orderId,
    code: money.code as HeldReceipt['code'],
    amount: money.amount,
    containers: containers?.amount ?? 0,
    recordedBy: money.staffEmail,
    recordedById: money.staffId,
    at: money.at,
    details: money.details,
  };
}

/** What waits for an admin's review, oldest first. */
export async function heldReceipts(conn: Conn): Promise<HeldReceipt[]> {
  const pending = await livePending(conn, { review: true });
  const containers = new Map(pending.filter((t) => t.code === 'containers_beyond').map((t) => [t.id, t]));
  return pending.filter((t) => t.code === 'vouchers_beyond' || t.code === 'containers_beyond_refund').map((t) => heldReceipt(t, containers.get(Number(t.details?.linked))));
}


/**
 * An admin's decision on a held receipt, with their note: approved, it is credited (posted, with
 * its containers); refused, it is voided (the receipt stays recorded in the round). Whoever
 * recorded it may not decide it: that is the second pair of eyes.
 */
export async function decideHeldReceipt(tx: Tx, id: number, decision: 'approve' | 'reject', actor: LedgerActor, note: string, at: Date): Promise<HeldReceipt & { decision: 'approve' | 'reject' }> {
  const [seen] = await livePending(tx, { ids: [id], review: true });
  // Lock, then check: of two admins deciding at once, the second finds it decided.
  if (seen) await lockAccounts(tx, [seen.debitAccountId, seen.creditAccountId]);
  const [money] = seen ? await livePending(tx, { ids: [id], review: true }) : [];
  if (!money || (money.code !== 'vouchers_beyond' && money.code !== 'containers_beyond_refund')) throw new AppError(404, LEDGER_ERRORS.heldUnknown, 'Cette réception à valider est introuvable, ou déjà décidée.');
  if (money.staffId !== null && money.staffId === actor.staffId) {
    throw new AppError(403, LEDGER_ERRORS.ownReceipt, 'Vous avez enregistré cette réception : un autre administrateur doit la valider (deux regards).');
  }
  const linked = money.details?.linked ? (await livePending(tx, { ids: [Number(money.details.linked)], review: true }))[0] : undefined;
  const cause: Cause = { cause: 'review', at, orderId: money.orderId, actor, note };
  for (const transfer of [linked, money]) if (transfer) await resolve(tx, cause, transfer, decision === 'approve' ? transfer.amount : 0);
  return { ...heldReceipt(money, linked), decision };
}

/* ------------------------------------------------------------------ giving back */

/** An order's money by means, from its transfers: what came in and is posted, less what went back or is on its way back. */
function leftByMeans(orderId: number, transfers: Awaited<ReturnType<typeof transfersOfOrders>>): Map<Means, number> {
  const resolved = new Map(transfers.filter((t) => t.pendingId !== null).map((t) => [t.pendingId!, t]));
  const left = new Map<Means, number>();
  const add = (means: Means | null, amount: number) => means && left.set(means, (left.get(means) ?? 0) + amount);
  const orderCode = `order:${orderId}`;
  for (const t of transfers) {
    if (t.unit !== 'eur' || t.orderId !== orderId) continue;
    // In: posted money from a means to the order. Pending vouchers are not money yet.
    if (t.creditCode === orderCode && (t.kind === 'posted' || t.kind === 'post')) add(meansOfCode(t.debitCode), t.amount);
    // Out: a refund posted, or pending at its provider (not voided).
    if (t.debitCode === orderCode && t.cause === 'refund') {
      if (t.kind === 'posted' || (t.kind === 'pending' && resolved.get(t.id)?.kind !== 'void')) add(meansOfCode(t.creditCode), -t.amount);
    }
  }
  return left;
}

/** An order's money by means: what came in and is posted, less what went back or is on its way back. */
export async function refundableByMeans(conn: Conn, orderId: number): Promise<Map<Means, number>> {
  return leftByMeans(orderId, await transfersOfOrders(conn, [orderId]));
}

/** What each order may still give back, all means together (the team's board shows it). */
export async function refundableOf(conn: Conn, orderIds: number[]): Promise<Map<number, number>> {
  const transfers = await transfersOfOrders(conn, orderIds);
  return new Map(orderIds.map((id) => [id, [...leftByMeans(id, transfers).values()].reduce((n, v) => n + Math.max(0, v), 0)]));
}

/** A credit note: the sale and the deposits it cancels come off the order's account. */
export async function recordCreditNote(tx: Tx, p: { order: { id: number; customerId: number }; goods: number; deposits: number; creditNoteId: number; at: Date; actor: LedgerActor }): Promise<void> {
  const order = orderAccount(p.order);
  await record(tx, { cause: 'credit_note', at: p.at, orderId: p.order.id, creditNoteId: p.creditNoteId, actor: p.actor }, [
    { debit: SHOP.sales, credit: order, amount: p.goods, code: 'credit_note' },
    { debit: SHOP.deposits, credit: order, amount: Math.max(0, p.deposits), code: 'credit_note_deposits' },
    { debit: order, credit: SHOP.deposits, amount: Math.max(0, -p.deposits), code: 'credit_note_deposits' },
  ]);
}

/**
 * Money going back through a means: to the pool at once; through a provider (card, Edenred)
 * pending until it confirms (`refundConfirmed`), so nothing counts as given back that was not.
 */
export async function recordRefund(tx: Tx, p: { order: { id: number; customerId: number }; means: Means; amount: number; refundId: number; at: Date; actor: LedgerActor }): Promise<void> {
  const throughProvider = p.means === 'card' || p.means === 'edenred';
  await record(tx, { cause: 'refund', at: p.at, orderId: p.order.id, refundId: p.refundId, actor: p.actor }, [
    { debit: orderAccount(p.order), credit: meansAccount(p.means, p.order.customerId), amount: p.amount, code: `refund_${p.means}`, pending: throughProvider },
  ]);
}

/** The provider confirmed a refund: its pending transfer is posted. */
export async function refundConfirmed(tx: Tx, refundId: number, at: Date): Promise<void> {
  const [pending] = (await livePending(tx, {})).filter((t) => t.refundId === refundId);
  if (pending) await resolve(tx, { cause: 'refund', at, orderId: pending.orderId, refundId }, pending, pending.amount);
}

/**
 * What an order still waits for when it leaves the round (cancelled, or refunded whole): its
 * declared vouchers are voided (nobody will collect them) and its declared containers' return too
 * (the customer keeps them). Answers the vouchers' amount voided.
 */
export async function voidDeclared(tx: Tx, p: { order: { id: number; customerId: number }; at: Date; actor: LedgerActor; cause: LedgerCause }): Promise<number> {
  const pending = await livePending(tx, { orderIds: [p.order.id], review: false });
  let vouchers = 0;
  for (const t of pending) {
    if (!['vouchers_declared', 'vouchers_excess', 'containers_declared'].includes(t.code)) continue;
    if (t.code === 'vouchers_declared') vouchers += t.amount;
    await resolve(tx, { cause: p.cause, at: p.at, orderId: p.order.id, actor: p.actor }, t, 0);
  }
  return vouchers;
}

/** A cancelled order's containers never reach the customer: as many as it brought come back to the shop. */
export async function recordContainersCancelled(tx: Tx, p: { order: { id: number; customerId: number }; containers: number; at: Date; actor: LedgerActor }): Promise<void> {
  if (p.containers <= 0) return;
  const account = await accountId(tx, containersOf(p.order.customerId).code);
  if (account === null) return;
  await lockAccounts(tx, [account]);
  const back = Math.min(p.containers, returnable((await balancesOf(tx, [account])).get(account)));
  await record(tx, { cause: 'credit_note', at: p.at, orderId: p.order.id, actor: p.actor }, [
    { debit: SHOP.containers, credit: containersOf(p.order.customerId), amount: back, code: 'containers_cancelled' },
  ]);
}

/* ------------------------------------------------------------------ what is still owed */

const due = (b: Balance | undefined) => Math.max(0, (b?.debitsPosted ?? 0) - (b?.creditsPosted ?? 0) - (b?.creditsPending ?? 0));
const returnable = (b: Balance | undefined) => Math.max(0, (b?.debitsPosted ?? 0) - (b?.creditsPosted ?? 0) - (b?.creditsPending ?? 0));

/** What is still owed on orders (their balance due): their accounts' posted debits less everything credited or on its way. */
export async function dueOf(conn: Conn, orders: { id: number; customerId: number }[]): Promise<Map<number, number>> {
  const ids = await accountIdsOf(
    conn,
    orders.map((o) => orderAccount(o).code),
  );
  const balances = await balancesOf(conn, [...ids.values()]);
  return new Map(orders.map((o) => [o.id, due(balances.get(ids.get(orderAccount(o).code) ?? -1))]));
}

async function accountIdsOf(conn: Conn, codes: string[]): Promise<Map<string, number>> {
  return new Map((await accountsByCodes(conn, codes)).map((a) => [a.code, a.id]));
}


/**
 * What is owed on an order, read with its account locked until the caller's transaction ends: of
 * two settlements (or a settlement and a card payment being started), the second reads after the first.
 */
export async function lockedDue(tx: Tx, order: { id: number; customerId: number }): Promise<number> {
  const id = await accountId(tx, orderAccount(order).code);
  if (id === null) return 0;
  await lockAccounts(tx, [id]);
  return due((await balancesOf(tx, [id])).get(id));
}

/**
 * A balance due settled (or part of it), by the customer (pool, card) or recorded by the team
 * (paper vouchers, cash received later): never more than is owed, judged with the order's account
 * locked, so two settlements at once cannot both pay it.
 */
export async function settleDue(
  tx: Tx,
  p: { order: { id: number; customerId: number }; means: Means; amount: number; at: Date; actor: LedgerActor | null; paymentId?: number | null; note?: string | null; details?: Record<string, unknown> },
): Promise<{ settled: number; due: number }> {
  const owed = await lockedDue(tx, p.order);
  if (owed <= 0) throw new AppError(409, LEDGER_ERRORS.nothingDue, 'Il ne reste rien à régler sur cette commande.');
  if (p.amount > owed) throw new AppError(422, LEDGER_ERRORS.dueExceeded, `Il reste ${formatEuros(owed)} à régler sur cette commande : pas davantage.`, { amount: [`Au plus ${formatEuros(owed)}.`] });
  try {
    await record(tx, { cause: 'settlement', at: p.at, orderId: p.order.id, paymentId: p.paymentId ?? null, actor: p.actor, note: p.note ?? null }, [
      { debit: meansAccount(p.means, p.order.customerId), credit: orderAccount(p.order), amount: p.amount, code: `due_${p.means}`, details: p.details },
    ]);
  } catch (err) {
    if (err instanceof LedgerLimitError) throw new AppError(409, LEDGER_ERRORS.poolShort, 'Votre cagnotte ne suffit pas pour ce règlement.');
    throw err;
  }
  return { settled: p.amount, due: owed - p.amount };
}

/* ------------------------------------------------------------------ remittances */

/** The issuer paid a batch of paper vouchers: the bank gets what it paid, its commission is a cost. */
export async function recordRemittancePaid(tx: Tx, p: { remittanceId: number; total: number; paid: number; at: Date; actor: LedgerActor }): Promise<void> {
  await record(tx, { cause: 'remittance', at: p.at, remittanceId: p.remittanceId, actor: p.actor }, [
    { debit: SHOP.bank, credit: SHOP.paperVouchers, amount: Math.min(p.paid, p.total), code: 'remittance_paid' },
    { debit: SHOP.remittanceFees, credit: SHOP.paperVouchers, amount: Math.max(0, p.total - p.paid), code: 'remittance_fees' },
  ]);
}

/* ------------------------------------------------------------------ reading a customer's balances */

export interface CustomerMoney {
  /** The pool: what is credited and posted, less what is spent (pending spending included). */
  pool: number;
  /** What is promised to the pool and not yet there: declared vouchers' excess, receipts under review. */
  poolPending: number;
  /** Containers held, less those already declared given back. */
  containers: number;
  /** The pool's movements, newest first. */
  history: { at: Date; code: string; amount: number }[];
}

export async function customerMoney(conn: Conn, customerId: number, options: { history?: boolean } = {}): Promise<CustomerMoney> {
  const accounts = await customerAccounts(conn, [customerId], ['pool', 'containers']);
  const balances = await balancesOf(
    conn,
    accounts.map((a) => a.id),
  );
  const pool = accounts.find((a) => a.kind === 'pool');
  const containers = accounts.find((a) => a.kind === 'containers');
  const p = (pool && balances.get(pool.id)) ?? EMPTY_BALANCE;
  const history =
    options.history && pool
      ? (await transfersOfAccount(conn, pool.id))
          .filter((t) => t.kind === 'posted' || t.kind === 'post')
          .map((t) => ({ at: t.at, code: t.code, amount: t.creditAccountId === pool.id ? t.amount : -t.amount }))
          .reverse()
      : [];
  return {
    pool: p.creditsPosted - p.debitsPosted - p.debitsPending,
    poolPending: p.creditsPending,
    containers: returnable(containers && balances.get(containers.id)),
    history,
  };
}

/** The pool a customer may spend now. */
export async function poolOfCustomer(conn: Conn, customerId: number): Promise<number> {
  return (await customerMoney(conn, customerId)).pool;
}

/** The containers a customer may still give back (held, less those declared already). */
export async function containersOfCustomer(conn: Conn, customerId: number): Promise<number> {
  return (await customerMoney(conn, customerId)).containers;
}


/* ------------------------------------------------------------------ the documents' side, for the closing and the check */

/** What the ledger holds of one order: its sale, deposits and means as placed, and what followed. */
export interface OrderLedger {
  sale: number;
  depositTaken: number;
  depositReturned: number;
  /** How it was paid as placed (declared vouchers counted, though pending). */
  means: Map<Means, number>;
  /** Paper vouchers received and posted (declared, excess, and those an admin approved). */
  vouchersReceived: number;
  /** Credited to the order by each credit note (its sale and deposits). */
  creditNotes: Map<number, number>;
  /** Each refund's money and whether its provider confirmed it. */
  refunds: Map<number, { amount: number; done: boolean }>;
}

const PLACEMENT_MEANS: Record<string, Means> = { vouchers_declared: 'paper_vouchers', pool_payment: 'pool', edenred_payment: 'edenred', card_payment: 'card' };

/** The ledger's side of these orders (those placed before the ledger opened have none). */
export async function orderLedgers(conn: Conn, orderIds: number[]): Promise<Map<number, OrderLedger>> {
  const transfers = await transfersOfOrders(conn, orderIds);
  const resolution = new Map(transfers.filter((t) => t.pendingId !== null).map((t) => [t.pendingId!, t]));
  const ledgers = new Map<number, OrderLedger>();
  const of = (id: number) => ledgers.get(id) ?? ledgers.set(id, { sale: 0, depositTaken: 0, depositReturned: 0, means: new Map(), vouchersReceived: 0, creditNotes: new Map(), refunds: new Map() }).get(id)!;
  for (const t of transfers) {
    if (t.orderId === null || t.unit !== 'eur') continue;
    const l = of(t.orderId);
    const orderCode = `order:${t.orderId}`;
    if (t.cause === 'order' && t.code === 'sale') l.sale += t.amount;
    if (t.cause === 'order' && t.code === 'deposit_taken') l.depositTaken += t.amount;
    if (t.cause === 'order' && t.code === 'deposit_returned') l.depositReturned += t.amount;
    if (t.cause === 'order' && PLACEMENT_MEANS[t.code] && t.kind !== 'post' && t.kind !== 'void') {
      const means = PLACEMENT_MEANS[t.code]!;
      l.means.set(means, (l.means.get(means) ?? 0) + t.amount);
    }
    if (t.kind === 'post' && ['vouchers_declared', 'vouchers_excess', 'vouchers_beyond'].includes(t.code)) l.vouchersReceived += t.amount;
    if (t.creditNoteId !== null && t.cause === 'credit_note') {
      const signed = t.creditCode === orderCode ? t.amount : -t.amount;
      l.creditNotes.set(t.creditNoteId, (l.creditNotes.get(t.creditNoteId) ?? 0) + signed);
    }
    if (t.refundId !== null && t.cause === 'refund' && (t.kind === 'posted' || t.kind === 'pending')) {
      const done = t.kind === 'posted' || resolution.get(t.id)?.kind === 'post';
      l.refunds.set(t.refundId, { amount: t.amount, done });
    }
  }
  return ledgers;
}

/** Where the ledger starts: documents up to these ids were made before it (their balances carried over). */
export const ledgerOpening = (conn: Conn) => opening(conn);

/**
 * Corrections: a pool or a containers count moved by `delta` from or to the shop's opening account,
 * with why (a seed's history, a test's starting point, the demo's pools emptied in production).
 * Never a route of its own: a person's correction of money would need a second pair of eyes.
 */
export async function recordCorrection(tx: Tx, p: { customerId: number; what: 'pool' | 'containers'; delta: number; at: Date; code: string; note?: string | null }): Promise<void> {
  if (!p.delta) return;
  const account = p.what === 'pool' ? poolOf(p.customerId) : containersOf(p.customerId);
  const other = p.what === 'pool' ? SHOP.opening : SHOP.containers;
  const [debit, credit] = (p.what === 'pool') === p.delta > 0 ? [other, account] : [account, other];
  await record(tx, { cause: 'correction', at: p.at, note: p.note ?? null }, [{ debit, credit, amount: Math.abs(p.delta), code: p.code }]);
}
