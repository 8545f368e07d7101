import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { confirmOrderVouchers, insertPoolHistory, lockCustomerPool, lockOrder, updateCustomer } from './checkout.repo';

export interface VoucherConfirmation {
  order_id: number;
  paper_vouchers: number;
  pool_credited: number;
  confirmed_at: string;
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
    await confirmOrderVouchers(tx, order.id, now);
    const excess = order.paperVouchersExcessCents;
    if (excess > 0) {
      const pool = await lockCustomerPool(tx, order.customerId);
      await updateCustomer(tx, order.customerId, { poolCents: pool! + excess });
      await insertPoolHistory(tx, { customerId: order.customerId, type: 'lunch_vouchers', amountCents: excess, orderId: order.id, createdAt: now });
    }
    return { order_id: order.id, paper_vouchers: order.paperVouchersCents, pool_credited: excess, confirmed_at: now.toISOString() };
  });
}
