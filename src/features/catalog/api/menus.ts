import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { menusSchema } from '../../../shared/api/catalog';

/** The formulas of a delivery date (GET /api/menus?date=). */
export const menusQuery = (date: string | null) =>
  queryOptions({
    queryKey: ['menus', date],
    queryFn: ({ signal }) => api(`/api/menus${date ? `?date=${date}` : ''}`, { schema: menusSchema, signal }),
    staleTime: 60_000,
  });
