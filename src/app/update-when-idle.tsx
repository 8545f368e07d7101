import { useSnapshot } from 'valtio';
import { payment } from '../features/payment/payment-store';
import { UpdateNotice } from '../components/ui/update-notice';
import { useOverlayOpen } from '../lib/popins-store';

/** A new version waits while a payment is under way or a panel or pop-in (a form) is open. */
export function UpdateWhenIdle() {
  const overlayOpen = useOverlayOpen();
  const { loader, confirming } = useSnapshot(payment);
  return <UpdateNotice busy={overlayOpen || loader || Boolean(confirming)} kept="Votre panier est conservé." />;
}
