import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { customers, ledgerAccounts, ledgerOpening, ledgerTransfers, orders } from '../../db/schema';
import type { AccountSpec } from './ledger-accounts';

type Conn = Db | Tx;
export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type NewTransfer = typeof ledgerTransfers.$inferInsert;
export type AccountRow = typeof ledgerAccounts.$inferSelect;

/** An account's sums, as TigerBeetle keeps them: posted and pending, each side. */
export interface Balance {
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
}
export const EMPTY_BALANCE: Balance = { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 };

/** The ids of these accounts, each made on first use (accounts are never changed afterwards). */
export async function accountIds(conn: Conn, specs: AccountSpec[]): Promise<Map<string, number>> {
  const unique = [...new Map(specs.map((s) => [s.code, s])).values()];
  if (!unique.length) return new Map();
  const codes = unique.map((s) => s.code);
  let rows = await conn.select({ id: ledgerAccounts.id, code: ledgerAccounts.code }).from(ledgerAccounts).where(inArray(ledgerAccounts.code, codes));
  if (rows.length < unique.length) {
    const known = new Set(rows.map((r) => r.code));
    await conn
      .insert(ledgerAccounts)
      .values(unique.filter((s) => !known.has(s.code)).map((s) => ({ code: s.code, unit: s.unit, kind: s.kind, customerId: s.customerId ?? null, orderId: s.orderId ?? null, flag: s.flag ?? null })))
      .onConflictDoNothing();
    rows = await conn.select({ id: ledgerAccounts.id, code: ledgerAccounts.code }).from(ledgerAccounts).where(inArray(ledgerAccounts.code, codes));
  }
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** An existing account's id by its code (null: never used, so every balance of it is zero). */
export async function accountId(conn: Conn, code: string): Promise<number | null> {
  const [row] = await conn.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return row?.id ?? null;
}

export async function accountsByCodes(conn: Conn, codes: string[]): Promise<AccountRow[]> {
  return codes.length ? conn.select().from(ledgerAccounts).where(inArray(ledgerAccounts.code, codes)) : [];
}

/** Appends transfers in the order given; the database checks each (limits, pending, units) as it goes in. */
export async function insertTransfers(tx: Tx, rows: NewTransfer[]): Promise<TransferRow[]> {
  if (!rows.length) return [];
  return tx.insert(ledgerTransfers).values(rows).returning();
}

/** Locks accounts (in id order, the one order every writer takes them in) for a check made before transferring. */
export async function lockAccounts(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length) await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids)).orderBy(asc(ledgerAccounts.id)).for('update');
}

const resolution = alias(ledgerTransfers, 'resolution');

/** The sums of accounts from their transfers (an account with none is absent: all zero). */
export async function balancesOf(conn: Conn, ids: number[]): Promise<Map<number, Balance>> {
  if (!ids.length) return new Map();
  const t = ledgerTransfers;
  const live = sql`(${t.kind} = 'pending' and ${resolution.id} is null)`;
  const posted = sql`${t.kind} in ('posted', 'post')`;
  const legs = await conn
    .select({
      debit: t.debitAccountId,
      credit: t.creditAccountId,
      posted: sql<string>`sum(${t.amount}) filter (where ${posted})`,
      pending: sql<string>`sum(${t.amount}) filter (where ${live})`,
    })
    .from(t)
    .leftJoin(resolution, eq(resolution.pendingId, t.id))
    .where(or(inArray(t.debitAccountId, ids), inArray(t.creditAccountId, ids)))
    .groupBy(t.debitAccountId, t.creditAccountId);
  const sums = new Map<number, Balance>();
  const of = (id: number) => sums.get(id) ?? sums.set(id, { ...EMPTY_BALANCE }).get(id)!;
  for (const leg of legs) {
    if (ids.includes(leg.debit)) {
      of(leg.debit).debitsPosted += Number(leg.posted ?? 0);
      of(leg.debit).debitsPending += Number(leg.pending ?? 0);
    }
    if (ids.includes(leg.credit)) {
      of(leg.credit).creditsPosted += Number(leg.posted ?? 0);
      of(leg.credit).creditsPending += Number(leg.pending ?? 0);
    }
  }
  return sums;
}

