import { and, eq, gt, isNull, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, orders, poolHistories } from '../../db/schema';
import { AppError } from '../../lib/errors';

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
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.paperVouchersCents === 0) throw new AppError(404, 'not_found', 'Aucun titre-restaurant papier n’est déclaré pour cette commande.');
    if (order.paperVouchersConfirmedAt) throw new AppError(409, 'already_confirmed', 'La remise de ces titres-restaurant est déjà confirmée.');
    await tx.update(orders).set({ paperVouchersConfirmedAt: now }).where(eq(orders.id, order.id));
    const excess = order.paperVouchersExcessCents;
    if (excess > 0) {
      const [customer] = await tx.select({ pool: customers.poolCents }).from(customers).where(eq(customers.id, order.customerId)).for('update');
      await tx.update(customers).set({ poolCents: customer!.pool + excess }).where(eq(customers.id, order.customerId));
      await tx.insert(poolHistories).values({ customerId: order.customerId, type: 'lunch_vouchers', amountCents: excess, orderId: order.id, createdAt: now });
    }
    return { order_id: order.id, paper_vouchers: order.paperVouchersCents, pool_credited: excess, confirmed_at: now.toISOString() };
  });
}

/** What the customer's declared vouchers will add to the pool once confirmed ("en attente de remise"). */
export async function pendingVoucherCredit(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(orders.paperVouchersExcessCents) })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), gt(orders.paperVouchersCents, 0), isNull(orders.paperVouchersConfirmedAt)));
  return Number(row?.total ?? 0);
}
