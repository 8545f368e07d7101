import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offlineReadable } from '../../../lib/offline-queries';
import { recordServedAt } from '../../../lib/served-at';
import { hadNews } from './dish-news';
import { PUBLIC_READS, publicReadUrl } from '../../../shared/api/public-reads';
import { HOMEPAGE_PRODUCTS } from '../../../shared/constants';
/** The catalog's schemas load with the answers (no zod on the first screen). */
const catalogSchemas = () => import('../../../shared/api/catalog');

/** 8 random dishes of the day for the home page. Kept for the visit: a refetch would reshuffle. */
export const shuffleQuery = (date: string | null) =>
  queryOptions({
    queryKey: [...PUBLIC_READS.shuffle.key, date],
    queryFn: ({ signal, queryKey }) =>
      api(publicReadUrl('shuffle', { number: HOMEPAGE_PRODUCTS, date }), { schema: () => catalogSchemas().then((m) => m.productListSchema), signal, onResponse: recordServedAt(queryKey), revalidate: hadNews(date) }),
    staleTime: PUBLIC_READS.shuffle.staleMs,
    ...offlineReadable,
  });

/** Every dish cooked on a date, sold-out ones included (the order page). */
export const dayProductsQuery = (date: string | null) =>
  queryOptions({
    queryKey: [...PUBLIC_READS.dayProducts.key, date],
    queryFn: ({ signal, queryKey }) => api(publicReadUrl('dayProducts', { date }), { schema: () => catalogSchemas().then((m) => m.productListSchema), signal, onResponse: recordServedAt(queryKey), revalidate: hadNews(date) }),
    staleTime: PUBLIC_READS.dayProducts.staleMs,
    ...offlineReadable,
  });

/** One dish by id or slug, with its availability on a date. */
export const productQuery = (idOrSlug: string, date: string | null) =>
  queryOptions({
    queryKey: [...PUBLIC_READS.product.key, idOrSlug, date],
    queryFn: ({ signal, queryKey }) =>
      api(publicReadUrl('product', { date }, idOrSlug), { schema: () => catalogSchemas().then((m) => m.productDetailSchema), signal, onResponse: recordServedAt(queryKey), revalidate: hadNews(date) }),
    staleTime: PUBLIC_READS.product.staleMs,
    ...offlineReadable,
  });
