import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, NetworkError } from '../../../lib/api-client';
import { appStateQuery } from '../../../lib/app-state';
import { offlineReadable } from '../../../lib/offline-queries';
import { recordServedAt } from '../../../lib/served-at';
import type { SelectDeliveryBody } from '../../../shared/api/delivery';
import { PUBLIC_READS, publicReadUrl } from '../../../shared/api/public-reads';
import { call } from '../../../lib/api-call';
import { DELIVERY } from '../../../shared/api/routes/delivery';
/** The delivery schemas load with the answers (no zod on the first screen). */
const deliverySchemas = () => import('../../../shared/api/delivery');

/** The delivery points with their slots on a date (GET /api/delivery-locations?date=). */
export const deliveryLocationsQuery = (date: string | null) =>
  queryOptions({
    queryKey: [...PUBLIC_READS.deliveryLocations.key, date],
    queryFn: ({ signal, queryKey }) =>
      api(publicReadUrl('deliveryLocations', { date }), { schema: () => deliverySchemas().then((m) => m.deliveryLocationsSchema), signal, onResponse: recordServedAt(queryKey) }),
    staleTime: PUBLIC_READS.deliveryLocations.staleMs,
    ...offlineReadable,
  });

/** POST /api/deliveries: the chosen slot (and a company point's code); the app state (current delivery) is refreshed after. */
export function useSelectDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SelectDeliveryBody) => {
      try {
        return await call(DELIVERY.postDeliveries, { body });
      } catch (err) {
        // Sent, but its answer lost or stalled: the choice may have been applied. The state says
        // what the server holds; the same slot there is the choice made, not a failure.
        if (!(err instanceof NetworkError) || err.unsent) throw err;
        const state = await queryClient.fetchQuery({ ...appStateQuery, staleTime: 0 }).catch(() => null);
        if (state?.current_delivery?.id === body.id) return state.current_delivery;
        throw err;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['state'] }),
  });
}
