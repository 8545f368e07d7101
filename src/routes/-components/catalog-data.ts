import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { appStateQuery } from '../../lib/app-state';

/** The current delivery date, from the app state (null until known or when nothing is planned). */
export function useDeliveryDate(): string | null {
  return useQuery(appStateQuery).data?.current_delivery_date ?? null;
}

/** Loaders: the delivery date, or null when the state cannot be had (the page shows its own error). */
export async function loadDeliveryDate(queryClient: QueryClient): Promise<string | null> {
  try {
    return (await queryClient.ensureQueryData(appStateQuery)).current_delivery_date;
  } catch {
    return null;
  }
}
