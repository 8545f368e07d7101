import { proxy } from 'valtio';
import type { PreOrder, ValidatedOrder } from '../../shared/api/checkout';

/**
 * Payment's client state (payment.md §2): the open pre-order, the modal's section, the full-screen
 * loader, and the validated order the pop-in shows (null while it is being placed).
 */
export const payment = proxy({
  preOrder: null as PreOrder | null,
  screen: 'recap' as 'recap' | 'vouchers',
  loader: false,
  order: null as ValidatedOrder | null,
});

export function showRecap() {
  payment.screen = 'recap';
}
