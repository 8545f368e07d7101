import { CHECKOUT_ERRORS } from '#shared/api/checkout';
import { mealPartCents, mealVoucherCapMessage, mealVoucherRestDay, mealVoucherRoom } from '#shared/meal-vouchers';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { mealVouchersUsedOn, type PreOrderRow } from './checkout.repo';
import { paperVouchersPart } from './payment-cover';

/**
 * The meal-voucher limits where the money is taken (src/shared/meal-vouchers.ts): the paper
 * vouchers declared, the Edenred balance, the Edenred widget and a meal-voucher card on PayGreen's
 * page together pay at most the order's meal part, within the 25 € the customer's other orders
 * delivered that day leave. Checked when each means is asked for, and again when the order is
 * placed, under the customer's lock, so two orders of one day paid at once cannot both take it.
 */
export interface MealVoucherCap {
  /** The order's meal part: what meal vouchers may pay of it at most. */
  mealPart: number;
  room: number;
  left: number;
  usedThatDay: number;
}

type CapRow = Pick<PreOrderRow, 'customerId' | 'deliveryDate' | 'finalCents' | 'depositsAdded' | 'depositsReturned' | 'lunchVouchers' | 'edenredPayment'>;

export async function mealVoucherCap(db: Db | Tx, pre: CapRow): Promise<MealVoucherCap> {
  const usedThatDay = await mealVouchersUsedOn(db, pre.customerId, pre.deliveryDate);
  const mealPart = mealPartCents(pre.finalCents, pre.depositsAdded, pre.depositsReturned);
  const room = mealVoucherRoom(mealPart, usedThatDay);
  const carried = paperVouchersPart(pre) + (pre.edenredPayment?.unit_amount ?? 0);
  return { mealPart, room, left: Math.max(0, room - carried), usedThatDay };
}

/** The pre-order's view of it. */
export const mealVouchersView = (cap: MealVoucherCap, pre: Pick<PreOrderRow, 'deliveryDate'>) => ({
  meal_part: cap.mealPart,
  room: cap.room,
  left: cap.left,
  used_that_day: cap.usedThatDay,
  rest_day_note: mealVoucherRestDay(pre.deliveryDate),
});

/** Refuses an amount of meal vouchers over `left`, saying why and what is still allowed. */
export function requireWithinCap(amount: number, left: number, status: 402 | 409 | 422): void {
  if (amount <= left) return;
  const message = mealVoucherCapMessage(left);
  throw new AppError(status, CHECKOUT_ERRORS.mealVoucherCap, message, status === 422 ? { lunch_vouchers: [message] } : undefined);
}
