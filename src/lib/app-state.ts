import { queryOptions } from '@tanstack/react-query';
import { shopOpenSchema, stateSchema } from '../shared/api/state';
import { api } from './api-client';

/** GET /api/state: customer, delivery, cart, settings and contact types (refreshed after changes). */
export const appStateQuery = queryOptions({
  queryKey: ['state'],
  queryFn: ({ signal }) => api('/api/state', { schema: stateSchema, signal }),
  staleTime: 30_000,
});

export const shopOpenQuery = queryOptions({
  queryKey: ['state', 'shop-open'],
  queryFn: ({ signal }) => api('/api/state/shop-open', { schema: shopOpenSchema, signal }),
  staleTime: 60_000,
});