/** The accounts of customers, of the kinds asked. */
export async function customerAccounts(conn: Conn, customerIds: number[], kinds: AccountRow['kind'][]): Promise<AccountRow[]> {
  if (!customerIds.length) return [];
  return conn
    .select()
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.customerId, customerIds), inArray(ledgerAccounts.kind, kinds)));
}

type TransferWithCodes = TransferRow & { debitCode: string; creditCode: string };

/** Transfers, oldest first, with both accounts' codes (what a transfer moved from where to where). */
async function transfersWithCodes(conn: Conn, where: SQL | undefined): Promise<TransferWithCodes[]> {
  const debit = alias(ledgerAccounts, 'debit_account');
  const credit = alias(ledgerAccounts, 'credit_account');
  const rows = await conn
    .select({ transfer: ledgerTransfers, debitCode: debit.code, creditCode: credit.code })
    .from(ledgerTransfers)
    .innerJoin(debit, eq(debit.id, ledgerTransfers.debitAccountId))
    .innerJoin(credit, eq(credit.id, ledgerTransfers.creditAccountId))
    .where(where)
    .orderBy(asc(ledgerTransfers.id));
  return rows.map((r) => ({ ...r.transfer, debitCode: r.debitCode, creditCode: r.creditCode }));
}

/** Transfers touching an account. */
export const transfersOfAccount = (conn: Conn, id: number) => transfersWithCodes(conn, or(eq(ledgerTransfers.debitAccountId, id), eq(ledgerTransfers.creditAccountId, id)));

/** Transfers of orders (what an order's money did, means by means). */
export async function transfersOfOrders(conn: Conn, orderIds: number[]): Promise<TransferWithCodes[]> {
  return orderIds.length ? transfersWithCodes(conn, inArray(ledgerTransfers.orderId, orderIds)) : [];
}

/** Pending transfers nobody has posted or voided, of orders (and those held for review, or not). */
export async function livePending(conn: Conn, where: { orderIds?: number[]; review?: boolean; ids?: number[] }): Promise<TransferRow[]> {
  const conditions = [eq(ledgerTransfers.kind, 'pending'), isNull(resolution.id)];
  if (where.orderIds) conditions.push(where.orderIds.length ? inArray(ledgerTransfers.orderId, where.orderIds) : sql`false`);
  if (where.ids) conditions.push(where.ids.length ? inArray(ledgerTransfers.id, where.ids) : sql`false`);
  if (where.review !== undefined) conditions.push(eq(ledgerTransfers.review, where.review));
  const rows = await conn
    .select({ transfer: ledgerTransfers })
    .from(ledgerTransfers)
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .where(and(...conditions))
    .orderBy(asc(ledgerTransfers.id));
  return rows.map((r) => r.transfer);
}

/** Every transfer, in the order they were made (the check replays them). */
export async function allTransfers(conn: Conn): Promise<TransferRow[]> {
  return conn.select().from(ledgerTransfers).orderBy(asc(ledgerTransfers.id));
}

export async function allAccounts(conn: Conn): Promise<AccountRow[]> {
  return conn.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.id));
}

export async function opening(conn: Conn): Promise<{ ordersBefore: number; creditNotesBefore: number }> {
  const [row] = await conn.select().from(ledgerOpening).limit(1);
  return row ?? { ordersBefore: 0, creditNotesBefore: 0 };
}

/** The ledger's refusals, raised by its trigger (migration 0025): a limit, or a malformed post or void. */
export const LIMIT_STATE = 'PL409';
export function ledgerRefusal(error: unknown): { state: string; account: string | null } | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === LIMIT_STATE || code === 'PL400') return { state: code, account: typeof detail === 'string' ? detail : null };
  }
  return null;
}

/** What a person reading the ledger needs of its orders: number, customer, declared vouchers. */
export async function ordersOfTransfers(conn: Conn, orderIds: number[]) {
  if (!orderIds.length) return [];
  return conn
    .select({ id: orders.id, invoiceNumber: orders.invoiceNumber, customerId: orders.customerId, firstname: customers.firstname, lastname: customers.lastname, paperVouchersCents: orders.paperVouchersCents })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(inArray(orders.id, orderIds));
}

/** An order's owner, for a settlement asked by a customer or the team (null: no such order). */
export async function orderOwner(conn: Conn, orderId: number): Promise<{ id: number; customerId: number } | null> {
  const [row] = await conn.select({ id: orders.id, customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}
