import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineReadable } from '../../../lib/offline-queries';
import { recordServedAt } from '../../../lib/served-at';
import type { SelectDeliveryBody } from '../../../shared/api/delivery';
import { PUBLIC_READS, publicReadUrl } from '../../../shared/api/public-reads';
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
    mutationFn: (body: SelectDeliveryBody) => api('/api/deliveries', { method: 'POST', body, schema: () => deliverySchemas().then((m) => m.deliverySchema) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['state'] }),
  });
}
