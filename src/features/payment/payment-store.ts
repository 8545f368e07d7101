import { proxy } from 'valtio';
import type { PreOrder, ValidatedOrder } from '../../shared/api/checkout';
import type { EdenredWidget } from '../../shared/api/edenred';

/**
 * Payment's client state: the open pre-order, the modal's section, the full-screen
 * loader, the validated order the pop-in shows (null while it is being placed), and Edenred's.
 */
export const payment = proxy({
  preOrder: null as PreOrder | null,
  screen: 'recap' as PaymentScreen,
  loader: false,
  /**
   * A card payment is being checked, said by a notice while the page stays usable: the bank has not
   * confirmed it yet, or the network loses the answers of the checks.
   */
  confirming: false as false | 'bank' | 'network',
  order: null as ValidatedOrder | null,
  /** The linked Edenred account's balance in cents; null until fetched. */
  edenredBalance: null as number | null,
  /** What Edenred accepts today (the balance within the 25 € daily cap); null until fetched. */
  edenredUsable: null as number | null,
  /**
   * Edenred refused the balance's payment of this pre-order (its own daily cap, spent at other shops
   * too, or its funds): the block stops offering what Edenred just refused, and says why.
   */
  edenredRefusal: null as { preOrderId: number; message: string } | null,
  /** The widget session of the voucher-provider form, once opened. */
  widget: null as EdenredWidget | null,
  /** The pre-order whose customer confirmed their employer allows meal vouchers on its Sunday or holiday. */
  restDayConfirmed: null as number | null,
});

/** The payment modal's three sections: recap, paper vouchers, the provider's widget. */
export type PaymentScreen = 'recap' | 'vouchers' | 'edenred';

export function showRecap() {
  payment.screen = 'recap';
}
