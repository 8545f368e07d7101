import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineReadable } from '../../../lib/offline-queries';
import { recordServedAt } from '../../../lib/served-at';
import { hadNews } from './dish-news';
import { PUBLIC_READS, publicReadUrl } from '../../../shared/api/public-reads';
/** The catalog's schemas load with the answers (no zod on the first screen). */
const catalogSchemas = () => import('../../../shared/api/catalog');

/** The formulas of a delivery date (GET /api/menus?date=). */
export const menusQuery = (date: string | null) =>
  queryOptions({
    queryKey: [...PUBLIC_READS.menus.key, date],
    queryFn: ({ signal, queryKey }) => api(publicReadUrl('menus', { date }), { schema: () => catalogSchemas().then((m) => m.menusSchema), signal, onResponse: recordServedAt(queryKey), revalidate: hadNews(date) }),
    staleTime: PUBLIC_READS.menus.staleMs,
    ...offlineReadable,
  });
