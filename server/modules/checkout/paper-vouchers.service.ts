import type { ReceivedVoucherRow } from '#shared/api/courier-round';
import { receivedCents } from '#shared/round-outcome';
import type { Db, Tx } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { awaitsVouchers, recordVouchersReceived } from '../ledger/ledger.service';
import { confirmOrderVouchers, lockOrder, type OrderRow } from './checkout.repo';

export interface VoucherConfirmation {
  order_id: number;
  paper_vouchers: number;
  pool_credited: number;
  confirmed_at: string;
}

/**
 * The paper vouchers an order's courier received, once: the ledger posts the declared ones (the
 * order's part, then the excess promised to the pool), leaves what is short owed on the order, and
 * holds what comes beyond the declaration for an admin's review. `rows` null: every declared
 * voucher was received (a team member's confirmation). The order must be locked by the caller.
 */
export async function settleReceivedVouchers(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'customerId' | 'paperVouchersCents'>,
  rows: ReceivedVoucherRow[] | null,
  receipt: { at: Date; actor: Actor; roundId?: number | null },
): Promise<{ credited: number; short: number; held: number }> {
  const received = rows ? receivedCents(rows) : order.paperVouchersCents;
  await confirmOrderVouchers(tx, order.id, receipt.at, rows);
  return recordVouchersReceived(tx, { order, at: receipt.at, actor: receipt.actor, cause: rows ? 'round' : 'confirmation', roundId: receipt.roundId ?? null }, received, rows);
}

/**
 * A team member confirms the paper vouchers of an order were handed over, all of them: the order is
 * settled for good, their excess credited to the pool, and the audit line commits with it.
 */
export async function confirmPaperVouchers(db: Db, actor: Actor, orderId: number, now: Date): Promise<VoucherConfirmation> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.paperVouchersCents === 0) throw new AppError(404, 'not_found', 'Aucun titre-restaurant papier n’est déclaré pour cette commande.');
    if (order.paperVouchersConfirmedAt) throw new AppError(409, 'already_confirmed', 'La remise de ces titres-restaurant est déjà confirmée.');
    // Cancelled or refunded meanwhile: its vouchers were voided, nobody is to hand them over.
    if (!(await awaitsVouchers(tx, order.id))) throw new AppError(409, 'already_confirmed', 'Ces titres-restaurant ne sont plus attendus : la commande a été annulée ou remboursée.');
    const { credited } = await settleReceivedVouchers(tx, order, null, { at: now, actor });
    await audit(tx, actor, { action: 'order.paper_vouchers', orderId: order.id, customerId: order.customerId, amountCents: order.paperVouchersCents, details: { pool_credited: credited } }, now);
    return { order_id: order.id, paper_vouchers: order.paperVouchersCents, pool_credited: credited, confirmed_at: now.toISOString() };
  });
}
