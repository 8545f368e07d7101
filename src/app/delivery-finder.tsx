import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { QueryStatus } from '../components/ui/query-status';
import { deliveryLocationsQuery } from '../features/delivery/api/locations';
import { DeliverySelector } from '../features/delivery/components/delivery-selector';
import { slotLabel } from '../features/delivery/slot-labels';
import { appStateQuery } from '../lib/app-state';
import { closeModal } from '../lib/overlays-store';
import { notify } from '../lib/snackbar-store';
import type { Delivery } from '../shared/api/delivery';

/**
 * The delivery points and their slots for the current delivery date; a choice is saved, then the
 * customer goes to the order page unless already there (shop.md §2).
 */
export function DeliveryFinder() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { data: state } = useQuery(appStateQuery);
  const date = state?.current_delivery_date ?? null;
  const locations = useQuery({ ...deliveryLocationsQuery(date), enabled: Boolean(date) });

  function onChosen(delivery: Delivery) {
    closeModal('delivery_selector');
    const { delivery_location: location } = delivery;
    notify({ title: 'Point de livraison enregistré', message: `${location.name} — ${slotLabel(delivery, location.is_private)}`, type: 'success' });
    if (!pathname.startsWith('/passer-commande')) void navigate({ to: '/passer-commande' });
  }

  return (
    <QueryStatus query={locations} loading="Chargement des points de livraison…" error="Impossible de charger les points de livraison.">
      {(data) => <DeliverySelector locations={data} currentDeliveryId={state?.current_delivery?.id ?? null} onChosen={onChosen} />}
    </QueryStatus>
  );
}
