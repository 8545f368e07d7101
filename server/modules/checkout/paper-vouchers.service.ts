import type { ReceivedVoucherRow } from '#shared/api/courier-round';
import { receivedCents } from '#shared/round-outcome';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { confirmOrderVouchers, insertPoolHistory, lockCustomerPool, lockOrder, updateCustomer, type OrderRow } from './checkout.repo';

export interface VoucherConfirmation {
  order_id: number;
  paper_vouchers: number;
  pool_credited: number;
  confirmed_at: string;
}

/**
 * The paper vouchers an order's courier received settle the part of the order they were declared
 * for, once: what they bring beyond it is credited to the customer's pool, what they lack is
 * answered as `short` (the caller makes it a balance due). `rows` null: every declared voucher was
 * received (a team member's confirmation). The order must be locked by the caller.
 */
export async function settleReceivedVouchers(tx: Tx, order: Pick<OrderRow, 'id' | 'customerId' | 'paperVouchersCents' | 'paperVouchersExcessCents'>, rows: ReceivedVoucherRow[] | null, now: Date): Promise<{ credited: number; short: number }> {
  const part = order.paperVouchersCents - order.paperVouchersExcessCents;
  const received = rows ? receivedCents(rows) : order.paperVouchersCents;
  await confirmOrderVouchers(tx, order.id, now, rows);
  const excess = Math.max(0, received - part);
  if (excess > 0) {
    const pool = await lockCustomerPool(tx, order.customerId);
    await updateCustomer(tx, order.customerId, { poolCents: pool! + excess });
    await insertPoolHistory(tx, { customerId: order.customerId, type: 'lunch_vouchers', amountCents: excess, orderId: order.id, createdAt: now });
  }
  return { credited: excess, short: Math.max(0, part - received) };
}

/**
 * The staff confirms the paper vouchers of an order were handed over: the order is settled for
 * good, and what they brought beyond it is credited to the customer's pool, once.
 */
export async function confirmPaperVouchers(db: Db, orderId: number, now: Date): Promise<VoucherConfirmation> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.paperVouchersCents === 0) throw new AppError(404, 'not_found', 'Aucun titre-restaurant papier n’est déclaré pour cette commande.');
    if (order.paperVouchersConfirmedAt) throw new AppError(409, 'already_confirmed', 'La remise de ces titres-restaurant est déjà confirmée.');
    const { credited } = await settleReceivedVouchers(tx, order, null, now);
    return { order_id: order.id, paper_vouchers: order.paperVouchersCents, pool_credited: credited, confirmed_at: now.toISOString() };
  });
}
