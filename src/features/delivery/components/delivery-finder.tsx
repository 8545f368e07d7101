import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/ui/alert';
import { DataAge } from '../../../components/ui/data-age';
import { QueryStatus } from '../../../components/ui/query-status';
import { useAppState, useDeliveryDate } from '../../../lib/app-state';
import { closePanel, panelReturnsTo } from '../../../lib/panel-history';
import { notify } from '../../../lib/snackbar-store';
import type { Delivery, DeliveryLocation } from '../../../shared/api/delivery';
import { byDistance } from '../../../shared/geo';
import { deliveryLocationsQuery } from '../api/locations';
import { deliverySearch } from '../delivery-search-store';
import { mapCenter } from '../search-rules';
import { slotLabel } from '../slot-labels';
import { DeliverySelector, type IndexedLocation } from './delivery-selector';
import styles from './delivery-finder.module.css';

/** After an address search, the map opens on the nearest points. */
const NEAREST_FRAMED = 3;

/** The last search's view of the list: its matches, or every point nearest the place first. */
function arrange(all: DeliveryLocation[], search: { matchIds: readonly number[] | null; near: { lat: number; lng: number } | null }): IndexedLocation[] {
  const indexed = all.map((l, i) => ({ ...l, index: i + 1 }));
  if (search.matchIds) return search.matchIds.map((id) => indexed.find((l) => l.id === id)).filter((l): l is IndexedLocation => Boolean(l));
  if (search.near) return byDistance(indexed, search.near);
  return indexed;
}

/**
 * The delivery points and their slots for the current delivery date; a choice is saved, then the
 * customer goes to the order page unless already there.
 */
export function DeliveryFinder() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { data: state } = useAppState();
  const search = useSnapshot(deliverySearch);
  const date = useDeliveryDate();
  const options = { ...deliveryLocationsQuery(date), enabled: Boolean(date) };
  const locations = useQuery(options);

  function onChosen(delivery: Delivery) {
    const { delivery_location: location } = delivery;
    notify({ title: 'Point de livraison enregistré', message: `${location.name} — ${slotLabel(delivery, location.is_private)}`, type: 'success' });
    // In place of the selector's entry (it goes with its address): back from the order page is the
    // page the selector was opened on, not the selector again.
    // Chosen from the cart: the cart shows again, on this page.
    if (panelReturnsTo() || pathname.startsWith('/passer-commande')) closePanel('deliverySelector');
    else void navigate({ to: '/passer-commande', replace: true });
  }

  return (
    <QueryStatus query={locations} loading="Chargement des points de livraison…" error="Impossible de charger les points de livraison.">
      {(data) => {
        const shown = arrange(data, search);
        return (
          <>
            <DataAge label="Points de livraison" query={{ queryKey: options.queryKey, dataUpdatedAt: locations.dataUpdatedAt }} />
            {search.note ? (
              <Alert tone="info" className={styles.note}>
                {search.note}
              </Alert>
            ) : null}
            {/* A new search starts the selection over on its best result. */}
            <DeliverySelector key={shown.map((l) => l.id).join(',')} locations={shown} center={mapCenter(state?.settings ?? {})}
              frameFirst={search.near ? NEAREST_FRAMED : undefined}
              currentDeliveryId={state?.current_delivery?.id ?? null}
              loggedIn={Boolean(state?.customer?.id)}
              usualLocationId={state?.usual_delivery_location_id ?? null}
              onChosen={onChosen}
            />
          </>
        );
      }}
    </QueryStatus>
  );
}
