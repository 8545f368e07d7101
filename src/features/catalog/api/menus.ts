import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineReadable } from '../../../lib/offline-queries';
import { recordServedAt } from '../../../lib/served-at';
/** The catalog's schemas load with the answers (no zod on the first screen). */
const catalogSchemas = () => import('../../../shared/api/catalog');

/** The formulas of a delivery date (GET /api/menus?date=). */
export const menusQuery = (date: string | null) =>
  queryOptions({
    queryKey: ['menus', date],
    queryFn: ({ signal, queryKey }) => api(`/api/menus${date ? `?date=${date}` : ''}`, { schema: () => catalogSchemas().then((m) => m.menusSchema), signal, onResponse: recordServedAt(queryKey) }),
    staleTime: 60_000,
    ...offlineReadable,
  });
