import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineReadable } from '../../../lib/offline-queries';
import { recordServedAt } from '../../../lib/served-at';
/** The catalog's schemas load with the answers (no zod on the first screen). */
const catalogSchemas = () => import('../../../shared/api/catalog');
import { HOMEPAGE_PRODUCTS } from '../../../shared/constants';

const dateQuery = (date: string | null) => (date ? `date=${date}` : '');

/** 8 random dishes of the day for the home page. Kept for the visit: a refetch would reshuffle. */
export const shuffleQuery = (date: string | null) =>
  queryOptions({
    queryKey: ['products', 'shuffle', date],
    queryFn: ({ signal, queryKey }) => api(`/api/products/shuffle?number=${HOMEPAGE_PRODUCTS}&${dateQuery(date)}`, { schema: () => catalogSchemas().then((m) => m.productListSchema), signal, onResponse: recordServedAt(queryKey) }),
    staleTime: Infinity,
    ...offlineReadable,
  });

/** Every dish cooked on a date, sold-out ones included (the order page). */
export const dayProductsQuery = (date: string | null) =>
  queryOptions({
    queryKey: ['products', 'day', date],
    queryFn: ({ signal, queryKey }) => api(`/api/products?${dateQuery(date)}`, { schema: () => catalogSchemas().then((m) => m.productListSchema), signal, onResponse: recordServedAt(queryKey) }),
    staleTime: 60_000,
    ...offlineReadable,
  });

/** One dish by id or slug, with its availability on a date. */
export const productQuery = (idOrSlug: string, date: string | null) =>
  queryOptions({
    queryKey: ['products', idOrSlug, date],
    queryFn: ({ signal, queryKey }) => api(`/api/products/${encodeURIComponent(idOrSlug)}?${dateQuery(date)}`, { schema: () => catalogSchemas().then((m) => m.productDetailSchema), signal, onResponse: recordServedAt(queryKey) }),
    staleTime: 60_000,
    ...offlineReadable,
  });
