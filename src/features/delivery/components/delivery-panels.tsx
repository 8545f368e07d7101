import { Dialog } from '../../../components/ui/dialog';
import type { OverlayProps } from '../../../lib/lazy-overlay';
import { closePanel, openPanel } from '../../../lib/panel-history';
import { DeliveryFinder } from './delivery-finder';
import { DeliverySuggestion } from './delivery-suggestion';

/** The delivery selector panel (`?volet=livraison`): the points and their slots of the delivery date. */
export function DeliverySelectorPanel({ open }: OverlayProps) {
  return (
    <Dialog open={open} title="Choisir mon point de livraison" onClose={() => closePanel('deliverySelector')} placement="panel-right" wide>
      <DeliveryFinder />
    </Dialog>
  );
}

/** Where to lunch (`?volet=ou-dejeuner`): a tricycle stop or the office, offered on the search's first focus. */
export function DeliverySuggestionPanel({ open }: OverlayProps) {
  return (
    <Dialog open={open} title="Où voulez-vous déjeuner ?" onClose={() => closePanel('suggestion')}>
      <DeliverySuggestion suggestUrl={import.meta.env.VITE_DELIVERY_SUGGEST_URL || '/entreprises'} onTricycle={() => openPanel('deliverySelector')} />
    </Dialog>
  );
}
